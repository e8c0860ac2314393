import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { conceptOrder, lineOf, valueOf } from '../../server/testing/orderRecords';
import { orderMoney } from '../../server/testing/payments';
import { addRefund, changePaymentStatus } from './payments';
import { lineShare } from './returns';
import { currentStatus } from './settle';

/** docs/api.md §7.1, returns by line: a refund naming the lines it returns. */

const { ctx, refund, refunded, pay } = orderMoney();

/** Three Single tickets (825 cents) and one Single ticket (275), paid in full in cash. */
function paidTwoLines() {
  const record = pay(conceptOrder(ctx, [lineOf('Single ticket', { quantity: 3 }), lineOf('Single ticket')]), 1100).record;
  const [three, one] = record.order.orderLines.map((l) => l.orderLineId) as [string, string];
  return { record, three, one };
}

const returned = (record: { order: { orderLines: { returnedQuantity: number }[] } }) =>
  record.order.orderLines.map((l) => l.returnedQuantity);

describe('returns by line', () => {
  it('every line starts with nothing returned', () => {
    expect(returned(paidTwoLines().record)).toEqual([0, 0]);
  });

  it('a refund of 2 of 3 tickets records its lines, counts them on the line and leaves the order paid', () => {
    const { record, three } = paidTwoLines();
    const made = refunded(record, refund(550, { lines: [{ orderLineId: three, quantity: 2 }] }));
    expect(returned(made.record)).toEqual([2, 0]);
    expect(made.record.order.payments.find((p) => p.paymentId === made.paymentId)!.lines).toEqual([{ orderLineId: three, quantity: 2 }]);
    expect(currentStatus(made.record.order)).toBe('paid');
  });

  it('a line cannot be returned beyond what is left of it: 400 naming the line', () => {
    const { record, three } = paidTwoLines();
    const after = refunded(record, refund(550, { lines: [{ orderLineId: three, quantity: 2 }] })).record;
    expect(addRefund(after, refund(275, { lines: [{ orderLineId: three, quantity: 2 }] }), ctx)).toMatchObject({
      ok: false,
      refusal: {
        kind: 'invalid',
        errors: [{ detail: `order line ${three} has 1 of its 3 left to return`, pointer: '/lines/0/quantity', orderLineId: three }],
      },
    });
    expect(returned(refunded(after, refund(275, { lines: [{ orderLineId: three, quantity: 1 }] })).record)).toEqual([3, 0]);
  });

  it('an unknown line, and a line named twice, are refused pointing at them', () => {
    const { record, one } = paidTwoLines();
    const unknown = '00000000-0000-4000-8000-00000000dead';
    expect(addRefund(record, refund(100, { lines: [{ orderLineId: unknown, quantity: 1 }] }), ctx)).toMatchObject({
      ok: false,
      refusal: { errors: [{ detail: `there is no order line ${unknown} on the order`, pointer: '/lines/0/orderLineId' }] },
    });
    const twice = [
      { orderLineId: one, quantity: 1 },
      { orderLineId: one, quantity: 1 },
    ];
    expect(addRefund(record, refund(100, { lines: twice }), ctx)).toMatchObject({
      ok: false,
      refusal: { errors: [{ detail: `order line ${one} is named twice`, pointer: '/lines/1/orderLineId' }] },
    });
  });

  it("the amount is at most the lines' share, and may be less", () => {
    const { record, three, one } = paidTwoLines();
    const lines = [
      { orderLineId: three, quantity: 1 },
      { orderLineId: one, quantity: 1 },
    ];
    expect(addRefund(record, refund(551, { lines }), ctx)).toMatchObject({
      ok: false,
      refusal: { errors: [{ detail: 'the refund of these lines must be at most their 550 cents', pointer: '/amountDebit', amount: 550 }] },
    });
    expect(returned(refunded(record, refund(500, { lines })).record)).toEqual([1, 1]);
  });

  it('the money rule still holds: never more than the settled money not yet refunded', () => {
    const { record, one } = paidTwoLines();
    const after = refunded(record, refund(1000)).record;
    expect(addRefund(after, refund(275, { lines: [{ orderLineId: one, quantity: 1 }] }), ctx)).toMatchObject({
      ok: false,
      refusal: { errors: [{ detail: 'the refund must be between 1 and the 100 cents that may be refunded', pointer: '/amountDebit' }] },
    });
  });

  it('a pending return counts; once it fails, the tickets may be returned again', () => {
    const { record, one } = paidTwoLines();
    const pending = refunded(record, refund(275, { statusCode: 'PENDING', lines: [{ orderLineId: one, quantity: 1 }] }));
    expect(returned(pending.record)).toEqual([0, 1]);
    const failed = valueOf(changePaymentStatus(pending.record, pending.paymentId, { statusCode: 'FAILED' }, ctx));
    expect(returned(failed)).toEqual([0, 0]);
    expect(returned(refunded(failed, refund(275, { lines: [{ orderLineId: one, quantity: 1 }] })).record)).toEqual([0, 1]);
  });

  it('a full refund naming every line cancels the order, as any full refund does', () => {
    const { record, three, one } = paidTwoLines();
    const lines = [
      { orderLineId: three, quantity: 3 },
      { orderLineId: one, quantity: 1 },
    ];
    const made = refunded(record, refund(1100, { lines })).record;
    expect(currentStatus(made.order)).toBe('cancelled');
    expect(returned(made)).toEqual([3, 1]);
  });

  it("a line's shares, returned in any steps, add up to its amount exactly", () => {
    expect([lineShare({ amountInclTax: 100, quantity: 3 }, 0, 1), lineShare({ amountInclTax: 100, quantity: 3 }, 1, 1)]).toEqual([33, 33]);
    expect(lineShare({ amountInclTax: 100, quantity: 3 }, 2, 1)).toBe(34);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 20 }),
        (amount, steps) => {
          const quantity = steps.reduce((a, b) => a + b, 0);
          let before = 0;
          let total = 0;
          for (const k of steps) {
            const share = lineShare({ amountInclTax: amount, quantity }, before, k);
            expect(share).toBeGreaterThanOrEqual(0);
            total += share;
            before += k;
          }
          expect(total).toBe(amount);
        },
      ),
    );
  });
});
