import type { Order, OrderLine, ReturnedLine } from '../../shared/schemas/order';
import type { ProblemError } from '../../shared/schemas/problem';
import type { RefundQuote } from '../../shared/schemas/cards';
import type { Catalog } from '../catalog';
import { returnedQuantities, lineShare } from '../order/returns';
import { currentStatus } from '../order/settle';
import { invalid, ok, type Result } from '../result';
import { amsterdamDay, quoteFigures, SEASON_MIN_DAYS } from './refundQuote';

/** A season line's quote for a day (docs/api.md §12.4), or why the line has none. */
export function seasonQuote(order: Order, line: OrderLine, catalog: Catalog, on: string): Result<RefundQuote> {
  const why = (detail: string) =>
    invalid<RefundQuote>([{ detail, pointer: '', orderLineId: line.orderLineId }], 'The line has no refund quote', detail);
  const product = catalog.products.get(line.productId);
  const validityDays = product?.validityDays ?? null;
  if (validityDays === null || validityDays < SEASON_MIN_DAYS) {
    return why(`${line.productName} is not a season product (valid for at least ${SEASON_MIN_DAYS} days)`);
  }
  const status = currentStatus(order);
  if (status !== 'paid' && status !== 'delivered') return why(`the order is ${status}, not paid or delivered`);
  const returned = returnedQuantities(order).get(line.orderLineId) ?? 0;
  if (returned >= line.quantity) return why('the line was returned already');
  if (line.validFrom === null) return why('the line has no validFrom');
  // A line of several is quoted for one of them: what the next one returned would give back.
  const amountInclTax = lineShare(line, returned, 1);
  const figures = quoteFigures({ amountInclTax, validFrom: line.validFrom, validityDays, fee: product?.refundFeeInclTax ?? 0, on });
  return ok({ orderLineId: line.orderLineId, amountInclTax, validFrom: line.validFrom, validUntil: line.validUntil, ...figures });
}

/**
 * The refund cap of docs/api.md §12.4 on a return by line: a season line already started
 * gives back at most today's quote for each of it returned. Answers the error naming the quoted
 * amount, or null when the refund stays within it.
 */
export function seasonCapError(
  order: Order,
  lines: readonly ReturnedLine[],
  amountDebit: number,
  catalog: Catalog,
  now: Date,
): ProblemError | null {
  const today = amsterdamDay(now);
  let cap = 0;
  let capped = false;
  const returned = returnedQuantities(order);
  for (const wanted of lines) {
    const line = order.orderLines.find((l) => l.orderLineId === wanted.orderLineId);
    if (!line) return null;
    const quote = seasonQuote(order, line, catalog, today);
    if (quote.ok && quote.value.daysUsed > 0) {
      capped = true;
      cap += quote.value.refundable * wanted.quantity;
    } else {
      cap += lineShare(line, returned.get(line.orderLineId) ?? 0, wanted.quantity);
    }
  }
  if (!capped || amountDebit <= cap) return null;
  return {
    detail: `the season product has started: today's quote gives back at most ${cap} cents`,
    pointer: '/amountDebit',
    amount: cap,
  };
}
