import type { Database } from 'better-sqlite3';
import { stmt } from '../../../domain/store/sqlite/statements';
import { stateChanged, stateOf } from './syncState';

// Kept as a number by triggers, not counted here (pendingCount.ts).
export { pendingCount } from './pendingCount';

/** The sync outbox: one row per committed local change that the central has not seen yet. */

export function enqueue(db: Database, orderId: string, change: 'insert' | 'update' | 'delete', at: string): void {
  stmt(db, 'INSERT INTO outbox (order_id, change, created_at) VALUES (?, ?, ?)').run(orderId, change, at);
  const before = stateOf(db, orderId);
  stmt(
    db,
    `INSERT INTO sync_orders (order_id, state, updated_at) VALUES (?, 'pending', ?)
     ON CONFLICT (order_id) DO UPDATE SET state = 'pending', updated_at = excluded.updated_at`,
  ).run(orderId, at);
  stateChanged(db, orderId, before, 'pending', at);
}

export interface OutboxWork {
  orderId: string;
  /** The newest outbox row of the order when the work was taken: rows after it stay. */
  upToSeq: number;
}

/** Outbox rows of orders not set aside (a set-aside order waits for a manager's retry). */
const WAITING = 'order_id NOT IN (SELECT order_id FROM sync_orders WHERE set_aside = 1)';

/**
 * Orders with outbox rows, oldest change first, whose first row comes after `afterSeq`: a
 * keyset over the outbox's rowid, each order at its oldest row (found, like its newest, through
 * `outbox_by_order`), so paging through a long queue reads each row once. (Grouping the rows
 * after `afterSeq` by order read every row left for every page: 21 s to page through 100,000
 * queued orders, against 0.7 s this way.)
 */
export function pendingOrders(db: Database, limit: number, afterSeq = 0): (OutboxWork & { firstSeq: number })[] {
  return stmt(
    db,
    `SELECT o.order_id AS orderId, o.seq AS firstSeq,
            (SELECT MAX(newest.seq) FROM outbox newest WHERE newest.order_id = o.order_id) AS upToSeq
     FROM outbox o
     WHERE o.seq > ? AND o.${WAITING}
       AND NOT EXISTS (SELECT 1 FROM outbox older WHERE older.order_id = o.order_id AND older.seq < o.seq)
     ORDER BY o.seq LIMIT ?`,
  ).all(afterSeq, limit) as (OutboxWork & { firstSeq: number })[];
}

export function settle(db: Database, work: OutboxWork): void {
  stmt(db, 'DELETE FROM outbox WHERE order_id = ? AND seq <= ?').run(work.orderId, work.upToSeq);
}

export function hasPending(db: Database, orderId: string): boolean {
  return stmt(db, 'SELECT 1 FROM outbox WHERE order_id = ? LIMIT 1').get(orderId) !== undefined;
}

/** When the oldest change still waiting (not set aside) was made; null when nothing waits (docs/api.md §11.2). */
export function oldestPendingAt(db: Database): string | null {
  const row = stmt(db, `SELECT created_at AS at FROM outbox WHERE ${WAITING} ORDER BY seq LIMIT 1`).get() as { at: string } | undefined;
  return row?.at ?? null;
}
