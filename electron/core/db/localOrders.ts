import type { Order } from '../../../shared/schemas/order';
import type { OrderRecord } from '../../../domain/order/settle';
import { deleteOrder, getOrder, hasOrder, insertOrder, updateOrder } from '../../../domain/store/sqlite/orders';
import type { CounterDb } from './database';

/**
 * The counter's local orders as sync sees them: the one module through which sync reads and
 * writes the order store's tables (the clerk's changes go through the OrderService instead).
 * Each runs inside the caller's transaction.
 */

export const localOrder = (db: CounterDb, orderId: string): OrderRecord | undefined => getOrder(db, orderId);

export const hasLocalOrder = (db: CounterDb, orderId: string): boolean => hasOrder(db, orderId);

/** Keeps a copy of an order the central holds and this counter did not have: the central's version, unchangeable here. */
export function takeInCentralCopy(db: CounterDb, central: Order): void {
  insertOrder(db, { order: central, touchpointId: central.touchPoint.salesTouchpointId, customerFixed: true, version: 0 });
}

/** Writes the central's version over the local record if it is still at `record.version`. */
export const replaceLocalOrder = (db: CounterDb, record: OrderRecord, order: Order): boolean =>
  updateOrder(db, { ...record, order, version: record.version + 1 }, record.version);

/** Removes the local copy of an order; false when there is none. */
export function dropLocalOrder(db: CounterDb, orderId: string): boolean {
  const record = getOrder(db, orderId);
  return !!record && deleteOrder(db, orderId, record.version) !== undefined;
}
