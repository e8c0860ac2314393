import type { Database } from 'better-sqlite3';
import { conditions, pageOf } from '../query';
import { addPageStart } from './keyset';
import { stmt } from './statements';
import type { OrderFilter, Page, PageAfter } from '../types';

/**
 * GET /orders on SQLite, written so that each page is read from one index range and stops
 * at the page's end, however many orders there are (migration 7 adds the indexes):
 *
 * - the sort key (createdOn newest first, or lastUpdatedOn oldest first when pulling changes
 *   with `updatedAfter`) with its range bounds and the cursor, a row value on `(key,
 *   order_id)`, form one range on an index ending in those columns;
 * - an equality filter (customer, touchpoint, one status) is that index's first column;
 * - several statuses are one branch per status, each reading at most a page from its own
 *   index range, merged: an `IN` list would sort every matching order on each request.
 *
 * Lookups by id, number or external id read a row or two, then sort those. A token's orders
 * are found through order_tokens and sorted: as many as one card was used for.
 */

interface Row {
  order_id: string;
  sort_key: string;
  doc: string;
  present: number;
}

/** The conditions of one branch: every filter, with one status of the list at most. */
function where(filter: OrderFilter, after: PageAfter | null, status: number | undefined) {
  const q = conditions();
  const add = q.add;
  if (status !== undefined) add('status_id = ?', status);
  if (filter.orderId !== undefined) add('order_id = ?', filter.orderId);
  if (filter.orderNumber !== undefined) add('order_number = ?', filter.orderNumber);
  if (filter.externalOrderId !== undefined) add('external_order_id = ?', filter.externalOrderId);
  if (filter.customerProfileId !== undefined) add('customer_profile_id = ?', filter.customerProfileId);
  if (filter.touchpointId !== undefined) add('touchpoint_id = ?', filter.touchpointId);
  if (filter.transitTokenIds !== undefined) {
    const marks = filter.transitTokenIds.map(() => '?').join(',');
    add(`order_id IN (SELECT order_id FROM order_tokens WHERE transit_token_id IN (${marks}))`, ...filter.transitTokenIds);
  }
  const byUpdate = filter.updatedAfter !== undefined;
  const key = byUpdate ? 'last_updated_on' : 'created_on';
  addPageStart(q, key, byUpdate ? filter.updatedAfter : filter.createdBefore, after, byUpdate);
  if (filter.createdAfter !== undefined) add('created_on >= ?', filter.createdAfter);
  if (byUpdate && filter.createdBefore !== undefined) add('created_on < ?', filter.createdBefore);
  if (filter.updatedBefore !== undefined) add('last_updated_on < ?', filter.updatedBefore);
  return { q, key, direction: byUpdate ? 'ASC' : 'DESC' };
}

/** The statement of one page and its arguments (apart, so tests can ask SQLite for its plan). */
export function orderListQuery(filter: OrderFilter, limit: number, after: PageAfter | null): { sql: string; args: unknown[] } {
  const branch = (status: number | undefined) => {
    const { q, key, direction } = where(filter, after, status);
    const sql = `SELECT order_id, ${key} AS sort_key, doc,
        status_id IN (1, 2, 3) AND EXISTS (SELECT 1 FROM order_tokens t WHERE t.order_id = orders.order_id) AS present
      FROM orders${q.sql()} ORDER BY sort_key ${direction}, order_id ${direction} LIMIT ?`;
    return { sql, args: [...q.args, limit + 1], direction };
  };
  const statuses = filter.orderStatusId === undefined ? [] : [...new Set(filter.orderStatusId)];
  if (statuses.length < 2) return branch(statuses[0]);
  const branches = statuses.map(branch);
  const direction = branches[0]!.direction;
  return {
    sql: `${branches.map((b) => `SELECT * FROM (${b.sql})`).join(' UNION ALL ')} ORDER BY sort_key ${direction}, order_id ${direction} LIMIT ?`,
    args: [...branches.flatMap((b) => b.args), limit + 1],
  };
}

export function listOrders(db: Database, filter: OrderFilter, limit: number, after: PageAfter | null): Page {
  if (filter.orderStatusId?.length === 0) return { rows: [], next: null };
  const { sql, args } = orderListQuery(filter, limit, after);
  const rows = stmt(db, sql).all(...args) as Row[];
  const page = pageOf(rows, limit, (row) => ({ key: row.sort_key, orderId: row.order_id }));
  return { rows: page.rows.map((row) => ({ doc: row.doc, needsPresenting: row.present === 1 })), next: page.next };
}
