import type { Database } from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCounterDatabase } from './database';
import { enqueue, pendingCount, pendingOrders, settle } from './outbox';
import { countFailure } from './syncOrders';

const at = '2026-11-23T10:00:00.000Z';

describe('pendingOrders: the queue the push pages through', () => {
  let db: Database;
  beforeEach(() => {
    db = openCounterDatabase(':memory:');
    // Rows 1..6: a, b, a, c, d, b.
    for (const orderId of ['a', 'b', 'a', 'c', 'd', 'b'])
      enqueue(db, orderId, orderId === 'a' || orderId === 'b' ? 'update' : 'insert', at);
  });
  afterEach(() => db.close());

  it('lists each order once, at its oldest row, oldest first, with its newest row as the work to do', () => {
    expect(pendingOrders(db, 10)).toEqual([
      { orderId: 'a', firstSeq: 1, upToSeq: 3 },
      { orderId: 'b', firstSeq: 2, upToSeq: 6 },
      { orderId: 'c', firstSeq: 4, upToSeq: 4 },
      { orderId: 'd', firstSeq: 5, upToSeq: 5 },
    ]);
  });

  it('pages by the oldest row: a page starts after the last one, misses none and repeats none', () => {
    const first = pendingOrders(db, 2);
    expect(first.map((w) => w.orderId)).toEqual(['a', 'b']);
    const second = pendingOrders(db, 2, first.at(-1)!.firstSeq);
    expect(second.map((w) => w.orderId)).toEqual(['c', 'd']);
    expect(pendingOrders(db, 2, second.at(-1)!.firstSeq)).toEqual([]);
  });

  it('after a push settled part of an order, starts it at its oldest row left', () => {
    settle(db, { orderId: 'b', upToSeq: 2 });
    expect(pendingOrders(db, 10).map(({ orderId, firstSeq }) => [orderId, firstSeq])).toEqual([
      ['a', 1],
      ['c', 4],
      ['d', 5],
      ['b', 6],
    ]);
  });

  it('leaves out an order set aside after its failures, and counts the others', () => {
    countFailure(db, 'c', 'the central answered 500', 1, at);
    expect(pendingOrders(db, 10).map((w) => w.orderId)).toEqual(['a', 'b', 'd']);
    expect(pendingCount(db)).toBe(3);
  });
});
