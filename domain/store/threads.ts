import { Worker } from 'node:worker_threads';

/** The thread entry `name` beside the module at `base`, in its language: `.ts` run from sources, `.js` built. */
export const threadEntry = (name: string, base: string) => new URL(`./${name}${base.endsWith('.ts') ? '.ts' : '.js'}`, base);

/**
 * A thread running `entry` with `data` as its workerData. Run from TypeScript sources (tsx,
 * vitest), it starts in tsxThread.mjs, which registers tsx's loader before importing the entry.
 */
export function startThread(entry: URL, data: Record<string, unknown>): Worker {
  const start = entry.pathname.endsWith('.ts') ? new URL('./tsxThread.mjs', import.meta.url) : entry;
  return new Worker(start, { workerData: { ...data, entry: entry.href } });
}
