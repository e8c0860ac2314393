import { holdsVitestPool, keepWorkers } from './patch.mjs';

/** Node's load hook (registered by register.mjs): Vitest's pool chunk, edited by patch.mjs. */
export async function load(url, context, nextLoad) {
  const loaded = await nextLoad(url, context);
  if (!/\/node_modules\/vitest\/dist\/chunks\/[^/]+\.js$/.test(url)) return loaded;
  const source = typeof loaded.source === 'string' ? loaded.source : new TextDecoder().decode(loaded.source);
  return holdsVitestPool(source) ? { ...loaded, source: keepWorkers(source) } : loaded;
}
