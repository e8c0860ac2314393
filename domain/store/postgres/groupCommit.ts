import type pg from 'pg';

interface Pending<C, S> {
  write: (client: pg.PoolClient, context: C) => Promise<unknown>;
  /** Times PostgreSQL chose this write to break a deadlock. */
  deadlocks: number;
  finish: (value: unknown, sealed: S) => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const DEADLOCK_DETECTED = '40P01';
/** A write chosen to break a deadlock this often is refused with it, rather than tried for ever. */
const MAX_DEADLOCKS = 3;

/** How a batch begins and ends. */
export interface BatchRules<C, S> {
  /** A fresh context for each batch, handed to each of its writes (what they wrote, say). */
  open: () => C;
  /** Runs after the batch's writes, last before its commit; what it answers finishes each write's value. */
  seal: (client: pg.PoolClient, context: C) => Promise<S>;
  /** Hears how many writes each committed batch held (those undone by a deadlock go in the next). */
  committed?: (size: number) => void;
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
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown } | { again: true })[] = [];
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
          await client.query('ROLLBACK TO SAVEPOINT write');
          // The batches of several processes write at once (only their seals take turns), so two
          // that wait on each other's rows deadlock, and PostgreSQL undoes one write. Undone, it
          // goes in the next batch, after this one's commit has freed what the other waited for.
          const deadlock = (error as { code?: string }).code === DEADLOCK_DETECTED && ++item.deadlocks < MAX_DEADLOCKS;
          outcomes.push(deadlock ? { again: true } : { ok: false, error });
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
    if (broken === undefined) rules.committed?.(outcomes.filter((o) => !('again' in o)).length);
    const again: Pending<C, S>[] = [];
    batch.forEach((item, i) => {
      const outcome = outcomes[i];
      if (broken !== undefined || !outcome) item.reject(broken);
      else if ('again' in outcome) again.push(item);
      else if (outcome.ok) item.resolve(item.finish(outcome.value, sealed!));
      else item.reject(outcome.error);
    });
    queue.unshift(...again);
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
        deadlocks: 0,
        finish: finish as (value: unknown, sealed: S) => unknown,
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      if (queue.length === 1 && !flushing) setImmediate(() => void flush());
    });
  };
}
