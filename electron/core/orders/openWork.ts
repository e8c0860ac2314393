import type { CounterDb as Database } from '../db/database';
import { stmt } from '../../../domain/store/sqlite/statements';
import type { UnfinishedSale } from '../../../shared/ipc';

/**
 * The work the counter's orders still have open, as the review's facts hold it: what the fleet
 * area's update policy waits for (docs/counter.md §18), and the sale area's unfinished sales
 * (docs/counter.md §12).
 */

/** An order of a touchpoint with its figures from the review's facts (none yet: zero and empty): an unfinished sale but its parking. */
export type OpenOrder = Omit<UnfinishedSale, 'parked'>;

const OPEN_ORDER = `SELECT o.order_id AS orderId, o.order_number AS orderNumber, o.created_on AS createdOn, o.status_id AS statusId,
    COALESCE(f.total_amount, 0) AS totalAmount, COALESCE(f.line_count, 0) AS lineCount, COALESCE(f.lines, '') AS lines,
    f.clerk_name AS clerkName
  FROM orders o LEFT JOIN order_facts f ON f.order_id = o.order_id
  WHERE o.touchpoint_id = ? AND o.status_id IN`;

/** The touchpoint's orders in one of `statuses` (those of one id, if given). */
export function touchpointOrdersIn(db: Database, touchpointId: number, statuses: readonly number[], orderId?: string): OpenOrder[] {
  const where = `${OPEN_ORDER} (${statuses.join(', ')})`;
  if (orderId === undefined) return stmt(db, where).all(touchpointId) as OpenOrder[];
  return stmt(db, `${where} AND o.order_id = ?`).all(touchpointId, orderId) as OpenOrder[];
}

/** How many sales a clerk began here since `since` are still in one of `statuses`. */
export function salesBegunSince(db: Database, statuses: readonly number[], since: string): number {
  const row = stmt(
    db,
    `SELECT COUNT(*) AS n FROM order_facts
     WHERE status_id IN (${statuses.join(',')}) AND clerk_id IS NOT NULL AND created_on >= ?`,
  ).get(since) as { n: number };
  return row.n;
}

/** How many payments wait for their answer (pending: no outcome known yet). */
export function paymentsAwaitingAnswer(db: Database): number {
  return (stmt(db, `SELECT COUNT(*) AS n FROM money_facts WHERE state = 'PENDING'`).get() as { n: number }).n;
}
