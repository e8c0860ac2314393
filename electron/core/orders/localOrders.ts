import type { Order } from '../../../shared/schemas/order';
import type { Actor } from '../../../shared/manager/types';
import type { OrderRecord } from '../../../domain/order/record';
import { deleteOrder, getOrder, hasOrder, insertOrder, updateOrder } from '../../../domain/store/sqlite/orders';
import { stmt } from '../../../domain/store/sqlite/statements';
import { sqliteOrderStore, type SqliteWriteHook } from '../../../domain/store/sqlite/store';
import type { CounterDb } from '../db/database';
import { enqueue } from '../db/outbox';
import { indexOrder, unindexOrder } from './facts';
import { journalOrderMoney } from '../cash';

/**
 * The counter's local orders: the one module through which they are written. A clerk's change
 * goes through the OrderService on `localOrderStore`; sync's writes (a central copy taken in,
 * written over or dropped) through the functions below. Both end in `written`, which keeps the
 * manager's review index (facts.ts) in step in the same transaction, so an order that came by
 * sync is indexed as a clerk's is. Only a clerk's change is queued for the central
 * (docs/counter.md §3).
 */

/** Indexes an order write (null: deleted at `at`), inside the write's transaction; `by` null: no one here. */
function written(db: CounterDb, orderId: string, order: Order | null, by: Actor | null, at: string): void {
  if (order) indexOrder(db, order, by);
  else unindexOrder(db, orderId, at, by);
}

/**
 * A write by sync: the money it brings (a refund made on the central, a status the central set)
 * is journaled in the same transaction, with no one here as its author and no cash rounding:
 * no cash of this drawer changed hands (docs/counter.md §17).
 */
function writtenBySync(db: CounterDb, order: Order): void {
  written(db, order.orderId, order, null, order.lastUpdatedOn);
  journalOrderMoney(db, order, null, order.lastUpdatedOn, false);
}

/**
 * The order store of the clerk's changes: each write is queued for the central and indexed with
 * who made it; `also` runs last in the same transaction (the closed day's guard, the money
 * journal, the act's audit row: docs/api.md §10.3) and may throw to undo the write.
 */
export function localOrderStore(db: CounterDb, clock: () => Date, who: () => Actor | null, also?: SqliteWriteHook) {
  return sqliteOrderStore(
    db,
    (tx, orderId, change, order) => {
      const at = clock().toISOString();
      enqueue(tx, orderId, change, at);
      written(tx, orderId, order ?? null, who(), at);
      also?.(tx, orderId, change, order);
    },
    clock,
  );
}

export const localOrder = (db: CounterDb, orderId: string): OrderRecord | undefined => getOrder(db, orderId);

/** The stored version of a local order, undefined when there is none: cheaper than reading the order. */
export const localVersion = (db: CounterDb, orderId: string): number | undefined =>
  (stmt(db, 'SELECT version FROM orders WHERE order_id = ?').get(orderId) as { version: number } | undefined)?.version;

export const hasLocalOrder = (db: CounterDb, orderId: string): boolean => hasOrder(db, orderId);

/** Keeps a copy of an order the central holds and this counter did not have: the central's version, unchangeable here. */
export function takeInCentralCopy(db: CounterDb, central: Order): void {
  insertOrder(db, { order: central, touchpointId: central.touchPoint.salesTouchpointId, customerFixed: true, version: 0 });
  writtenBySync(db, central);
}

/** Writes the central's version over the local record if it is still at `record.version`. */
export function replaceLocalOrder(db: CounterDb, record: OrderRecord, order: Order): boolean {
  if (!updateOrder(db, { ...record, order, version: record.version + 1 }, record.version)) return false;
  writtenBySync(db, order);
  return true;
}

/** Removes the local copy of an order deleted on the central at `deletedOn`; false when there is none. */
export function dropLocalOrder(db: CounterDb, orderId: string, deletedOn: string): boolean {
  const record = getOrder(db, orderId);
  if (!record || deleteOrder(db, orderId, record.version) === undefined) return false;
  written(db, orderId, null, null, deletedOn);
  return true;
}
