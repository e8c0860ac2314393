import type { CounterDb as Database } from '../db/database';
import { stmt } from '../../../domain/store/sqlite/statements';

/**
 * Each receipt's printing (docs/api.md §9.3), under its key (the order's id for a sale's receipt,
 * the refund's id for a refund's): when it first reached the paper, and why its last print
 * failed while it never did. A receipt that has printed is printed again as a duplicate.
 */

export type StoredProblem = 'paperOut' | 'coverOpen' | 'offline';

export interface ReceiptPrintRow {
  printedAt: string | null;
  problem: StoredProblem | null;
}

export function readReceiptPrint(db: Database, key: string): ReceiptPrintRow | null {
  const row = stmt(db, 'SELECT printed_at, problem FROM receipt_prints WHERE receipt_key = ?').get(key) as
    { printed_at: string | null; problem: StoredProblem | null } | undefined;
  return row ? { printedAt: row.printed_at, problem: row.problem } : null;
}

/** A print that reached the paper: the first one's time is kept. */
export function markPrinted(db: Database, key: string, orderId: string, at: string): void {
  stmt(
    db,
    `INSERT INTO receipt_prints (receipt_key, order_id, printed_at, problem) VALUES (?, ?, ?, NULL)
     ON CONFLICT (receipt_key) DO UPDATE SET printed_at = COALESCE(printed_at, excluded.printed_at), problem = NULL`,
  ).run(key, orderId, at);
}

/** A print that failed: remembered only while the receipt has never printed (a failed reprint leaves the original printed). */
export function markFailed(db: Database, key: string, orderId: string, problem: StoredProblem): void {
  stmt(
    db,
    `INSERT INTO receipt_prints (receipt_key, order_id, printed_at, problem) VALUES (?, ?, NULL, ?)
     ON CONFLICT (receipt_key) DO UPDATE SET problem = CASE WHEN printed_at IS NULL THEN excluded.problem ELSE NULL END`,
  ).run(key, orderId, problem);
}
