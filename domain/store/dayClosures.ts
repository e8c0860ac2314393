import type { Query } from './listing';
import { pageOf } from './query';
import type { PageAfter } from './types';

/**
 * The central's day closes (issue 11) in SQL both backends run: one row per close id (kept in
 * lower case) and one per touchpoint and business day (docs/api.md §10.4), the first one sent
 * kept (a counter sends again after a lost answer), listed per touchpoint, or all of them, in
 * (businessDate, closeId) order from an index range that starts at the cursor.
 */

/**
 * The move of contradictory day closes (SQLite's order migration 5, PostgreSQL's 4), in SQL
 * both backends run: a close is set aside when an earlier one (received first; the smaller id
 * on a tie) holds its touchpoint and day or its id in another case; the rest get lower-case ids.
 */
export const DAY_CLOSURES_SET_ASIDE = `
  CREATE TABLE day_closures_set_aside (
    close_id TEXT NOT NULL,
    touchpoint_id INTEGER NOT NULL,
    business_date TEXT NOT NULL,
    received_on TEXT NOT NULL,
    kept_close_id TEXT NOT NULL,
    doc TEXT NOT NULL
  );
  INSERT INTO day_closures_set_aside (close_id, touchpoint_id, business_date, received_on, kept_close_id, doc)
    SELECT d.close_id, d.touchpoint_id, d.business_date, d.received_on, lower(k.close_id), d.doc
    FROM day_closures d JOIN day_closures k
      ON (k.touchpoint_id = d.touchpoint_id AND k.business_date = d.business_date OR lower(k.close_id) = lower(d.close_id))
      AND (k.received_on < d.received_on OR (k.received_on = d.received_on AND k.close_id < d.close_id))
    WHERE NOT EXISTS (
      SELECT 1 FROM day_closures e
      WHERE (e.touchpoint_id = d.touchpoint_id AND e.business_date = d.business_date OR lower(e.close_id) = lower(d.close_id))
        AND (e.received_on < k.received_on OR (e.received_on = k.received_on AND e.close_id < k.close_id)));
  DELETE FROM day_closures WHERE close_id IN (SELECT close_id FROM day_closures_set_aside);
  UPDATE day_closures SET close_id = lower(close_id) WHERE close_id <> lower(close_id);
`;

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

/** A close already stored: whose it is and what it holds. */
export interface KeptDayClosure {
  closeId: string;
  touchpointId: number;
  doc: string;
}

/**
 * What a put answers: stored, or the close that kept it out: the one under the same id if
 * there is one, else the one of the same touchpoint and business day.
 */
export type PutDayClosure = { created: true } | { created: false; kept: KeptDayClosure };

export interface DayClosurePage {
  docs: string[];
  next: PageAfter | null;
}

export const insertDayClosureQuery = (c: StoredDayClosure): Query => ({
  sql: `INSERT INTO day_closures (close_id, touchpoint_id, device_id, business_date, closed_at, received_on, doc)
        VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
  args: [c.closeId, c.touchpointId, c.deviceId, c.businessDate, c.closedAt, c.receivedOn, c.doc],
});

/** The close under this id, else the one of this touchpoint and day: what kept a put out. */
export const keptDayClosureQuery = (c: StoredDayClosure): Query => ({
  sql: `SELECT close_id AS "closeId", touchpoint_id AS "touchpointId", doc FROM day_closures
        WHERE close_id = ? OR (touchpoint_id = ? AND business_date = ?)
        ORDER BY CASE WHEN close_id = ? THEN 0 ELSE 1 END LIMIT 1`,
  args: [c.closeId, c.touchpointId, c.businessDate, c.closeId],
});

export interface DayClosureRow {
  closeId: string;
  businessDate: string;
  doc: string;
}

/** A touchpoint's closes, or every touchpoint's (`null`: an operator's view, docs/api.md §10.4). */
export function dayClosureListQuery(touchpointId: number | null, from: string | undefined, limit: number, after: PageAfter | null): Query {
  const start = after ? '(business_date, close_id) > (?, ?)' : 'business_date >= ?';
  const mine = touchpointId === null ? '' : 'touchpoint_id = ? AND ';
  return {
    sql: `SELECT close_id AS "closeId", business_date AS "businessDate", doc FROM day_closures
          WHERE ${mine}${start} ORDER BY business_date, close_id LIMIT ?`,
    args: [...(touchpointId === null ? [] : [touchpointId]), ...(after ? [after.key, after.orderId] : [from ?? '']), limit + 1],
  };
}

export function dayClosurePage(rows: DayClosureRow[], limit: number): DayClosurePage {
  const page = pageOf(rows, limit, (row) => ({ key: row.businessDate, orderId: row.closeId }));
  return { docs: page.rows.map((row) => row.doc), next: page.next };
}
