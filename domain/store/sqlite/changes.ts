import type { Database } from 'better-sqlite3';
import { deletionListQuery, deletionPage } from '../listing';
import { stmt } from './statements';
import type { DeletedFilter, DeletedOrder, DeletedPage, PageAfter } from '../types';

/**
 * The change feed's clock (docs/api.md §8). Every write transaction takes one stamp, while it
 * holds SQLite's write lock: the later of the clock and one millisecond past the greatest
 * stamp ever given, kept in `sequences`. So stamps rise in commit order whatever the
 * clock does (stepped back, or another process's clock behind on the same database file),
 * and a change is never committed with a stamp below one a client has already seen.
 */
export function nextStamp(db: Database, now: Date): string {
  const row = stmt(db, "UPDATE sequences SET value = MAX(value + 1, ?) WHERE name = 'change_stamp' RETURNING value").get(now.getTime()) as {
    value: number;
  };
  return new Date(row.value).toISOString();
}

/** The greatest stamp among existing orders, where the stamps of a database from before them start. */
export function greatestStampSoFar(db: Database): number {
  const row = db.prepare('SELECT MAX(last_updated_on) AS at FROM orders').get() as { at: string | null };
  const at = row.at === null ? NaN : Date.parse(row.at);
  return Number.isNaN(at) ? 0 : at;
}

/** Keeps the tombstone of a deleted order: GET /deletedorders tells the counters holding copies. */
export function recordDeletion(db: Database, deleted: DeletedOrder & { customerProfileId: number }): void {
  stmt(
    db,
    `INSERT OR REPLACE INTO deleted_orders (order_id, external_order_id, touchpoint_id, customer_profile_id, deleted_on)
     VALUES (@orderId, @externalOrderId, @touchpointId, @customerProfileId, @deletedOn)`,
  ).run(deleted);
}

/** One page of deletions (listing.ts). */
export function listDeletions(db: Database, filter: DeletedFilter, limit: number, after: PageAfter | null): DeletedPage {
  const { sql, args } = deletionListQuery(filter, limit, after);
  return deletionPage(stmt(db, sql).all(...args) as DeletedOrder[], limit);
}
