import type { CounterDb as Database } from '../db/database';
import { stmt } from '../../../domain/store/sqlite/statements';
import type { CardOwner } from '../../../shared/ipc/cards';
import type { Order } from '../../../shared/schemas/order';

/**
 * Who owns a card, as this counter knows it (docs/counter.md §22.1): the personal data typed on
 * a line sold on the card here, newest first. The lookup interface carries no names, so a search
 * by name and birth date reads the same orders. Retention (docs/counter.md §11) removes them.
 */

interface Found {
  transitTokenId: number;
  owner: CardOwner;
}

const compact = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

function ownersIn(doc: string): Found[] {
  const order = JSON.parse(doc) as Order;
  const found: Found[] = [];
  for (const line of order.orderLines) {
    for (const t of line.customerTokens ?? []) {
      const data = t.personalAccountData;
      if (t.transitTokenId === null || !data?.name) continue;
      found.push({ transitTokenId: t.transitTokenId, owner: { name: data.name, birthdate: data.birthdate, photo: data.photo } });
    }
  }
  return found;
}

export function ownerOf(db: Database, transitTokenId: number): CardOwner | null {
  const docs = stmt(
    db,
    `SELECT o.doc FROM order_tokens t JOIN orders o ON o.order_id = t.order_id
     WHERE t.transit_token_id = ? ORDER BY o.last_updated_on DESC LIMIT 20`,
  ).all(transitTokenId) as { doc: string }[];
  for (const { doc } of docs) {
    const found = ownersIn(doc).find((f) => f.transitTokenId === transitTokenId);
    if (found) return found.owner;
  }
  return null;
}

/** The cards whose owner has this name and birth date (YYYY-MM-DD), by the orders that name them. */
export function cardsOwnedBy(db: Database, name: string, birthDate: string): number[] {
  const docs = stmt(
    db,
    `SELECT DISTINCT o.doc FROM order_tokens t JOIN orders o ON o.order_id = t.order_id
     WHERE instr(o.doc, ?) > 0 ORDER BY o.last_updated_on DESC LIMIT 200`,
  ).all(`"birthdate":"${birthDate}`) as { doc: string }[];
  const wanted = compact(name);
  const ids = docs.flatMap((d) =>
    ownersIn(d.doc)
      .filter((f) => compact(f.owner.name) === wanted && f.owner.birthdate?.slice(0, 10) === birthDate)
      .map((f) => f.transitTokenId),
  );
  return [...new Set(ids)];
}
