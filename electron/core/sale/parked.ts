import type { UnfinishedSale } from '../../../shared/ipc';
import type { StaffMember } from '../../../shared/ipc';
import { stmt } from '../../../domain/store/sqlite/statements';
import type { CounterDb } from '../db/database';
import { touchpointOrdersIn, type OpenOrder } from '../orders';

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

/** A sale's parking as parked_sales holds it. */
interface Parking {
  orderId: string;
  parkedAt: string;
  parkedBy: string | null;
}

/** The unfinished sales of these orders, each with its parking (or none). */
function withParking(db: CounterDb, orders: OpenOrder[]): UnfinishedSale[] {
  const parked = stmt(
    db,
    'SELECT order_id AS orderId, parked_at AS parkedAt, staff_name AS parkedBy FROM parked_sales WHERE order_id IN (SELECT value FROM json_each(?))',
  ).all(JSON.stringify(orders.map((o) => o.orderId))) as Parking[];
  const byOrder = new Map(parked.map((p) => [p.orderId, p]));
  return orders.map((order) => {
    const parking = byOrder.get(order.orderId);
    return { ...order, parked: parking === undefined ? null : { at: parking.parkedAt, by: parking.parkedBy } };
  });
}

/** Parked first, then the latest (parked, else begun) first. */
const latestAt = (sale: UnfinishedSale) => sale.parked?.at ?? sale.createdOn;
const listOrder = (a: UnfinishedSale, b: UnfinishedSale) =>
  Number(a.parked === null) - Number(b.parked === null) || (latestAt(a) < latestAt(b) ? 1 : latestAt(a) > latestAt(b) ? -1 : 0);

/**
 * The counter's unfinished sales, parked ones first, then the newest first. The orders area gives
 * all of the touchpoint's (a counter's open sales are few); their parking is this area's, so the
 * list is ordered and cut here.
 */
export function unfinishedSales(db: CounterDb, touchpointId: number): UnfinishedSale[] {
  return withParking(db, touchpointOrdersIn(db, touchpointId, UNFINISHED_STATUSES))
    .sort(listOrder)
    .slice(0, LIST_LIMIT);
}

/** One unfinished sale of the counter; undefined when it is not one (finished, another counter's, unknown). */
export function unfinishedSale(db: CounterDb, touchpointId: number, orderId: string): UnfinishedSale | undefined {
  return withParking(db, touchpointOrdersIn(db, touchpointId, UNFINISHED_STATUSES, orderId))[0];
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
