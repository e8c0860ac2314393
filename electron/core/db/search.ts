import type { Database } from 'better-sqlite3';
import type { OrderSummary } from '../../../shared/ipc';
import type { Catalog } from '../../../domain/catalog';

/**
 * Finding orders at the counter: by the local or the central order number, by a pass
 * number (registered or anonymous), by the last digits of a bank card, or by xTat; or
 * all orders of a day.
 */
export function searchOrders(
  db: Database,
  catalog: Catalog,
  q: { text: string; from?: string; to?: string; orderStatusId?: number[]; limit: number },
): OrderSummary[] {
  const where: string[] = [];
  const args: unknown[] = [];
  const text = q.text.trim();
  if (text !== '') {
    const compact = text.replace(/\s+/g, '');
    const tokenIds = [...catalog.tokens.values()]
      .filter(
        (t) =>
          (t.passNumber ?? '').replace(/\s+/g, '') === compact ||
          String(t.lastDigits ?? '') === compact ||
          t.xTat.toLowerCase() === compact.toLowerCase(),
      )
      .map((t) => t.transitTokenId);
    where.push(`(o.order_number = ? OR s.central_order_number = ?
      OR o.order_id IN (SELECT order_id FROM order_tokens WHERE transit_token_id IN (${tokenIds.map(() => '?').join(',')}))
      OR EXISTS (SELECT 1 FROM json_each(o.doc, '$.orderLines') l, json_each(l.value, '$.customerTokens') t
                 WHERE replace(json_extract(t.value, '$.passNumber'), ' ', '') = ?))`);
    args.push(text, text, ...tokenIds, compact);
  }
  if (q.from) {
    where.push('o.created_on >= ?');
    args.push(q.from);
  }
  if (q.to) {
    where.push('o.created_on < ?');
    args.push(q.to);
  }
  if (q.orderStatusId && q.orderStatusId.length > 0) {
    where.push(`o.status_id IN (${q.orderStatusId.map(() => '?').join(',')})`);
    args.push(...q.orderStatusId);
  }
  const rows = db
    .prepare(
      `SELECT o.order_id AS orderId, o.order_number AS orderNumber, s.central_order_number AS centralOrderNumber,
         o.created_on AS createdOn, o.status_id AS statusId,
         json_extract(o.doc, '$.totalAmount') AS totalAmount, json_array_length(o.doc, '$.orderLines') AS lineCount,
         COALESCE(s.state, 'pending') AS syncState
       FROM orders o LEFT JOIN sync_orders s ON s.order_id = o.order_id
       ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY o.created_on DESC, o.order_id DESC LIMIT ?`,
    )
    .all(...args, q.limit) as OrderSummary[];
  return rows;
}
