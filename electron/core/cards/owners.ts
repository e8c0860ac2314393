import type { CounterDb as Database } from '../db/database';
import type { CardOwner } from '../../../shared/ipc/cards';
import type { Order } from '../../../shared/schemas/order';
import { cardOrdersHolding, ordersOnCard } from '../orders';

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

function ownersIn(order: Order): Found[] {
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
  for (const order of ordersOnCard(db, transitTokenId, 20)) {
    const found = ownersIn(order).find((f) => f.transitTokenId === transitTokenId);
    if (found) return found.owner;
  }
  return null;
}

/** The cards whose owner has this name and birth date (YYYY-MM-DD), by the orders that name them. */
export function cardsOwnedBy(db: Database, name: string, birthDate: string): number[] {
  const wanted = compact(name);
  const ids = cardOrdersHolding(db, `"birthdate":"${birthDate}`, 200).flatMap((order) =>
    ownersIn(order)
      .filter((f) => compact(f.owner.name) === wanted && f.owner.birthdate?.slice(0, 10) === birthDate)
      .map((f) => f.transitTokenId),
  );
  return [...new Set(ids)];
}
