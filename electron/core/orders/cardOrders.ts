import type { CounterDb as Database } from '../db/database';
import { stmt } from '../../../domain/store/sqlite/statements';
import type { Order } from '../../../shared/schemas/order';

/**
 * The local orders a card appears on (order_tokens), for the cards area's owners of a card
 * (docs/counter.md §22.1): the newest change first.
 */

/** The latest `limit` orders with a line on the card. */
export function ordersOnCard(db: Database, transitTokenId: number, limit: number): Order[] {
  const docs = stmt(
    db,
    `SELECT o.doc FROM order_tokens t JOIN orders o ON o.order_id = t.order_id
     WHERE t.transit_token_id = ? ORDER BY o.last_updated_on DESC LIMIT ?`,
  ).all(transitTokenId, limit) as { doc: string }[];
  return docs.map(({ doc }) => JSON.parse(doc) as Order);
}

/** The latest `limit` orders on any card whose stored document holds `text` (each once). */
export function cardOrdersHolding(db: Database, text: string, limit: number): Order[] {
  const docs = stmt(
    db,
    `SELECT DISTINCT o.doc FROM order_tokens t JOIN orders o ON o.order_id = t.order_id
     WHERE instr(o.doc, ?) > 0 ORDER BY o.last_updated_on DESC LIMIT ?`,
  ).all(text, limit) as { doc: string }[];
  return docs.map(({ doc }) => JSON.parse(doc) as Order);
}
