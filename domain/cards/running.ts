import type { Order, OrderLine } from '../../shared/schemas/order';
import type { RunningProduct } from '../../shared/schemas/cards';
import type { FixtureTransitToken } from '../../shared/schemas/reference';
import { returnedQuantities } from '../order/returns';
import { currentStatus } from '../order/settle';

/** What runs on a card (docs/api.md §12.3): lines of paid or delivered orders, not returned, not yet ended. */

/** The card and every card replaced by it, directly or through others: the lines sold on them run on it. */
export function cardLineage(cards: Iterable<FixtureTransitToken>, transitTokenId: number): number[] {
  const all = [...cards];
  const lineage = [transitTokenId];
  for (let i = 0; i < lineage.length; i++) {
    for (const c of all) if (c.replacedByTokenId === lineage[i] && !lineage.includes(c.transitTokenId)) lineage.push(c.transitTokenId);
  }
  return lineage;
}

const soldOn = (line: OrderLine, cards: readonly number[]) =>
  line.customerTokens?.find((t) => t.transitTokenId !== null && cards.includes(t.transitTokenId))?.transitTokenId;

/** Whether a line has ended: returned in full, or its validUntil passed. */
export const lineEnded = (order: Order, line: OrderLine, now: Date) =>
  (returnedQuantities(order).get(line.orderLineId) ?? 0) >= line.quantity ||
  (line.validUntil !== null && Date.parse(line.validUntil) <= now.getTime());

/** The order's lines that run on `cardId`, sold on one of `lineage` (the card and those it replaced). */
export function runningLines(order: Order, cardId: number, lineage: readonly number[], now: Date): RunningProduct[] {
  const status = currentStatus(order);
  if (status !== 'paid' && status !== 'delivered') return [];
  return order.orderLines.flatMap((line) => {
    const card = soldOn(line, lineage);
    if (card === undefined || lineEnded(order, line, now)) return [];
    return [
      {
        orderId: order.orderId,
        orderNumber: order.orderNumber,
        orderLineId: line.orderLineId,
        productId: line.productId,
        productName: line.productName,
        validFrom: line.validFrom,
        validUntil: line.validUntil,
        amountInclTax: line.amountInclTax,
        movedFrom: card === cardId ? null : card,
      },
    ];
  });
}
