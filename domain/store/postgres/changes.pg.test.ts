import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { freshPostgresUrl } from '../../../server/testing/postgres';
import { changesSince, DRAFT_TIME, draftOrder, insertDraft } from '../../../server/testing/drafts';
import { stamped } from '../rows';
import { openPostgres } from './database';
import { groupCommit } from './groupCommit';
import { insertOrder } from './orders';
import { stampedAtSeal, UNSEALED } from './changeClock';
import { postgresOrderStore } from './store';

/**
 * The change clock (docs/api.md §8) on PostgreSQL, where several processes write at once: stamps
 * rise in commit order whatever the processes' clocks say, so a reader asking from the
 * greatest stamp it has seen gets every later change.
 */

const at = (ms: number) => () => new Date(DRAFT_TIME + ms);
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A store on the database at `url`, as another central process opens it: its own connections and clock. */
async function process(url: string, clock: () => Date) {
  const store = postgresOrderStore(await openPostgres(url), url, clock);
  closers.push(() => store.close());
  return store;
}

describe('the change clock on PostgreSQL', () => {
  it('stamps a change of a process whose clock is 2 minutes behind after what a reader has already seen', async () => {
    const url = await freshPostgresUrl();
    const ahead = await process(url, at(0));
    const behind = await process(url, at(-120_000));
    const first = await insertDraft(ahead);
    expect(first.order.lastUpdatedOn).toBe(new Date(DRAFT_TIME).toISOString());
    const seen = first.order.lastUpdatedOn;
    const second = await insertDraft(behind);
    const changed = await behind.update({ ...first, version: 1 }, 0);
    expect(second.order.lastUpdatedOn > seen).toBe(true);
    expect(changed!.order.lastUpdatedOn > second.order.lastUpdatedOn).toBe(true);
    expect((await changesSince(ahead, seen)).map((c) => c.orderId)).toEqual([second.order.orderId, first.order.orderId]);
    expect((await ahead.get(first.order.orderId))!.order.lastUpdatedOn).toBe(changed!.order.lastUpdatedOn);
  });

  it('never commits a change behind a stamp a reader saw while another process’s batch was open', async () => {
    const url = await freshPostgresUrl();
    const reader = await process(url, at(0));
    const before = await insertDraft(reader);
    const writer = await process(url, at(0));
    // Another process's write batch: it has taken its stamp and written, not yet committed.
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    closers.push(() => other.end());
    await other.query('BEGIN');
    const { rows } = await other.query<{ stamp: string }>(
      'UPDATE change_clock SET stamp = GREATEST(stamp + 1, $1) WHERE id = 1 RETURNING stamp',
      [DRAFT_TIME],
    );
    const openStamp = new Date(Number(rows[0]!.stamp)).toISOString();
    await other.query(
      `INSERT INTO orders (order_id, touchpoint_id, external_order_id, order_number, customer_profile_id, customer_fixed,
         status_id, created_on, last_updated_on, version, doc) VALUES ('open-batch', 501, NULL, 'X1', 0, false, 1, $1, $1, 0,
           json_build_object('orderId', 'open-batch', 'lastUpdatedOn', $1::text)::text)`,
      [openStamp],
    );
    let committed = false;
    const insert = insertDraft(writer).then((made) => ((committed = true), made));
    // The writer's batch waits for the open one: it cannot take a stamp yet, so a reader sees neither.
    await expect.poll(async () => (await other.query('SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted')).rows[0].n).toBe(1);
    expect(committed).toBe(false);
    const midway = await changesSince(reader, before.order.lastUpdatedOn);
    expect(midway.map((c) => c.orderId)).toEqual([before.order.orderId]);
    await other.query('COMMIT');
    const made = await insert;
    expect(made.order.lastUpdatedOn > openStamp).toBe(true);
    // From the greatest stamp it had seen, the reader gets both: nothing was committed behind it.
    const cursor = midway.at(-1)!.lastUpdatedOn;
    expect((await changesSince(reader, cursor)).map((c) => c.orderId)).toEqual([before.order.orderId, 'open-batch', made.order.orderId]);
  });

  it('lets another process commit while a batch is still writing: the batch takes its stamp at its seal, after it', async () => {
    const url = await freshPostgresUrl();
    const other = await process(url, at(0));
    const pool = await openPostgres(url);
    closers.push(() => pool.end());
    const write = groupCommit(pool, stampedAtSeal(at(0)));
    const slow = { ...draftOrder(), version: 0 };
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let wrote = () => {};
    const writing = new Promise<void>((resolve) => (wrote = resolve));
    const held = write(
      async (client, written) => {
        await insertOrder(client, stamped({ ...slow, order: { ...slow.order, orderNumber: 'S1' } }, UNSEALED));
        written.orders.push(slow.order.orderId);
        wrote();
        await gate;
        return slow.order.orderId;
      },
      (id, stamp) => `${id} ${stamp}`,
    );
    await writing;
    // The other process's batch neither waits for the one still writing nor sees its row.
    const quick = await insertDraft(other);
    expect((await changesSince(other, quick.order.lastUpdatedOn)).map((c) => c.orderId)).toEqual([quick.order.orderId]);
    release();
    const [, stamp] = (await held).split(' ');
    expect(stamp! > quick.order.lastUpdatedOn).toBe(true);
    const stored = (await other.get(slow.order.orderId))!.order;
    expect(stored.lastUpdatedOn).toBe(stamp);
    // From the greatest stamp it had seen, a reader gets the batch that committed after it.
    expect((await changesSince(other, quick.order.lastUpdatedOn)).map((c) => c.orderId)).toEqual([quick.order.orderId, slow.order.orderId]);
  });

  it('answers a batch that can get no connection (the pool ended as the process stops) with the error', async () => {
    const pool = await openPostgres(await freshPostgresUrl());
    const write = groupCommit(pool, stampedAtSeal(at(0)));
    await pool.end();
    await expect(write(async () => 'written')).rejects.toThrow(/pool/);
  });

  it('gives a batch of concurrent writes one stamp, and numbers orders from the sequence', async () => {
    const store = await process(await freshPostgresUrl(), at(0));
    const batch = await Promise.all([insertDraft(store), insertDraft(store), insertDraft(store)]);
    const next = await insertDraft(store);
    expect(new Set(batch.map((r) => r.order.lastUpdatedOn)).size).toBe(1);
    expect(Date.parse(next.order.lastUpdatedOn) - Date.parse(batch[0]!.order.lastUpdatedOn)).toBe(1);
    expect([...batch, next].map((r) => r.order.orderNumber)).toEqual(['N1', 'N2', 'N3', 'N4']);
  });

  it('keeps deletions as tombstones stamped by the same clock, and refuses a stale version', async () => {
    const store = await process(await freshPostgresUrl(), at(0));
    const [a, b] = [await insertDraft(store), await insertDraft(store)];
    expect(await store.remove(a.order.orderId, 7)).toBe(false);
    expect(await store.remove(a.order.orderId, 0)).toBe(true);
    expect(await store.get(a.order.orderId)).toBeUndefined();
    const page = await store.listDeleted({}, 10, null);
    expect(page.rows).toEqual([{ orderId: a.order.orderId, externalOrderId: null, touchpointId: 501, deletedOn: expect.any(String) }]);
    expect(page.rows[0]!.deletedOn > b.order.lastUpdatedOn).toBe(true);
    expect((await store.listDeleted({ touchpointId: 502 }, 10, null)).rows).toEqual([]);
  });
});
