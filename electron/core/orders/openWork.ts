import type { CounterDb as Database } from '../db/database';
import { stmt } from '../../../domain/store/sqlite/statements';

/**
 * The work the counter's orders still have open, as the review's facts hold it: what the fleet
 * area's update policy waits for (docs/counter.md §18).
 */

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
