import type pg from 'pg';

interface Pending<C, S> {
  write: (client: pg.PoolClient, context: C) => Promise<unknown>;
  finish: (value: unknown, sealed: S) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** How a batch begins and ends. */
export interface BatchRules<C, S> {
  /** A fresh context for each batch, handed to each of its writes (what they wrote, say). */
  open: () => C;
  /** Runs after the batch's writes, last before its commit; what it answers finishes each write's value. */
  seal: (client: pg.PoolClient, context: C) => Promise<S>;
}

/**
 * Group commit on PostgreSQL: the writes that arrive while a batch is being committed wait
 * and go together in the next one, one transaction and so one WAL flush for all of them.
 * Each runs in its own savepoint, so one that fails (a duplicate externalOrderId) is undone
 * alone and the others commit; every caller is answered only after the commit. `seal` runs
 * after the writes, just before the commit (the batch's change stamp is taken there), and
 * each write's value is finished with what it answers.
 */
export function groupCommit<C, S>(pool: pg.Pool, rules: BatchRules<C, S>) {
  let queue: Pending<C, S>[] = [];
  let flushing = false;

  async function commit(batch: Pending<C, S>[]): Promise<void> {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      // No connection (the database is down, or the pool ended as the process stops): the
      // batch's callers hear why, and nothing is left to throw where no one listens.
      batch.forEach((item) => item.reject(error));
      return;
    }
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    let broken: unknown;
    let sealed: S | undefined;
    try {
      await client.query('BEGIN');
      const context = rules.open();
      for (const item of batch) {
        await client.query('SAVEPOINT write');
        try {
          outcomes.push({ ok: true, value: await item.write(client, context) });
          await client.query('RELEASE SAVEPOINT write');
        } catch (error) {
          outcomes.push({ ok: false, error });
          await client.query('ROLLBACK TO SAVEPOINT write');
        }
      }
      sealed = await rules.seal(client, context);
      await client.query('COMMIT');
    } catch (error) {
      // The transaction itself failed (connection lost, commit refused): nothing of the batch was written.
      broken = error;
      await client.query('ROLLBACK').catch(() => {});
    } finally {
      client.release(broken instanceof Error ? broken : undefined);
    }
    batch.forEach((item, i) => {
      const outcome = outcomes[i];
      if (broken !== undefined || !outcome) item.reject(broken);
      else if (outcome.ok) item.resolve(item.finish(outcome.value, sealed!));
      else item.reject(outcome.error);
    });
  }

  async function flush(): Promise<void> {
    flushing = true;
    try {
      while (queue.length > 0) {
        const batch = queue;
        queue = [];
        await commit(batch);
      }
    } finally {
      flushing = false;
    }
  }

  return function write<T>(
    run: (client: pg.PoolClient, context: C) => Promise<T>,
    finish: (value: T, sealed: S) => T = (value) => value,
  ): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      queue.push({
        write: run,
        finish: finish as (value: unknown, sealed: S) => unknown,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      if (queue.length === 1 && !flushing) setImmediate(() => void flush());
    });
  };
}
