import type { CounterDb as Database } from '../db/database';
import { stmt } from '../../../domain/store/sqlite/statements';
import type { Order } from '../../../shared/schemas/order';

/**
 * The local orders a card appears on (order_tokens), for the cards area: the owners of a card
 * (docs/counter.md §22.1), newest change first, and whether a sale on it still waits for the
 * central before its block may go (docs/counter.md §22.2).
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

/**
 * Whether a sale on the card queued in the outbox at or before `upToSeq` still waits there (and
 * is not set aside for a manager). Outbox rows are compared by seq, not by clock; with no seq
 * (the outbox was empty) none does.
 */
export function cardSaleWaiting(db: Database, transitTokenId: number, upToSeq: number | null): boolean {
  if (upToSeq === null) return false;
  const row = stmt(
    db,
    `SELECT 1 FROM outbox o JOIN order_tokens t ON t.order_id = o.order_id
     WHERE t.transit_token_id = ? AND o.seq <= ?
       AND o.order_id NOT IN (SELECT order_id FROM sync_orders WHERE set_aside = 1) LIMIT 1`,
  ).get(transitTokenId, upToSeq);
  return row !== undefined;
}
