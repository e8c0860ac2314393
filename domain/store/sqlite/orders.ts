import type { Database } from 'better-sqlite3';
import type { Order } from '../../../shared/schemas/order';
import type { OrderRecord } from '../../order/record';
import { columns, partsOf, toRecord, type OrderRow } from '../rows';
import { orderListQuery, orderPage, type OrderListRow } from '../listing';
import { stmt } from './statements';
import type { OrderFilter, Page, PageAfter } from '../types';

/** Query functions over the orders tables; each takes the database first. */

export function getOrder(db: Database, orderId: string): OrderRecord | undefined {
  const row = stmt(db, 'SELECT order_id, touchpoint_id, customer_fixed, version, doc FROM orders WHERE order_id = ?').get(orderId) as
    OrderRow | undefined;
  return row && toRecord(row);
}

export function hasOrder(db: Database, orderId: string): boolean {
  return stmt(db, 'SELECT 1 FROM orders WHERE order_id = ?').get(orderId) !== undefined;
}

export function orderIdOfPart(db: Database, kind: 'line' | 'payment', partId: string): string | undefined {
  const row = stmt(db, 'SELECT order_id FROM order_parts WHERE part_id = ? AND kind = ?').get(partId, kind) as
    { order_id: string } | undefined;
  return row?.order_id;
}

export function findByExternalId(db: Database, touchpointId: number, externalOrderId: string): string | undefined {
  const row = stmt(db, 'SELECT order_id FROM orders WHERE touchpoint_id = ? AND external_order_id = ?').get(
    touchpointId,
    externalOrderId,
  ) as { order_id: string } | undefined;
  return row?.order_id;
}

export function nextSequence(db: Database, name: string): number {
  const row = stmt(db, 'UPDATE sequences SET value = value + 1 WHERE name = ? RETURNING value').get(name) as { value: number };
  return row.value;
}

/** Writes the lookup rows of an order: its lines, payments and registered tokens (a new order has none to drop). */
function writeParts(db: Database, order: Order, fresh: boolean): void {
  if (!fresh) {
    stmt(db, 'DELETE FROM order_parts WHERE order_id = ?').run(order.orderId);
    stmt(db, 'DELETE FROM order_tokens WHERE order_id = ?').run(order.orderId);
  }
  const { parts, tokens } = partsOf(order);
  const part = stmt(db, 'INSERT INTO order_parts (part_id, kind, order_id) VALUES (?, ?, ?)');
  const token = stmt(db, 'INSERT INTO order_tokens (transit_token_id, order_id) VALUES (?, ?)');
  for (const p of parts) part.run(p.id, p.kind, order.orderId);
  for (const t of tokens) token.run(t, order.orderId);
}

export function insertOrder(db: Database, record: OrderRecord): void {
  stmt(
    db,
    `INSERT INTO orders (order_id, touchpoint_id, external_order_id, order_number, customer_profile_id, customer_fixed,
       status_id, created_on, last_updated_on, version, doc)
     VALUES (@order_id, @touchpoint_id, @external_order_id, @order_number, @customer_profile_id, @customer_fixed,
       @status_id, @created_on, @last_updated_on, @version, @doc)`,
  ).run(columns(record));
  writeParts(db, record.order, true);
}

export function updateOrder(db: Database, record: OrderRecord, expectedVersion: number): boolean {
  const { changes } = stmt(
    db,
    `UPDATE orders SET customer_profile_id = @customer_profile_id, status_id = @status_id,
       last_updated_on = @last_updated_on, version = @version, doc = @doc
     WHERE order_id = @order_id AND version = @expected`,
  ).run({ ...columns(record), expected: expectedVersion });
  if (changes === 0) return false;
  writeParts(db, record.order, false);
  return true;
}

/** Deletes the order if the stored version is still `expectedVersion`; answers what its tombstone needs. */
export function deleteOrder(
  db: Database,
  orderId: string,
  expectedVersion: number,
): { externalOrderId: string | null; touchpointId: number; customerProfileId: number } | undefined {
  return stmt(
    db,
    `DELETE FROM orders WHERE order_id = ? AND version = ?
     RETURNING external_order_id AS externalOrderId, touchpoint_id AS touchpointId, customer_profile_id AS customerProfileId`,
  ).get(orderId, expectedVersion) as { externalOrderId: string | null; touchpointId: number; customerProfileId: number } | undefined;
}

/** One page of GET /orders (listing.ts). */
export function listOrders(db: Database, filter: OrderFilter, limit: number, after: PageAfter | null): Page {
  const { sql, args } = orderListQuery(filter, limit, after);
  return orderPage(stmt(db, sql).all(...args) as OrderListRow[], limit);
}

/**
 * The same page with each doc as its stored UTF-8 bytes (the database's encoding), for an
 * answer joined from them (joinDocs): no doc is decoded into a string and encoded back.
 */
export function listOrderBytes(db: Database, filter: OrderFilter, limit: number, after: PageAfter | null): Page<Uint8Array> {
  const { sql, args } = orderListQuery(filter, limit, after, 'CAST(doc AS BLOB)');
  return orderPage(stmt(db, sql).all(...args) as OrderListRow<Uint8Array>[], limit);
}
