import { conditions, pageOf, pageStart } from './query';
import type { DeletedFilter, DeletedOrder, DeletedPage, OrderFilter, Page, PageAfter } from './types';

/**
 * The list queries of GET /orders and GET /deletedorders, in the SQL both backends speak
 * (`?` placeholders; each backend binds them its own way), and the pages made of their rows.
 */

export interface Query {
  sql: string;
  args: unknown[];
}

export interface OrderListRow<Doc = string> {
  order_id: string;
  sort_key: string;
  doc: Doc;
  status_id: number;
  has_tokens: boolean | number;
}

/**
 * One page of GET /orders. With `updatedAfter` the order is (lastUpdatedOn, orderId)
 * ascending so a client pulling changes never skips rows sharing a time stamp; otherwise
 * newest createdOn first. One row more than asked tells whether another page follows.
 *
 * Written so that each page is read from one index range that stops at the page's end,
 * however many orders there are (migration 3 of the SQLite order track and its PostgreSQL twin add the indexes):
 * - the sort key with its range bounds and the cursor, a row value on `(key, order_id)`,
 *   form one range on an index ending in those columns (pageStart);
 * - an equality filter (customer, touchpoint, one status) is that index's first column;
 * - several statuses are one branch per status, each reading at most a page from its own
 *   index range, merged: an `IN` list would sort every matching order on each request.
 * Lookups by id, number or external id find a row or two and sort those; a token's orders
 * are found through order_tokens and sorted: as many as one card was used for.
 */
/** `column IN (...)`; an empty list matches nothing (PostgreSQL refuses `IN ()`, SQLite accepts it). */
const inList = (sql: (marks: string) => string, values: unknown[]): [string, ...unknown[]] =>
  values.length === 0 ? ['1 = 0'] : [sql(values.map(() => '?').join(',')), ...values];

/** `docColumn`: how the doc is selected (SQLite's reader threads take its bytes, sqlite/orders.ts). */
export function orderListQuery(filter: OrderFilter, limit: number, after: PageAfter | null, docColumn = 'doc'): Query {
  const statuses = filter.orderStatusId === undefined ? [] : [...new Set(filter.orderStatusId)];
  const direction = filter.updatedAfter !== undefined ? 'ASC' : 'DESC';
  // An empty list asks for no status: no order (the HTTP schema never sends one).
  if (filter.orderStatusId?.length === 0) return { sql: 'SELECT order_id FROM orders WHERE 1 = 0', args: [] };
  if (statuses.length < 2) return orderBranch(filter, limit, after, statuses[0], docColumn);
  const branches = statuses.map((status) => orderBranch(filter, limit, after, status, docColumn));
  return {
    sql: `${branches.map((b, i) => `SELECT * FROM (${b.sql}) AS branch${i}`).join(' UNION ALL ')}
      ORDER BY sort_key ${direction}, order_id ${direction} LIMIT ?`,
    args: [...branches.flatMap((b) => b.args), limit + 1],
  };
}

/** The query of one status (or of all when none is given). */
function orderBranch(filter: OrderFilter, limit: number, after: PageAfter | null, status: number | undefined, docColumn: string): Query {
  const q = conditions();
  const add = q.add;
  if (status !== undefined) add('status_id = ?', status);
  if (filter.orderId !== undefined) add('order_id = ?', filter.orderId);
  if (filter.orderNumber !== undefined) add('order_number = ?', filter.orderNumber);
  if (filter.externalOrderId !== undefined) add('external_order_id = ?', filter.externalOrderId);
  if (filter.customerProfileId !== undefined) add('customer_profile_id = ?', filter.customerProfileId);
  if (filter.touchpointId !== undefined) add('touchpoint_id = ?', filter.touchpointId);
  if (filter.transitTokenIds !== undefined) {
    add(
      ...inList((marks) => `order_id IN (SELECT order_id FROM order_tokens WHERE transit_token_id IN (${marks}))`, filter.transitTokenIds),
    );
  }
  const byUpdate = filter.updatedAfter !== undefined;
  const key = byUpdate ? 'last_updated_on' : 'created_on';
  addPageStart(q, key, byUpdate ? filter.updatedAfter : filter.createdBefore, after, byUpdate);
  if (filter.createdAfter !== undefined) add('created_on >= ?', filter.createdAfter);
  if (byUpdate && filter.createdBefore !== undefined) add('created_on < ?', filter.createdBefore);
  if (filter.updatedBefore !== undefined) add('last_updated_on < ?', filter.updatedBefore);
  const direction = byUpdate ? 'ASC' : 'DESC';
  // Whether the order has tokens, as a scalar subquery rather than EXISTS: PostgreSQL may answer
  // an EXISTS for every order the range could hold by hashing all of order_tokens (at 200,000
  // orders it did, 12 ms for a page of 20), while a scalar subquery is asked of each row the
  // LIMIT lets through, one index look-up each, as SQLite asks either.
  const sql = `SELECT order_id, ${key} AS sort_key, ${docColumn} AS doc, status_id,
       (SELECT 1 FROM order_tokens t WHERE t.order_id = orders.order_id LIMIT 1) IS NOT NULL AS has_tokens
     FROM orders${q.sql()} ORDER BY ${key} ${direction}, order_id ${direction} LIMIT ?`;
  return { sql, args: [...q.args, limit + 1] };
}

/**
 * Adds where a keyset page starts (pageStart): the cursor as a row value on the index's
 * `(key, order_id)` columns, which the planner turns into the start of the index range, or
 * the filter's own bound on the key (`>=` ascending, `<` descending).
 */
function addPageStart(
  q: ReturnType<typeof conditions>,
  key: string,
  bound: string | undefined,
  after: PageAfter | null,
  ascending: boolean,
) {
  const start = pageStart(bound, after, ascending);
  if (start && 'cursor' in start) q.add(`(${key}, order_id) ${ascending ? '>' : '<'} (?, ?)`, start.cursor.key, start.cursor.orderId);
  if (start && 'bound' in start) q.add(`${key} ${ascending ? '>=' : '<'} ?`, start.bound);
}

export function orderPage<Doc>(rows: OrderListRow<Doc>[], limit: number): Page<Doc> {
  const page = pageOf(rows, limit, (row) => ({ key: row.sort_key, orderId: row.order_id }));
  return {
    rows: page.rows.map((row) => ({ doc: row.doc, statusId: row.status_id, hasTokens: row.has_tokens === true || row.has_tokens === 1 })),
    next: page.next,
  };
}

/** One page of deletions, in (deletedOn, orderId) order, `updatedAfter` inclusive, as GET /orders pages changes. */
export function deletionListQuery(filter: DeletedFilter, limit: number, after: PageAfter | null): Query {
  const q = conditions();
  if (filter.touchpointId !== undefined) q.add('touchpoint_id = ?', filter.touchpointId);
  if (filter.customerProfileId !== undefined) q.add('customer_profile_id = ?', filter.customerProfileId);
  addPageStart(q, 'deleted_on', filter.updatedAfter, after, true);
  const sql = `SELECT order_id AS "orderId", external_order_id AS "externalOrderId", touchpoint_id AS "touchpointId",
       deleted_on AS "deletedOn"
     FROM deleted_orders${q.sql()} ORDER BY deleted_on, order_id LIMIT ?`;
  return { sql, args: [...q.args, limit + 1] };
}

export const deletionPage = (rows: DeletedOrder[], limit: number): DeletedPage =>
  pageOf(rows, limit, (row) => ({ key: row.deletedOn, orderId: row.orderId }));
