import type { InitializeHook, ResolveHook } from 'node:module';

/**
 * Module resolve hook registered by useBinariesIn (postgresBinaries.ts): the one import of the
 * binaries' package resolves to the copy the `postgres` user can reach; every other import as usual.
 */

let redirect: { specifier: string; url: string } | undefined;

export const initialize: InitializeHook<{ specifier: string; url: string }> = (data) => {
  redirect = data;
};

export const resolve: ResolveHook = (specifier, context, next) =>
  specifier === redirect?.specifier ? { url: redirect.url, shortCircuit: true } : next(specifier, context);
