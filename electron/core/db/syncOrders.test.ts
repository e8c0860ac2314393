import type { Database } from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCounterDatabase } from './database';
import { enqueue } from './outbox';
import { countFailure, getSync, markCentral, markRejected } from './syncOrders';

const central = { orderId: 'c-1', orderNumber: 'C-000001', lastUpdatedOn: '2026-11-23T10:00:01.000Z' };
const row = (db: Database, orderId: string) =>
  db.prepare('SELECT state, failures, last_error AS lastError, set_aside AS setAside FROM sync_orders WHERE order_id = ?').get(orderId);
const events = (db: Database, orderId: string) =>
  (db.prepare('SELECT kind FROM order_events WHERE order_id = ? ORDER BY seq').all(orderId) as { kind: string }[]).map((e) => e.kind);

describe('markCentral', () => {
  let db: Database;
  beforeEach(() => {
    db = openCounterDatabase(':memory:');
    enqueue(db, 'o-1', 'insert', '2026-11-23T10:00:00.000Z');
    countFailure(db, 'o-1', 'the central answered 503', 5, '2026-11-23T10:00:00.500Z');
  });
  afterEach(() => db.close());

  it('keeps the failures of an order still on its way (its first step), and counts them afresh once it went through', () => {
    markCentral(db, 'o-1', central, 'pending', '2026-11-23T10:00:02.000Z');
    expect(row(db, 'o-1')).toEqual({ state: 'pending', failures: 1, lastError: 'the central answered 503', setAside: 0 });
    expect(getSync(db, 'o-1')).toMatchObject({ centralOrderId: 'c-1', centralOrderNumber: 'C-000001', outcomeUnknown: false });

    markCentral(db, 'o-1', central, 'synced', '2026-11-23T10:00:03.000Z', true);
    expect(row(db, 'o-1')).toEqual({ state: 'synced', failures: 0, lastError: null, setAside: 0 });
    // The history's triggers still see the change of state, once.
    expect(events(db, 'o-1')).toEqual(['reachedCentral']);
  });

  it('writes down an order it has no row of (a read copy taken in), in the state given', () => {
    markCentral(db, 'c-9', { ...central, orderId: 'c-9' }, 'central', '2026-11-23T10:00:02.000Z');
    expect(row(db, 'c-9')).toEqual({ state: 'central', failures: 0, lastError: null, setAside: 0 });
    expect(getSync(db, 'c-9')).toMatchObject({ centralOrderId: 'c-9', centralUpdatedOn: central.lastUpdatedOn, reasons: [] });
  });
});

describe('the review and the history follow the sync state', () => {
  let db: Database;
  const fact = (orderId: string) =>
    db
      .prepare(
        `INSERT INTO order_facts (order_id, created_on, order_number, status_id, total_amount, paid_amount, refunded_amount, line_count, lines)
         VALUES (?, 't', ?, 1, 0, 0, 0, 0, '')`,
      )
      .run(orderId, `n-${orderId}`);
  const reviewState = (orderId: string) => db.prepare('SELECT sync_state FROM order_facts WHERE order_id = ?').pluck().get(orderId);
  const history = (orderId: string) => db.prepare('SELECT at, kind, detail FROM order_events WHERE order_id = ? ORDER BY seq').all(orderId);
  beforeEach(() => {
    db = openCounterDatabase(':memory:');
    fact('o-1');
    enqueue(db, 'o-1', 'insert', 't0');
  });
  afterEach(() => db.close());

  it('a refusal enters the history once, with its reasons, and shows in the review; a second refusal only changes the reasons', () => {
    const reasons = [{ detail: 'touchpoint closed', pointer: '' }];
    markRejected(db, 'o-1', reasons, 't1');
    expect(reviewState('o-1')).toBe('rejected');
    markRejected(db, 'o-1', [{ detail: 'still closed', pointer: '' }], 't2');
    expect(history('o-1')).toEqual([{ at: 't1', kind: 'refusedByCentral', detail: JSON.stringify(reasons) }]);
    expect(getSync(db, 'o-1')?.reasons).toEqual([{ detail: 'still closed', pointer: '' }]);
  });

  it('a new change puts a synced order back to pending in the review, without an entry in the history', () => {
    markCentral(db, 'o-1', central, 'synced', 't1', true);
    expect(reviewState('o-1')).toBe('synced');
    enqueue(db, 'o-1', 'update', 't2');
    expect(reviewState('o-1')).toBe('pending');
    markCentral(db, 'o-1', central, 'synced', 't3', true);
    expect(history('o-1')).toEqual([
      { at: 't1', kind: 'reachedCentral', detail: null },
      { at: 't3', kind: 'reachedCentral', detail: null },
    ]);
  });

  it('a row written for the first time sets the review’s state but makes no history; refusing an order without a row writes nothing', () => {
    fact('c-9');
    markCentral(db, 'c-9', { ...central, orderId: 'c-9' }, 'synced', 't1');
    expect(reviewState('c-9')).toBe('synced');
    expect(history('c-9')).toEqual([]);
    fact('gone');
    markRejected(db, 'gone', [], 't2');
    expect(reviewState('gone')).toBe('pending');
    expect(history('gone')).toEqual([]);
  });
});
