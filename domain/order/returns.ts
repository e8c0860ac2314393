import type { Order, OrderLine, ReturnedLine } from '../../shared/schemas/order';
import type { ProblemError } from '../../shared/schemas/problem';
import { paymentState } from './money';

/**
 * Returns by line (docs/api.md §7.1): a refund may name the lines it returns. What was returned
 * of a line counts its settled and pending refunds, so a refund that fails or is cancelled gives
 * the quantity back to be returned again.
 */

/** How many of each line the order's settled and pending refunds return. */
export function returnedQuantities(order: Pick<Order, 'payments'>): Map<string, number> {
  const returned = new Map<string, number>();
  for (const refund of order.payments) {
    const state = paymentState(refund);
    if (!refund.isRefund || !refund.lines || (state !== 'SETTLED' && state !== 'PENDING')) continue;
    for (const l of refund.lines) returned.set(l.orderLineId, (returned.get(l.orderLineId) ?? 0) + l.quantity);
  }
  return returned;
}

/** Each line with its `returnedQuantity` as the order's refunds have it. */
export function withReturns(order: Order): Order {
  const returned = returnedQuantities(order);
  return { ...order, orderLines: order.orderLines.map((line) => ({ ...line, returnedQuantity: returned.get(line.orderLineId) ?? 0 })) };
}

/**
 * The money of `quantity` more of a line when `before` were returned already: ⌊A×(r+k)/Q⌋ −
 * ⌊A×r/Q⌋ in whole cents, so that a line returned in any number of steps gives back exactly its
 * amount, never a cent more (docs/api.md §7.1, "Decided here").
 */
export function lineShare(line: Pick<OrderLine, 'amountInclTax' | 'quantity'>, before: number, quantity: number): number {
  const upTo = (n: number) => Math.floor((line.amountInclTax * n) / line.quantity);
  return upTo(before + quantity) - upTo(before);
}

/**
 * The named lines judged against the order: each must be a line of it, named once, and not
 * returned beyond its quantity. Answers the errors (pointing into the request's `lines`) or the
 * most the refund may give back for them.
 */
export function judgeReturn(order: Order, lines: ReturnedLine[]): { errors: ProblemError[]; share: number } {
  const returned = returnedQuantities(order);
  const errors: ProblemError[] = [];
  let share = 0;
  lines.forEach((wanted, i) => {
    const line = order.orderLines.find((l) => l.orderLineId === wanted.orderLineId);
    const pointer = `/lines/${i}`;
    if (!line) {
      errors.push({ detail: `there is no order line ${wanted.orderLineId} on the order`, pointer: `${pointer}/orderLineId` });
    } else if (lines.findIndex((l) => l.orderLineId === wanted.orderLineId) !== i) {
      errors.push({ detail: `order line ${wanted.orderLineId} is named twice`, pointer: `${pointer}/orderLineId` });
    } else {
      const before = returned.get(line.orderLineId) ?? 0;
      const left = line.quantity - before;
      if (wanted.quantity > left) {
        errors.push({
          detail: `order line ${line.orderLineId} has ${left} of its ${line.quantity} left to return`,
          pointer: `${pointer}/quantity`,
          orderLineId: line.orderLineId,
        });
      } else {
        share += lineShare(line, before, wanted.quantity);
      }
    }
  });
  return { errors, share };
}

/** "2× Single ticket, 1× Day pass": the lines returned, by the names they were sold under. */
export function returnedItems(
  lines: { orderLineId: string; quantity: number }[],
  orderLines: { orderLineId: string; productName: string }[],
): string {
  return lines.map((l) => `${l.quantity}× ${orderLines.find((o) => o.orderLineId === l.orderLineId)?.productName ?? '?'}`).join(', ');
}
