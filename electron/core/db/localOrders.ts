import type { Order } from '../../../shared/schemas/order';
import type { OrderRecord } from '../../../domain/order/settle';
import { deleteOrder, getOrder, hasOrder, insertOrder, updateOrder } from '../../../domain/store/sqlite/orders';
import { indexOrder, unindexOrder } from '../manager/facts';
import { stmt } from '../../../domain/store/sqlite/statements';
import type { CounterDb } from './database';

/**
 * The counter's local orders as sync sees them: the one module through which sync reads and
 * writes the order store's tables (the clerk's changes go through the OrderService instead).
 * Each runs inside the caller's transaction, and keeps the manager's review index (facts.ts)
 * in step: an order that arrives by sync was made by no one logged in here.
 */

export const localOrder = (db: CounterDb, orderId: string): OrderRecord | undefined => getOrder(db, orderId);

/** The stored version of a local order, undefined when there is none: cheaper than reading the order. */
export const localVersion = (db: CounterDb, orderId: string): number | undefined =>
  (stmt(db, 'SELECT version FROM orders WHERE order_id = ?').get(orderId) as { version: number } | undefined)?.version;

export const hasLocalOrder = (db: CounterDb, orderId: string): boolean => hasOrder(db, orderId);

/** Keeps a copy of an order the central holds and this counter did not have: the central's version, unchangeable here. */
export function takeInCentralCopy(db: CounterDb, central: Order): void {
  insertOrder(db, { order: central, touchpointId: central.touchPoint.salesTouchpointId, customerFixed: true, version: 0 });
  indexOrder(db, central, null);
}

/** Writes the central's version over the local record if it is still at `record.version`. */
export function replaceLocalOrder(db: CounterDb, record: OrderRecord, order: Order): boolean {
  if (!updateOrder(db, { ...record, order, version: record.version + 1 }, record.version)) return false;
  indexOrder(db, order, null);
  return true;
}

/** Removes the local copy of an order deleted on the central at `deletedOn`; false when there is none. */
export function dropLocalOrder(db: CounterDb, orderId: string, deletedOn: string): boolean {
  const record = getOrder(db, orderId);
  if (!record || deleteOrder(db, orderId, record.version) === undefined) return false;
  unindexOrder(db, orderId, deletedOn, null);
  return true;
}
