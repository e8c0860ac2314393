import type pg from 'pg';
import type { OrderRecord } from '../../order/record';
import { deletionListQuery, deletionPage, orderListQuery, orderPage, type OrderListRow, type Query } from '../listing';
import { columns, partsOf, toRecord, type OrderRow } from '../rows';
import type { DeletedFilter, DeletedOrder, DeletedPage, OrderFilter, Page, PageAfter } from '../types';

/** Query functions over the orders tables; each takes a client or the pool first. */

type Queryable = pg.Pool | pg.PoolClient;

/** The shared SQL's `?` placeholders as PostgreSQL's `$1, $2, ...`. */
export function bind({ sql, args }: Query): Query {
  let n = 0;
  return { sql: sql.replace(/\?/g, () => `$${++n}`), args };
}

export async function getOrder(db: Queryable, orderId: string): Promise<OrderRecord | undefined> {
  const { rows } = await db.query<OrderRow>(
    'SELECT order_id, touchpoint_id, customer_fixed, version, doc FROM orders WHERE order_id = $1',
    [orderId],
  );
  return rows[0] && toRecord(rows[0]);
}

export async function orderIdOfPart(db: Queryable, kind: 'line' | 'payment', partId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ order_id: string }>('SELECT order_id FROM order_parts WHERE part_id = $1 AND kind = $2', [
    partId,
    kind,
  ]);
  return rows[0]?.order_id;
}

export async function findByExternalId(db: Queryable, touchpointId: number, externalOrderId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ order_id: string }>('SELECT order_id FROM orders WHERE touchpoint_id = $1 AND external_order_id = $2', [
    touchpointId,
    externalOrderId,
  ]);
  return rows[0]?.order_id;
}

/** The next order number: a sequence, so several processes never hand out the same one. */
export async function nextOrderNumber(db: pg.PoolClient): Promise<number> {
  const { rows } = await db.query<{ n: string }>("SELECT nextval('order_number') AS n");
  return Number(rows[0]!.n);
}

async function writeParts(db: pg.PoolClient, record: OrderRecord, fresh: boolean): Promise<void> {
  const orderId = record.order.orderId;
  if (!fresh) {
    await db.query('DELETE FROM order_parts WHERE order_id = $1', [orderId]);
    await db.query('DELETE FROM order_tokens WHERE order_id = $1', [orderId]);
  }
  const { parts, tokens } = partsOf(record.order);
  if (parts.length > 0) {
    await db.query('INSERT INTO order_parts (part_id, kind, order_id) SELECT p, k, $3 FROM unnest($1::text[], $2::text[]) AS u (p, k)', [
      parts.map((p) => p.id),
      parts.map((p) => p.kind),
      orderId,
    ]);
  }
  if (tokens.length > 0) {
    await db.query('INSERT INTO order_tokens (transit_token_id, order_id) SELECT t, $2 FROM unnest($1::integer[]) AS t', [tokens, orderId]);
  }
}

export async function insertOrder(db: pg.PoolClient, record: OrderRecord): Promise<void> {
  const c = columns(record);
  await db.query(
    `INSERT INTO orders (order_id, touchpoint_id, external_order_id, order_number, customer_profile_id, customer_fixed,
       status_id, created_on, last_updated_on, version, doc)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      c.order_id,
      c.touchpoint_id,
      c.external_order_id,
      c.order_number,
      c.customer_profile_id,
      c.customer_fixed === 1,
      c.status_id,
      c.created_on,
      c.last_updated_on,
      c.version,
      c.doc,
    ],
  );
  await writeParts(db, record, true);
}

/** Writes the record if the stored version is still `expectedVersion` (optimistic versioning). */
export async function updateOrder(db: pg.PoolClient, record: OrderRecord, expectedVersion: number): Promise<boolean> {
  const c = columns(record);
  const { rowCount } = await db.query(
    `UPDATE orders SET customer_profile_id = $2, status_id = $3, last_updated_on = $4, version = $5, doc = $6
     WHERE order_id = $1 AND version = $7`,
    [c.order_id, c.customer_profile_id, c.status_id, c.last_updated_on, c.version, c.doc, expectedVersion],
  );
  if (rowCount === 0) return false;
  await writeParts(db, record, false);
  return true;
}

/** Deletes the order if the stored version is still `expectedVersion`, leaving its tombstone stamped `deletedOn`. */
export async function deleteOrder(db: pg.PoolClient, orderId: string, expectedVersion: number, deletedOn: string): Promise<boolean> {
  const { rowCount } = await db.query(
    `WITH gone AS (DELETE FROM orders WHERE order_id = $1 AND version = $2
       RETURNING order_id, external_order_id, touchpoint_id, customer_profile_id)
     INSERT INTO deleted_orders (order_id, external_order_id, touchpoint_id, customer_profile_id, deleted_on)
     SELECT order_id, external_order_id, touchpoint_id, customer_profile_id, $3 FROM gone
     ON CONFLICT (order_id) DO UPDATE SET external_order_id = excluded.external_order_id, touchpoint_id = excluded.touchpoint_id,
       customer_profile_id = excluded.customer_profile_id, deleted_on = excluded.deleted_on`,
    [orderId, expectedVersion, deletedOn],
  );
  return rowCount === 1;
}

export async function listOrders(db: Queryable, filter: OrderFilter, limit: number, after: PageAfter | null): Promise<Page> {
  const { sql, args } = bind(orderListQuery(filter, limit, after));
  return orderPage((await db.query<OrderListRow>(sql, args)).rows, limit);
}

export async function listDeletions(db: Queryable, filter: DeletedFilter, limit: number, after: PageAfter | null): Promise<DeletedPage> {
  const { sql, args } = bind(deletionListQuery(filter, limit, after));
  return deletionPage((await db.query<DeletedOrder>(sql, args)).rows, limit);
}
