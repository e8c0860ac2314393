import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared/schemas/order';
import { catalog, conceptOrder, lineOf, NOW, opContext } from '../../server/testing/orderRecords';
import { runningLines } from './running';
import { seasonQuote } from './seasonRefund';

/** docs/api.md §12.4, §12.4's running products: the guards the HTTP suites cannot reach on their own. */

const SEASON = 'Commuter direct debit'; // 31 days, refund fee 250
const card = 42002;
const onCard = { customerTokens: [{ tokenTypeId: 2, transitTokenId: card }] };

/** The order as if its latest status were `orderStatusId` (4 paid, 1 concept). */
const withStatus = (order: Order, orderStatusId: number, name: string): Order => ({
  ...order,
  order_OrderStatuses: [{ ...order.order_OrderStatuses[0]!, orderStatus: { orderStatusId, name } }, ...order.order_OrderStatuses],
});

const made = (validFrom: string | null, quantity = 1) =>
  conceptOrder(opContext(), [lineOf(SEASON, { validFrom, quantity, ...onCard })]).order;

describe('seasonQuote', () => {
  it('refuses an order that is not paid or delivered, and a line without validFrom', () => {
    const concept = made('2031-03-01T00:00:00Z');
    const q = seasonQuote(concept, concept.orderLines[0]!, catalog, '2031-03-02');
    expect(q.ok ? null : q.refusal).toMatchObject({ kind: 'invalid', detail: 'the order is concept, not paid or delivered' });
    const undated = withStatus(made(null), 4, 'paid');
    const u = seasonQuote(undated, undated.orderLines[0]!, catalog, '2031-03-02');
    expect(u.ok ? null : u.refusal).toMatchObject({ kind: 'invalid', detail: 'the line has no validFrom' });
  });

  it('quotes one of a line of several: its share, never the whole line', () => {
    const paid = withStatus(made('2031-03-01T00:00:00Z', 3), 4, 'paid');
    const line = paid.orderLines[0]!;
    const q = seasonQuote(paid, line, catalog, '2031-03-01');
    expect(q.ok && q.value).toMatchObject({ amountInclTax: Math.floor(line.amountInclTax / 3), daysUsed: 1, daysLeft: 30, fee: 250 });
  });
});

describe('runningLines', () => {
  it('lists a paid line on the card until its validUntil has passed; a concept order runs nothing', () => {
    const concept = made('2031-03-01T00:00:00Z');
    expect(runningLines(concept, card, [card], NOW)).toEqual([]);
    const paid = withStatus(concept, 4, 'paid');
    expect(runningLines(paid, card, [card], NOW).map((p) => p.movedFrom)).toEqual([null]);
    // Moved from the card it was sold on, once that card was replaced by another.
    expect(runningLines(paid, 50_000, [50_000, card], NOW).map((p) => p.movedFrom)).toEqual([card]);
    const ended = new Date(Date.parse(paid.orderLines[0]!.validUntil!));
    expect(runningLines(paid, card, [card], ended)).toEqual([]);
  });
});
