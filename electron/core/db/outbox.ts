import type { Database } from 'better-sqlite3';
import { stmt } from '../../../domain/store/sqlite/statements';
import { stateChanged, stateOf } from './syncState';

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
 * keyset over the outbox's rowid, so paging through a long queue reads each row once.
 */
export function pendingOrders(db: Database, limit: number, afterSeq = 0): (OutboxWork & { firstSeq: number })[] {
  return stmt(
    db,
    `SELECT order_id AS orderId, MAX(seq) AS upToSeq, MIN(seq) AS firstSeq FROM outbox
     WHERE seq > ? AND ${WAITING} GROUP BY order_id ORDER BY firstSeq LIMIT ?`,
  ).all(afterSeq, limit) as (OutboxWork & { firstSeq: number })[];
}

export function settle(db: Database, work: OutboxWork): void {
  stmt(db, 'DELETE FROM outbox WHERE order_id = ? AND seq <= ?').run(work.orderId, work.upToSeq);
}

export function hasPending(db: Database, orderId: string): boolean {
  return stmt(db, 'SELECT 1 FROM outbox WHERE order_id = ? LIMIT 1').get(orderId) !== undefined;
}

/** Orders waiting to be sent, not counting those set aside. */
export function pendingCount(db: Database): number {
  return (stmt(db, `SELECT COUNT(DISTINCT order_id) AS n FROM outbox WHERE ${WAITING}`).get() as { n: number }).n;
}
