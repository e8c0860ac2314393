import type { Database } from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openCounterDatabase } from './database';
import { enqueue } from './outbox';
import { countFailure, getSync, markCentral } from './syncOrders';

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
