import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../server/testing/fixtures';
import { changesSince, DRAFT_TIME, draftOrder, insertDraft } from '../../../server/testing/drafts';
import { openDatabase } from './database';
import { sqliteOrderStore, type SqliteWriteHook } from './store';

/**
 * The change clock (docs/api.md §8): a reader that asks for changes from the greatest
 * lastUpdatedOn (or deletedOn) it has seen gets every later change, whatever the writers'
 * clocks say and however their transactions interleave with its reads.
 */

const T = DRAFT_TIME;
const at = (ms: number) => () => new Date(T + ms);
const draft = draftOrder;
const insert = insertDraft;

let folder: ReturnType<typeof tempDir>;
const stores: ReturnType<typeof sqliteOrderStore>[] = [];

/** A store on the shared file, as another central process would open it: its own connection and clock. */
function process(clock: () => Date, onWrite?: SqliteWriteHook) {
  const store = sqliteOrderStore(openDatabase(join(folder.dir, 'central.sqlite')), onWrite, clock);
  stores.push(store);
  return store;
}

const greatest = (changes: { lastUpdatedOn: string }[]) =>
  changes
    .map((c) => c.lastUpdatedOn)
    .sort()
    .at(-1)!;

beforeEach(() => {
  folder = tempDir('change-clock-');
});
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close();
  folder.remove();
});

describe('the change clock', () => {
  it('stamps a change of a process whose clock is 2 minutes behind after what a reader has already seen', async () => {
    const ahead = process(at(0));
    const behind = process(at(-120_000));
    const first = await insert(ahead);
    expect(first.order.lastUpdatedOn).toBe(new Date(T).toISOString());
    const seen = greatest(await changesSince(ahead, '2000-01-01T00:00:00.000Z'));

    const second = await insert(behind);
    const changed = await behind.update({ ...first, version: 1 }, 0);
    expect(second.order.lastUpdatedOn > seen).toBe(true);
    expect(changed!.order.lastUpdatedOn > second.order.lastUpdatedOn).toBe(true);
    expect((await changesSince(ahead, seen)).map((c) => c.orderId)).toEqual([second.order.orderId, first.order.orderId]);
    // The answer and the stored order carry the same stamp.
    expect((await ahead.get(first.order.orderId))!.order.lastUpdatedOn).toBe(changed!.order.lastUpdatedOn);
  });

  it('never commits a change behind a read made while its transaction was open', async () => {
    const reader = process(at(0));
    const before = await insert(reader);
    const readMidWrite: string[][] = [];
    const writer = process(at(-120_000), () => {
      readMidWrite.push(reader.db.prepare('SELECT order_id FROM orders ORDER BY last_updated_on').pluck().all() as string[]);
    });
    const made = await insert(writer);
    // The reader did not see the write while it was open; its greatest stamp then was `before`'s.
    expect(readMidWrite).toEqual([[before.order.orderId]]);
    expect((await changesSince(reader, before.order.lastUpdatedOn)).map((c) => c.orderId)).toContain(made.order.orderId);
  });

  it('keeps a client’s createdOn as it is, and stamps lastUpdatedOn itself', async () => {
    const store = process(at(0));
    const past = await insert(store, draft('2030-06-01T00:00:00.000Z'));
    const future = await insert(store, draft(new Date(T + 240_000).toISOString()));
    expect(past.order.createdOn).toBe('2030-06-01T00:00:00.000Z');
    expect(future.order.createdOn).toBe(new Date(T + 240_000).toISOString());
    expect([past.order.lastUpdatedOn, future.order.lastUpdatedOn]).toEqual([new Date(T).toISOString(), new Date(T + 1).toISOString()]);
  });

  it('gives every transaction its own stamp even when the clock stands still', async () => {
    const store = process(at(0));
    const batch = await Promise.all([insert(store), insert(store), insert(store)]);
    const next = await insert(store);
    // One group commit, one stamp; the next transaction a millisecond later.
    expect(new Set(batch.map((r) => r.order.lastUpdatedOn)).size).toBe(1);
    expect(Date.parse(next.order.lastUpdatedOn) - Date.parse(batch[0]!.order.lastUpdatedOn)).toBe(1);
  });
});

describe('deletions', () => {
  it('leave a tombstone stamped by the same clock, paged by (deletedOn, orderId)', async () => {
    const ahead = process(at(0));
    const behind = process(at(-120_000));
    const orders = [await insert(ahead), await insert(ahead), await insert(ahead)];
    expect(await behind.remove(orders[0]!.order.orderId, 0)).toBe(true);
    expect(await ahead.remove(orders[1]!.order.orderId, 7)).toBe(false);
    await Promise.all([ahead.remove(orders[1]!.order.orderId, 0), ahead.remove(orders[2]!.order.orderId, 0)]);
    const first = await ahead.listDeleted({}, 2, null);
    expect(first.rows.map((r) => r.orderId)).toEqual([
      orders[0]!.order.orderId,
      ...[orders[1]!, orders[2]!]
        .map((o) => o.order.orderId)
        .sort()
        .slice(0, 1),
    ]);
    expect(first.rows[0]).toEqual({
      orderId: orders[0]!.order.orderId,
      externalOrderId: null,
      touchpointId: 501,
      deletedOn: expect.any(String),
    });
    // Deleted by the process whose clock is behind, yet after every order's last change.
    expect(first.rows[0]!.deletedOn > orders[2]!.order.lastUpdatedOn).toBe(true);
    const second = await ahead.listDeleted({}, 2, first.next);
    expect(second.next).toBeNull();
    expect([...first.rows, ...second.rows].map((r) => r.orderId).sort()).toEqual(orders.map((o) => o.order.orderId).sort());
    expect((await ahead.listDeleted({ updatedAfter: second.rows[0]!.deletedOn }, 10, null)).rows).toHaveLength(2);
    expect((await ahead.listDeleted({ touchpointId: 502 }, 10, null)).rows).toEqual([]);
  });
});
