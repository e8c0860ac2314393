import type pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { freshPostgresUrl } from '../../../server/testing/postgres';
import { draftOrder } from '../../../server/testing/drafts';
import { stamped } from '../rows';
import { openPostgres } from './database';
import { groupCommit } from './groupCommit';
import { insertOrder } from './orders';
import { stampedAtSeal, UNSEALED, type Written } from './changeClock';

/**
 * The group commit of two central processes whose batches write at once: two batches that wait
 * on each other's rows deadlock, and the write PostgreSQL undoes to break it is tried again in
 * its process's next batch, not refused with the deadlock.
 */

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

type Commit = ReturnType<typeof groupCommit<Written, string>>;

/** A signal one write gives and another waits for. */
function signal() {
  let give = () => {};
  const given = new Promise<void>((resolve) => (give = resolve));
  return { give, given };
}

describe('group commit on PostgreSQL, two processes', () => {
  it('breaks a deadlock between two batches: each externalOrderId is taken once, and the other write hears it is taken', async () => {
    const url = await freshPostgresUrl();
    const processes = await Promise.all([openPostgres(url), openPostgres(url)]);
    closers.push(...processes.map((pool) => () => pool.end()));
    const [a, b] = processes.map((pool) =>
      groupCommit(
        pool,
        stampedAtSeal(() => new Date()),
      ),
    ) as [Commit, Commit];
    let numbers = 0;
    const insert =
      (externalOrderId: string, after?: Promise<void>, done?: () => void) => async (client: pg.PoolClient, written: Written) => {
        const draft = draftOrder();
        const record = { ...draft, order: { ...draft.order, externalOrderId, orderNumber: `D${++numbers}` } };
        await insertOrder(client, stamped(record, UNSEALED));
        written.orders.push(record.order.orderId);
        done?.();
        await after;
        return externalOrderId;
      };
    const aFirst = signal();
    const bFirst = signal();
    // Each process takes one externalOrderId, waits until the other has taken the other one, then
    // asks for the other's: each waits on the other's row.
    const outcomes = await Promise.allSettled([
      a(insert('E1', bFirst.given, aFirst.give)),
      a(insert('E2')),
      b(insert('E2', aFirst.given, bFirst.give)),
      b(insert('E1')),
    ]);
    const codes = outcomes.map((o) => (o.status === 'fulfilled' ? o.value : (o.reason as { code?: string }).code));
    expect(codes.slice(0, 1).concat(codes.slice(2, 3))).toEqual(['E1', 'E2']);
    // The second write of each process finds the other's row: a duplicate, never the deadlock.
    expect([codes[1], codes[3]]).toEqual(['23505', '23505']);
  });
});
