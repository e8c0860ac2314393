import type { Database } from 'better-sqlite3';
import { AsyncResource } from 'node:async_hooks';

interface Pending<C> {
  write: (context: C) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: the writes that arrive while the event loop is busy are committed together,
 * in one transaction and so one disk sync, instead of one sync each. Each write runs in its
 * own savepoint, so one that fails (a duplicate externalOrderId) is undone alone and the
 * others commit. Every caller is answered only after the commit: nothing is confirmed
 * before it is on disk. `begin` runs first in each transaction, holding the write lock,
 * and what it answers is handed to every write of the batch (the batch's change stamp).
 * `onBatch` hears each committed batch's size (the central's metrics).
 */
export function groupCommit<C = void>(db: Database, begin: () => C = () => undefined as C, onBatch?: (size: number) => void) {
  let queue: Pending<C>[] = [];

  function flush() {
    const batch = queue;
    queue = [];
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      db.transaction(() => {
        const context = begin();
        for (const item of batch) {
          try {
            outcomes.push({ ok: true, value: db.transaction(item.write)(context) });
          } catch (error) {
            outcomes.push({ ok: false, error });
          }
        }
      }).immediate();
    } catch (error) {
      // The commit itself failed (disk full, I/O error): nothing of the batch was written.
      batch.forEach((item) => item.reject(error));
      return;
    }
    onBatch?.(batch.length);
    batch.forEach((item, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) item.resolve(outcome.value);
      else item.reject(outcome.error);
    });
  }

  return function write<T>(run: (context: C) => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      // Each write runs in its caller's async context, not the one that happened to start the batch.
      // (A resource of its own rather than AsyncResource.bind, whose bound function defines a
      // deprecated getter on every call: a few per cent of a counter's sale.)
      const caller = new AsyncResource('groupCommit.write');
      const write = (context: C) => caller.runInAsyncScope(run, null, context);
      queue.push({ write, resolve: resolve as (value: unknown) => void, reject });
      if (queue.length === 1) setImmediate(flush);
    });
  };
}
