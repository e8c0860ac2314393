import type { Database } from 'better-sqlite3';
import type { OrderSync, SyncState, UnsentOrder } from '../../../shared/ipc';
import type { RefusalCode } from '../../../shared/refusals';
import type { ProblemError } from '../../../shared/schemas/problem';
import { stmt } from '../../../domain/store/sqlite/statements';
import { enqueue } from './outbox';
import { stateChanged, stateOf } from './syncState';

/** What the counter knows of each order's life on the central. */

interface Row {
  order_id: string;
  central_order_id: string | null;
  central_order_number: string | null;
  state: SyncState;
  reasons: string;
  outcome_unknown: number;
  central_updated_on: string | null;
}

export interface SyncRecord {
  orderId: string;
  centralOrderId: string | null;
  centralOrderNumber: string | null;
  state: SyncState;
  reasons: ProblemError[];
  /** A request about this order got no answer: look it up on the central before trying again. */
  outcomeUnknown: boolean;
  /** The central's lastUpdatedOn of the version last known here: a pull skips that version. */
  centralUpdatedOn: string | null;
}

const toRecord = (row: Row): SyncRecord => ({
  orderId: row.order_id,
  centralOrderId: row.central_order_id,
  centralOrderNumber: row.central_order_number,
  state: row.state,
  reasons: JSON.parse(row.reasons) as ProblemError[],
  outcomeUnknown: row.outcome_unknown === 1,
  centralUpdatedOn: row.central_updated_on,
});

export function getSync(db: Database, orderId: string): SyncRecord | undefined {
  const row = stmt(db, 'SELECT * FROM sync_orders WHERE order_id = ?').get(orderId) as Row | undefined;
  return row && toRecord(row);
}

export function syncView(record: SyncRecord | undefined): OrderSync {
  return {
    state: record?.state ?? 'pending',
    centralOrderNumber: record?.centralOrderNumber ?? null,
    reasons: record?.reasons ?? [],
  };
}

export function findByCentralId(db: Database, centralOrderId: string): SyncRecord | undefined {
  const row = stmt(db, 'SELECT * FROM sync_orders WHERE central_order_id = ?').get(centralOrderId) as Row | undefined;
  return row && toRecord(row);
}

/**
 * Keeps the central's id, number and version of an order, in `state`. `wentThrough`: the
 * push of the order ended with the central holding it, so its failures count afresh (in the
 * same write, as this runs for every order a push syncs). The row is nearly always there (a
 * change to send made it): updated in place, inserted only when missing.
 */
export function markCentral(
  db: Database,
  orderId: string,
  central: { orderId: string; orderNumber: string; lastUpdatedOn: string },
  state: SyncState,
  at: string,
  wentThrough = false,
): void {
  const before = stateOf(db, orderId);
  if (before !== undefined) {
    stmt(
      db,
      `UPDATE sync_orders SET central_order_id = ?, central_order_number = ?, state = ?, reasons = '[]', outcome_unknown = 0,
         central_updated_on = ?, updated_at = ?,
         failures = CASE WHEN ? THEN 0 ELSE failures END, last_error = CASE WHEN ? THEN NULL ELSE last_error END
       WHERE order_id = ?`,
    ).run(central.orderId, central.orderNumber, state, central.lastUpdatedOn, at, +wentThrough, +wentThrough, orderId);
  } else {
    stmt(
      db,
      `INSERT INTO sync_orders (order_id, central_order_id, central_order_number, state, reasons, outcome_unknown, central_updated_on, updated_at)
       VALUES (?, ?, ?, ?, '[]', 0, ?, ?)`,
    ).run(orderId, central.orderId, central.orderNumber, state, central.lastUpdatedOn, at);
  }
  stateChanged(db, orderId, before, state, at);
}

/** The central's version `lastUpdatedOn` of the order is taken in (or needs nothing taken in). */
export function markSeen(db: Database, orderId: string, lastUpdatedOn: string): void {
  stmt(db, 'UPDATE sync_orders SET central_updated_on = ? WHERE order_id = ?').run(lastUpdatedOn, orderId);
}

export function markRejected(db: Database, orderId: string, reasons: ProblemError[], at: string): void {
  const before = stateOf(db, orderId);
  const written = JSON.stringify(reasons);
  stmt(db, `UPDATE sync_orders SET state = 'rejected', reasons = ?, outcome_unknown = 0, updated_at = ? WHERE order_id = ?`).run(
    written,
    at,
    orderId,
  );
  // No row, nothing rejected (an order forgotten meanwhile): the history is left as it is.
  if (before !== undefined) stateChanged(db, orderId, before, 'rejected', at, written);
}

export function markOutcomeUnknown(db: Database, orderId: string, at: string): void {
  stmt(db, 'UPDATE sync_orders SET outcome_unknown = 1, attempts = attempts + 1, updated_at = ? WHERE order_id = ?').run(at, orderId);
}

/**
 * Counts a failed push of an order against it (the central answered, with a 5xx or an
 * answer off the interface, while it was seen to work for others): at `limit` the order is set
 * aside, so it no longer holds up the others.
 */
export function countFailure(db: Database, orderId: string, error: string, limit: number, at: string): void {
  stmt(
    db,
    `UPDATE sync_orders SET failures = failures + 1, last_error = ?, set_aside = (failures + 1 >= ?), updated_at = ?
     WHERE order_id = ?`,
  ).run(error, limit, at, orderId);
}

/** An order that went through starts counting its failures afresh. */
export function clearFailures(db: Database, orderId: string): void {
  stmt(db, 'UPDATE sync_orders SET failures = 0, last_error = NULL WHERE order_id = ? AND failures > 0').run(orderId);
}

export interface SetAside {
  orderId: string;
  attempts: number;
  lastError: string;
}

export function setAsideOrders(db: Database): SetAside[] {
  return stmt(
    db,
    `SELECT order_id AS orderId, failures AS attempts, last_error AS lastError FROM sync_orders WHERE set_aside = 1 ORDER BY updated_at`,
  ).all() as SetAside[];
}

export function setAsideCount(db: Database): number {
  return (stmt(db, 'SELECT COUNT(*) AS n FROM sync_orders WHERE set_aside = 1').get() as { n: number }).n;
}

/** Puts set-aside orders (one, or all when `orderId` is null) back in line, their count afresh. Answers how many. */
export function retrySetAside(db: Database, orderId: string | null): number {
  return stmt(db, `UPDATE sync_orders SET set_aside = 0, failures = 0 WHERE set_aside = 1 AND (? IS NULL OR order_id = ?)`).run(
    orderId,
    orderId,
  ).changes;
}

/**
 * Puts orders the central refused (one, or all when `orderId` is null) back in line, for a
 * manager who had the cause fixed: their latest state is sent again. Read copies of orders
 * made elsewhere (kept under the central's own id) are not this counter's to send.
 */
export function requeueRejected(db: Database, orderId: string | null, at: string): number {
  const ids = stmt(
    db,
    `SELECT s.order_id AS id FROM sync_orders s JOIN orders o ON o.order_id = s.order_id
     WHERE s.state = 'rejected' AND (? IS NULL OR s.order_id = ?) AND (s.central_order_id IS NULL OR s.central_order_id <> s.order_id)`,
  ).all(orderId, orderId) as { id: string }[];
  db.transaction(() => ids.forEach(({ id }) => enqueue(db, id, 'update', at)))();
  return ids.length;
}

/**
 * Puts back in line the orders the central refused for their `createdOn` (a counter's clock
 * ahead of the central's): sent again with the time corrected (docs/api.md §11.4).
 */
export function requeueRefusedTimes(db: Database, at: string): number {
  const ids = stmt(
    db,
    `SELECT order_id AS id FROM sync_orders
     WHERE state = 'rejected' AND central_order_id IS NULL AND reasons LIKE '%"pointer":"/createdOn"%'`,
  ).all() as { id: string }[];
  db.transaction(() => ids.forEach(({ id }) => enqueue(db, id, 'update', at)))();
  return ids.length;
}

export function forget(db: Database, orderId: string): void {
  stmt(db, 'DELETE FROM sync_orders WHERE order_id = ?').run(orderId);
}

export function rejectedIds(db: Database): string[] {
  return (stmt(db, `SELECT order_id FROM sync_orders WHERE state = 'rejected' ORDER BY updated_at`).all() as { order_id: string }[]).map(
    (r) => r.order_id,
  );
}

export function rejectedCount(db: Database): number {
  return (stmt(db, `SELECT COUNT(*) AS n FROM sync_orders WHERE state = 'rejected'`).get() as { n: number }).n;
}

/** The orders with changes the central has not acknowledged, oldest first, by their number. */
export function unsentOrders(db: Database, lastError: RefusalCode | null): UnsentOrder[] {
  const rows = stmt(
    db,
    `SELECT x.order_id AS orderId, COALESCE(o.order_number, '') AS orderNumber, MIN(x.created_at) AS since,
            COUNT(*) AS changes, COALESCE(s.outcome_unknown, 0) AS unknown
       FROM outbox x
       LEFT JOIN orders o ON o.order_id = x.order_id
       LEFT JOIN sync_orders s ON s.order_id = x.order_id
      GROUP BY x.order_id ORDER BY MIN(x.seq)`,
  ).all() as { orderId: string; orderNumber: string; since: string; changes: number; unknown: number }[];
  return rows.map(({ unknown, ...row }) => ({ ...row, state: unknown === 1 ? 'unknown' : 'waiting', lastError }));
}
