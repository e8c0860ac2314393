import { conditions, pageOf } from './query';
import type { DeletedFilter, DeletedOrder, DeletedPage, OrderFilter, Page, PageAfter } from './types';

/**
 * The list queries of GET /orders and GET /deletedorders, in the SQL both backends speak
 * (`?` placeholders; each backend binds them its own way), and the pages made of their rows.
 */

export interface Query {
  sql: string;
  args: unknown[];
}

export interface OrderListRow {
  order_id: string;
  sort_key: string;
  doc: string;
  status_id: number;
  has_tokens: boolean | number;
}

/**
 * One page of GET /orders. With `updatedAfter` the order is (lastUpdatedOn, orderId)
 * ascending so a client pulling changes never skips rows sharing a time stamp; otherwise
 * newest createdOn first. One row more than asked tells whether another page follows.
 */
/** `column IN (...)`; an empty list matches nothing (PostgreSQL refuses `IN ()`, SQLite accepts it). */
const inList = (sql: (marks: string) => string, values: unknown[]): [string, ...unknown[]] =>
  values.length === 0 ? ['1 = 0'] : [sql(values.map(() => '?').join(',')), ...values];

export function orderListQuery(filter: OrderFilter, limit: number, after: PageAfter | null): Query {
  const q = conditions();
  const add = q.add;
  if (filter.orderId !== undefined) add('order_id = ?', filter.orderId);
  if (filter.orderNumber !== undefined) add('order_number = ?', filter.orderNumber);
  if (filter.externalOrderId !== undefined) add('external_order_id = ?', filter.externalOrderId);
  if (filter.createdAfter !== undefined) add('created_on >= ?', filter.createdAfter);
  if (filter.createdBefore !== undefined) add('created_on < ?', filter.createdBefore);
  if (filter.updatedAfter !== undefined) add('last_updated_on >= ?', filter.updatedAfter);
  if (filter.updatedBefore !== undefined) add('last_updated_on < ?', filter.updatedBefore);
  if (filter.orderStatusId !== undefined) add(...inList((marks) => `status_id IN (${marks})`, filter.orderStatusId));
  if (filter.customerProfileId !== undefined) add('customer_profile_id = ?', filter.customerProfileId);
  if (filter.touchpointId !== undefined) add('touchpoint_id = ?', filter.touchpointId);
  if (filter.transitTokenIds !== undefined) {
    add(
      ...inList((marks) => `order_id IN (SELECT order_id FROM order_tokens WHERE transit_token_id IN (${marks}))`, filter.transitTokenIds),
    );
  }
  const byUpdate = filter.updatedAfter !== undefined;
  const key = byUpdate ? 'last_updated_on' : 'created_on';
  if (after) add(`(${key}, order_id) ${byUpdate ? '>' : '<'} (?, ?)`, after.key, after.orderId);
  const direction = byUpdate ? 'ASC' : 'DESC';
  const sql = `SELECT order_id, ${key} AS sort_key, doc, status_id,
       EXISTS (SELECT 1 FROM order_tokens t WHERE t.order_id = orders.order_id) AS has_tokens
     FROM orders${q.sql()} ORDER BY ${key} ${direction}, order_id ${direction} LIMIT ?`;
  return { sql, args: [...q.args, limit + 1] };
}

export function orderPage(rows: OrderListRow[], limit: number): Page {
  const page = pageOf(rows, limit, (row) => ({ key: row.sort_key, orderId: row.order_id }));
  return {
    rows: page.rows.map((row) => ({ doc: row.doc, statusId: row.status_id, hasTokens: row.has_tokens === true || row.has_tokens === 1 })),
    next: page.next,
  };
}

/** One page of deletions, in (deletedOn, orderId) order, `updatedAfter` inclusive, as GET /orders pages changes. */
export function deletionListQuery(filter: DeletedFilter, limit: number, after: PageAfter | null): Query {
  const q = conditions();
  if (filter.updatedAfter !== undefined) q.add('deleted_on >= ?', filter.updatedAfter);
  if (filter.touchpointId !== undefined) q.add('touchpoint_id = ?', filter.touchpointId);
  if (filter.customerProfileId !== undefined) q.add('customer_profile_id = ?', filter.customerProfileId);
  if (after) q.add('(deleted_on, order_id) > (?, ?)', after.key, after.orderId);
  const sql = `SELECT order_id AS "orderId", external_order_id AS "externalOrderId", touchpoint_id AS "touchpointId",
       deleted_on AS "deletedOn"
     FROM deleted_orders${q.sql()} ORDER BY deleted_on, order_id LIMIT ?`;
  return { sql, args: [...q.args, limit + 1] };
}

export const deletionPage = (rows: DeletedOrder[], limit: number): DeletedPage =>
  pageOf(rows, limit, (row) => ({ key: row.deletedOn, orderId: row.orderId }));
