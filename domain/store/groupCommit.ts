import type { Database } from 'better-sqlite3';

interface Pending {
  write: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit: the writes that arrive while the event loop is busy are committed together,
 * in one transaction and so one disk sync, instead of one sync each. Each write runs in its
 * own savepoint, so one that fails (a duplicate externalOrderId) is undone alone and the
 * others commit. Every caller is answered only after the commit: nothing is confirmed
 * before it is on disk.
 */
export function groupCommit(db: Database) {
  let queue: Pending[] = [];

  function flush() {
    const batch = queue;
    queue = [];
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      db.transaction(() => {
        for (const item of batch) {
          try {
            outcomes.push({ ok: true, value: db.transaction(item.write)() });
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
    batch.forEach((item, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) item.resolve(outcome.value);
      else item.reject(outcome.error);
    });
  }

  return function write<T>(run: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      queue.push({ write: run, resolve: resolve as (value: unknown) => void, reject });
      if (queue.length === 1) setImmediate(flush);
    });
  };
}
