import { describe, expect, it } from 'vitest';
import { countingIds } from '../../server/testing/harness';
import { draftOrder } from '../../server/testing/drafts';
import { otherFixtures } from '../../server/testing/fixtures';
import { Catalog } from '../catalog';
import type { OpContext } from '../order/context';
import { addLine } from '../order/operations';
import { addPayment, addRefund, changePaymentStatus } from '../order/payments';
import type { Result } from '../result';
import { linesText, movementsOf, orderFactOf } from './figures';

/** One order's facts as the reports read them: its money movements, its headline and its lines (domain/reports/figures.ts). */
describe('the facts of one order', () => {
  const catalog = new Catalog(otherFixtures());
  const newId = countingIds('cccccccc');
  const at = (now: string): OpContext => ({ catalog, now: new Date(now), newId });
  const done = <T>(result: Result<T>): T => {
    if (!result.ok) throw new Error(JSON.stringify(result.refusal));
    return result.value;
  };
  // Made at 08:30 (drafts.ts): a single ticket (275), then three more on a second line.
  const made = done(addLine(draftOrder(), { productId: 9200, quantity: 3, vouchers: [] }, at('2031-03-02T08:31:00.000Z')));
  const cash = { paymentMethodId: 41, operatorPaymentReference: 'cash-1', statusCode: 'PENDING' as const };
  const paying = done(addPayment(made, { ...cash, amountDebit: 600 }, at('2031-03-02T08:32:00.000Z')));
  const second = done(addPayment(paying.record, { ...cash, operatorPaymentReference: 'debit-1', paymentMethodId: 42, amountDebit: 500 }, at('2031-03-02T08:33:00.000Z')));
  const settled = done(changePaymentStatus(second.record, paying.paymentId, { statusCode: 'SETTLED' }, at('2031-03-02T08:34:00.000Z')));
  const refund = { paymentMethodId: 41, amountDebit: 100, operatorPaymentReference: 'back-1', reason: 'one ticket too many', statusCode: 'SETTLED' as const };
  const refunded = done(addRefund(settled, refund, at('2031-03-02T08:35:00.000Z')));
  const order = refunded.record.order;

  it('a movement per payment and refund: method, amount, state, when made, when settled, when last changed', () => {
    expect(movementsOf(order)).toEqual([
      {
        paymentId: paying.paymentId,
        orderId: order.orderId,
        paymentMethodId: 41,
        methodName: 'Cash',
        provider: 'till',
        isRefund: false,
        amount: 600,
        state: 'SETTLED',
        createdOn: '2031-03-02T08:32:00.000Z',
        settledAt: '2031-03-02T08:34:00.000Z',
        lastAt: '2031-03-02T08:34:00.000Z',
      },
      {
        paymentId: second.paymentId,
        orderId: order.orderId,
        paymentMethodId: 42,
        methodName: 'Direct debit',
        provider: 'sepa-x',
        isRefund: false,
        amount: 500,
        state: 'PENDING',
        createdOn: '2031-03-02T08:33:00.000Z',
        settledAt: null,
        lastAt: '2031-03-02T08:33:00.000Z',
      },
      {
        paymentId: refunded.paymentId,
        orderId: order.orderId,
        paymentMethodId: 41,
        methodName: 'Cash',
        provider: 'till',
        isRefund: true,
        amount: 100,
        state: 'SETTLED',
        createdOn: '2031-03-02T08:35:00.000Z',
        settledAt: '2031-03-02T08:35:00.000Z',
        lastAt: '2031-03-02T08:35:00.000Z',
      },
    ]);
  });

  it('an order fact: its headline, its current status, and each line’s amount as the line has it', () => {
    const clerk = { staffId: 'anna', name: 'Anna' };
    expect(orderFactOf(order, clerk)).toEqual({
      orderId: order.orderId,
      orderNumber: order.orderNumber,
      createdOn: '2031-03-02T08:30:00.000Z',
      statusId: 3,
      totalAmount: 1100,
      clerk,
      // The settled refund of €1.00.
      refundedAmount: 100,
      lines: [
        { productId: 9200, productName: 'Single ticket', quantity: 1, amount: 275 },
        { productId: 9200, productName: 'Single ticket', quantity: 3, amount: 825 },
      ],
    });
    expect(orderFactOf(order, null).clerk).toBeNull();
  });

  it('the lines as one text: quantity and product, comma-separated', () => {
    expect(linesText(orderFactOf(order, null).lines)).toBe('1× Single ticket, 3× Single ticket');
  });
});
