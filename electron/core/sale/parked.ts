import type { UnfinishedSale } from '../../../shared/ipc';
import type { StaffMember } from '../../../shared/ipc';
import { stmt } from '../../../domain/store/sqlite/statements';
import type { CounterDb } from '../db/database';

/**
 * Parked and unfinished sales of this counter (docs/counter.md §12): an order of its
 * touchpoint that is open, being paid, or paid but not handed over. A parked sale is one a
 * clerk put aside to serve the next customer; nothing of the order changes by parking it, so a
 * parked order is also still just unfinished, and finishing it (paid and delivered, cancelled,
 * deleted) takes it off the list whether or not it was resumed.
 */

/** The statuses of a sale not yet finished: concept, awaiting payment, pending payment, paid. */
export const UNFINISHED_STATUSES = [1, 2, 3, 4] as const;
const LIST_LIMIT = 50;

/** An unfinished sale as the query reads it: the answer's fields, its parking flat. */
type Row = Omit<UnfinishedSale, 'parked'> & { parkedAt: string | null; parkedBy: string | null };

const SELECT = `SELECT o.order_id AS orderId, o.order_number AS orderNumber, o.created_on AS createdOn, o.status_id AS statusId,
    COALESCE(f.total_amount, 0) AS totalAmount, COALESCE(f.line_count, 0) AS lineCount, COALESCE(f.lines, '') AS lines,
    f.clerk_name AS clerkName, p.parked_at AS parkedAt, p.staff_name AS parkedBy
  FROM orders o LEFT JOIN order_facts f ON f.order_id = o.order_id LEFT JOIN parked_sales p ON p.order_id = o.order_id
  WHERE o.touchpoint_id = ? AND o.status_id IN (${UNFINISHED_STATUSES.join(', ')})`;

const toSale = ({ parkedAt, parkedBy, ...row }: Row): UnfinishedSale => ({
  ...row,
  parked: parkedAt === null ? null : { at: parkedAt, by: parkedBy },
});

/** The counter's unfinished sales, parked ones first, then the newest first. */
export function unfinishedSales(db: CounterDb, touchpointId: number): UnfinishedSale[] {
  const rows = stmt(db, `${SELECT} ORDER BY p.parked_at IS NULL, COALESCE(p.parked_at, o.created_on) DESC LIMIT ${LIST_LIMIT}`).all(
    touchpointId,
  ) as Row[];
  return rows.map(toSale);
}

/** One unfinished sale of the counter; undefined when it is not one (finished, another counter's, unknown). */
export function unfinishedSale(db: CounterDb, touchpointId: number, orderId: string): UnfinishedSale | undefined {
  const row = stmt(db, `${SELECT} AND o.order_id = ?`).get(touchpointId, orderId) as Row | undefined;
  return row && toSale(row);
}

/** Parks a sale (again: the latest park counts), as `by` at `at`. */
export function parkSale(db: CounterDb, orderId: string, at: string, by: StaffMember | null): void {
  stmt(db, 'INSERT OR REPLACE INTO parked_sales (order_id, parked_at, staff_id, staff_name) VALUES (?, ?, ?, ?)').run(
    orderId,
    at,
    by?.staffId ?? null,
    by?.name ?? null,
  );
}

/** Takes a sale off the parked list: it is being served again. */
export function unparkSale(db: CounterDb, orderId: string): void {
  stmt(db, 'DELETE FROM parked_sales WHERE order_id = ?').run(orderId);
}
