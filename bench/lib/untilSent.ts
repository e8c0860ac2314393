import { performance } from 'node:perf_hooks';
import type { SyncStatus } from '../../shared/ipc';
import type { createCounter } from '../../electron/core/counter';

/**
 * Seconds from the engine's start until it reports, left alone (its own rounds, back-off and
 * timers, no `settle()`), nothing pending and no error; refused or set-aside orders stop the
 * benchmark: a queue is sent only when every order got on.
 */
export async function secondsUntilSent(counter: Awaited<ReturnType<typeof createCounter>>): Promise<number> {
  const done = new Promise<SyncStatus>((resolve) => {
    counter.on('sync.changed', (s) => s.pending === 0 && s.lastError === null && resolve(s));
  });
  const start = performance.now();
  counter.test.engine.start();
  const status = await done;
  const seconds = (performance.now() - start) / 1000;
  if (status.rejected > 0 || status.setAside > 0) throw new Error(`sync did not take every order: ${JSON.stringify(status)}`);
  return seconds;
}
