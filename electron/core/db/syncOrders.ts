import type { Database } from 'better-sqlite3';
import type { OrderSync, SyncState, UnsentOrder } from '../../../shared/ipc';
import type { RefusalCode } from '../../../shared/refusals';
import type { ProblemError } from '../../../shared/schemas/problem';
import { stmt } from '../../../domain/store/statements';

/** What the counter knows of each order's life on the central. */

interface Row {
  order_id: string;
  central_order_id: string | null;
  central_order_number: string | null;
  state: SyncState;
  reasons: string;
  outcome_unknown: number;
}

export interface SyncRecord {
  orderId: string;
  centralOrderId: string | null;
  centralOrderNumber: string | null;
  state: SyncState;
  reasons: ProblemError[];
  /** A request about this order got no answer: look it up on the central before trying again. */
  outcomeUnknown: boolean;
}

const toRecord = (row: Row): SyncRecord => ({
  orderId: row.order_id,
  centralOrderId: row.central_order_id,
  centralOrderNumber: row.central_order_number,
  state: row.state,
  reasons: JSON.parse(row.reasons) as ProblemError[],
  outcomeUnknown: row.outcome_unknown === 1,
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

export function markCentral(
  db: Database,
  orderId: string,
  central: { orderId: string; orderNumber: string },
  state: SyncState,
  at: string,
): void {
  stmt(
    db,
    `INSERT INTO sync_orders (order_id, central_order_id, central_order_number, state, reasons, outcome_unknown, updated_at)
     VALUES (?, ?, ?, ?, '[]', 0, ?)
     ON CONFLICT (order_id) DO UPDATE SET central_order_id = excluded.central_order_id,
       central_order_number = excluded.central_order_number, state = excluded.state, reasons = '[]',
       outcome_unknown = 0, updated_at = excluded.updated_at`,
  ).run(orderId, central.orderId, central.orderNumber, state, at);
}

export function markRejected(db: Database, orderId: string, reasons: ProblemError[], at: string): void {
  stmt(db, `UPDATE sync_orders SET state = 'rejected', reasons = ?, outcome_unknown = 0, updated_at = ? WHERE order_id = ?`).run(
    JSON.stringify(reasons),
    at,
    orderId,
  );
}

export function markOutcomeUnknown(db: Database, orderId: string, at: string): void {
  stmt(db, 'UPDATE sync_orders SET outcome_unknown = 1, attempts = attempts + 1, updated_at = ? WHERE order_id = ?').run(at, orderId);
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
