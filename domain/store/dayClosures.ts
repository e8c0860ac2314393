import type { Query } from './listing';
import { pageOf } from './query';
import type { PageAfter } from './types';

/**
 * The central's day closes (issue 11) in SQL both backends run: one row per close id, the
 * first one sent kept (a counter sends again after a lost answer), listed per touchpoint in
 * (businessDate, closeId) order from an index range that starts at the cursor.
 */

/** A day close as stored: the columns it is found by, and the whole close as JSON text. */
export interface StoredDayClosure {
  closeId: string;
  touchpointId: number;
  deviceId: string;
  businessDate: string;
  closedAt: string;
  receivedOn: string;
  doc: string;
}

/** What a put answers: the close stored under the id (this call's, or the one kept before). */
export interface PutDayClosure {
  created: boolean;
  touchpointId: number;
  doc: string;
}

export interface DayClosurePage {
  docs: string[];
  next: PageAfter | null;
}

export const insertDayClosureQuery = (c: StoredDayClosure): Query => ({
  sql: `INSERT INTO day_closures (close_id, touchpoint_id, device_id, business_date, closed_at, received_on, doc)
        VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (close_id) DO NOTHING`,
  args: [c.closeId, c.touchpointId, c.deviceId, c.businessDate, c.closedAt, c.receivedOn, c.doc],
});

export const dayClosureByIdQuery = (closeId: string): Query => ({
  sql: 'SELECT touchpoint_id AS "touchpointId", doc FROM day_closures WHERE close_id = ?',
  args: [closeId],
});

export interface DayClosureRow {
  closeId: string;
  businessDate: string;
  doc: string;
}

export function dayClosureListQuery(touchpointId: number, from: string | undefined, limit: number, after: PageAfter | null): Query {
  const start = after ? '(business_date, close_id) > (?, ?)' : 'business_date >= ?';
  return {
    sql: `SELECT close_id AS "closeId", business_date AS "businessDate", doc FROM day_closures
          WHERE touchpoint_id = ? AND ${start} ORDER BY business_date, close_id LIMIT ?`,
    args: [touchpointId, ...(after ? [after.key, after.orderId] : [from ?? '']), limit + 1],
  };
}

export function dayClosurePage(rows: DayClosureRow[], limit: number): DayClosurePage {
  const page = pageOf(rows, limit, (row) => ({ key: row.businessDate, orderId: row.closeId }));
  return { docs: page.rows.map((row) => row.doc), next: page.next };
}
