/**
 * A stored order's text with `returnedQuantity: 0` on each line that has none (docs/api.md
 * §7.1), or null when it needs no change. Used by the SQLite migration that brings stored
 * orders to returns by line; the PostgreSQL one does the same in SQL.
 */
export function withReturnedQuantity(doc: string): string | null {
  const order = JSON.parse(doc) as { orderLines?: unknown };
  if (!Array.isArray(order.orderLines)) return null;
  const lines = order.orderLines as Record<string, unknown>[];
  if (lines.every((l) => 'returnedQuantity' in l)) return null;
  return JSON.stringify({ ...order, orderLines: lines.map((l) => ('returnedQuantity' in l ? l : { ...l, returnedQuantity: 0 })) });
}
