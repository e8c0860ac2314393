import type pg from 'pg';

interface Pending<C> {
  write: (client: pg.PoolClient, context: C) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit on PostgreSQL: the writes that arrive while a batch is being committed wait
 * and go together in the next one, one transaction and so one WAL flush for all of them.
 * Each runs in its own savepoint, so one that fails (a duplicate externalOrderId) is undone
 * alone and the others commit; every caller is answered only after the commit. `begin`
 * runs first in each transaction; what it answers (the batch's change stamp) is handed to
 * every write of the batch.
 */
export function groupCommit<C>(pool: pg.Pool, begin: (client: pg.PoolClient) => Promise<C>) {
  let queue: Pending<C>[] = [];
  let flushing = false;

  async function commit(batch: Pending<C>[]): Promise<void> {
    const client = await pool.connect();
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    let broken: unknown;
    try {
      await client.query('BEGIN');
      const context = await begin(client);
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
      else if (outcome.ok) item.resolve(outcome.value);
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

  return function write<T>(run: (client: pg.PoolClient, context: C) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      queue.push({ write: run, resolve: resolve as (value: unknown) => void, reject });
      if (queue.length === 1 && !flushing) setImmediate(() => void flush());
    });
  };
}
