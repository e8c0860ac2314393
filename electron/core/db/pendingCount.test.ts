import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../server/testing/fixtures';
import { openCounterDatabase } from './database';
import { enqueue, settle } from './outbox';
import { pendingCount } from './pendingCount';
import { countFailure, forget, retrySetAside } from './syncOrders';

const at = '2026-11-23T10:00:00.000Z';

/** The count the triggers keep, counted the long way: distinct orders in the outbox, none set aside. */
const counted = (db: Database) =>
  db
    .prepare(`SELECT COUNT(DISTINCT order_id) FROM outbox WHERE order_id NOT IN (SELECT order_id FROM sync_orders WHERE set_aside = 1)`)
    .pluck()
    .get() as number;

describe('pendingCount: orders waiting to be sent, kept by triggers', () => {
  let db: Database;
  beforeEach(() => {
    db = openCounterDatabase(':memory:');
  });
  afterEach(() => db.close());

  it('follows every change of the outbox and of set-aside orders', () => {
    const steps: [string, () => void, number][] = [
      ['a first change', () => enqueue(db, 'a', 'insert', at), 1],
      ['a second change of the same order', () => enqueue(db, 'a', 'update', at), 1],
      ['two more orders', () => ['b', 'c'].forEach((id) => enqueue(db, id, 'insert', at)), 3],
      ['part of a settled (its newer row stays)', () => settle(db, { orderId: 'a', upToSeq: 1 }), 3],
      ['the rest of a settled', () => settle(db, { orderId: 'a', upToSeq: 2 }), 2],
      ['b set aside after its failure', () => countFailure(db, 'b', 'the central answered 500', 1, at), 1],
      ['a new change of the set-aside b', () => enqueue(db, 'b', 'update', at), 1],
      ['b put back in line', () => retrySetAside(db, 'b'), 2],
      ['c set aside again, then forgotten', () => (countFailure(db, 'c', 'the central answered 500', 1, at), forget(db, 'c')), 2],
      ['b settled whole', () => settle(db, { orderId: 'b', upToSeq: 99 }), 1],
    ];
    for (const [step, run, expected] of steps) {
      run();
      expect({ step, kept: pendingCount(db), counted: counted(db) }).toEqual({ step, kept: expected, counted: expected });
    }
  });

  it('undoes its change with a write that is rolled back', () => {
    enqueue(db, 'a', 'insert', at);
    expect(() =>
      db.transaction(() => {
        enqueue(db, 'b', 'insert', at);
        throw new Error('the write fails');
      })(),
    ).toThrow('the write fails');
    expect(pendingCount(db)).toBe(1);
  });

  it('counts what was waiting when the database was opened', () => {
    const folder = tempDir('pending-count-');
    const file = join(folder.dir, 'counter.sqlite');
    try {
      const first = openCounterDatabase(file);
      ['a', 'b', 'a'].forEach((id) => enqueue(first, id, 'insert', at));
      countFailure(first, 'b', 'the central answered 500', 1, at);
      first.close();
      const again = openCounterDatabase(file);
      expect(pendingCount(again)).toBe(1);
      again.close();
    } finally {
      folder.remove();
    }
  });
});
