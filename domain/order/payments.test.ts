import { describe, expect, it } from 'vitest';
import { invalid, notFound } from '../result';
import {
  NOW_ISO,
  catalog,
  fixtures,
  conceptOrder,
  lineOf,
  mandateInput,
  opContext,
  productNamed,
  valueOf,
} from '../../server/testing/orderRecords';
import { CASH, ORDER_STATUS_POINTER, orderMoney, statuses } from '../../server/testing/payments';
import { Catalog } from '../catalog';
import { addPayment, cancelPending, changePaymentStatus } from './payments';
import { currentStatus, withStatus } from './settle';

/** docs/api.md §7.1 and §8 on one order: what is still to be paid, a payment's status (refunds: refunds.test.ts). */

const DIRECT_DEBIT = 42;

const { ctx, payment, refund, single, paid, refunded, paidOrder } = orderMoney();

describe('what is still to be paid counts pending payments', () => {
  it('a second pending payment of exactly the rest is accepted, the two together make the total', () => {
    const first = paid(single(), payment(200));
    const second = paid(first.record, payment(75));
    expect(second.record.order.payments.map((p) => p.amountDebit)).toEqual([200, 75]);
    expect(currentStatus(second.record.order)).toBe('pendingPayment');
  });

  it('a second pending payment one cent over the rest is refused, naming what is still to be paid', () => {
    const first = paid(single(), payment(200));
    expect(addPayment(first.record, payment(76), ctx)).toEqual(
      invalid([{ detail: 'the amount must be between 1 and the 75 cents still to be paid', pointer: '/amountDebit' }]),
    );
  });

  it('a first payment of the total is accepted and one of a cent more is refused', () => {
    expect(paid(single(), payment(275)).record.order.payments).toHaveLength(1);
    expect(addPayment(single(), payment(276), ctx)).toMatchObject({
      ok: false,
      refusal: { errors: [{ detail: 'the amount must be between 1 and the 275 cents still to be paid' }] },
    });
  });

  it('a payment of nothing is refused while money is still to be paid', () => {
    expect(addPayment(single(), payment(0), ctx)).toMatchObject({
      ok: false,
      refusal: { errors: [{ detail: 'the amount must be between 1 and the 275 cents still to be paid', pointer: '/amountDebit' }] },
    });
  });

  it('a failed pending payment no longer counts: its amount may be paid again', () => {
    const first = paid(single(), payment(275));
    const failed = valueOf(changePaymentStatus(first.record, first.paymentId, { statusCode: 'FAILED' }, ctx));
    expect(paid(failed, payment(275)).record.order.payments).toHaveLength(2);
  });

  it('settled money counts too: after 100 settled, 175 more is accepted and 176 refused', () => {
    const part = paid(single(), payment(100, { statusCode: 'SETTLED' })).record;
    expect(addPayment(part, payment(176), ctx)).toMatchObject({ ok: false, refusal: { kind: 'invalid' } });
    expect(paid(part, payment(175)).record.order.payments).toHaveLength(2);
  });
});

describe('an order that costs nothing', () => {
  const companion = { ...productNamed('Single ticket'), productId: 9990, productName: 'Companion', amountInclTax: 0 };
  const free = opContext({ catalog: new Catalog({ ...fixtures, products: [...fixtures.products, companion] }) });
  const freeOrder = () => conceptOrder(free, [{ productId: companion.productId, quantity: 1, vouchers: [] }]);

  it('is paid by a payment of nothing, and stays paid when that payment then fails', () => {
    const made = valueOf(addPayment(freeOrder(), payment(0), free));
    expect(currentStatus(made.record.order)).toBe('paid');
    const failed = valueOf(changePaymentStatus(made.record, made.paymentId, { statusCode: 'FAILED' }, free));
    expect(currentStatus(failed.order)).toBe('paid');
  });

  it('takes no payment of a cent', () => {
    expect(addPayment(freeOrder(), payment(1), free)).toMatchObject({
      ok: false,
      refusal: { errors: [{ detail: 'the amount must be between 1 and the 0 cents still to be paid' }] },
    });
  });
});

describe('addPayment', () => {
  it('a pending payment moves a concept order through awaitingPayment to pendingPayment and records the payment in full', () => {
    const { record, paymentId } = paid(single(), payment(275, { operatorPaymentReference: 'op-full', pspPaymentReference: 'psp-1' }));
    expect(statuses(record)).toEqual([
      ['pendingPayment', 'Payment started'],
      ['awaitingPayment', 'Payment requested'],
      ['concept', 'Order created'],
    ]);
    expect(record.order.payments).toEqual([
      {
        paymentId,
        createdOn: NOW_ISO,
        amountDebit: 275,
        paymentMethod: catalog.paymentMethods.get(CASH),
        touchPoint: record.order.touchPoint,
        operatorPaymentReference: 'op-full',
        isRefund: false,
        pspPaymentReference: 'psp-1',
        mandateInput: null,
        paymentStatuses: [
          {
            paymentStatusId: expect.any(String),
            createdOn: NOW_ISO,
            statusCode: 'PENDING',
            statusDescription: 'Payment started',
            statusSubCode: '',
            statusSubDescription: '',
          },
        ],
      },
    ]);
  });

  it('a payment settled at once pays the order: its statuses are SETTLED then PENDING', () => {
    const { record } = paid(single(), payment(275, { statusCode: 'SETTLED' }));
    expect(statuses(record)[0]).toEqual(['paid', 'Order paid']);
    expect(record.order.payments[0]!.pspPaymentReference).toBe('');
    expect(record.order.payments[0]!.paymentStatuses.map((s) => [s.statusCode, s.statusDescription])).toEqual([
      ['SETTLED', 'Paid at the counter'],
      ['PENDING', 'Payment started'],
    ]);
  });

  it('a further payment on a pendingPayment order adds no status entry', () => {
    const first = paid(single(), payment(100)).record;
    const second = paid(first, payment(100)).record;
    expect(statuses(second)).toEqual(statuses(first));
  });

  it('a payment on an awaitingPayment order adds only pendingPayment', () => {
    const first = paid(single(), payment(100));
    const awaiting = valueOf(changePaymentStatus(first.record, first.paymentId, { statusCode: 'CANCELLED' }, ctx));
    expect(statuses(awaiting)[0]).toEqual(['awaitingPayment', 'No payment is pending any more']);
    expect(statuses(paid(awaiting, payment(100)).record).slice(0, 2)).toEqual([
      ['pendingPayment', 'Payment started'],
      ['awaitingPayment', 'No payment is pending any more'],
    ]);
  });

  it('a partial settled payment leaves the order pendingPayment', () => {
    expect(currentStatus(paid(single(), payment(274, { statusCode: 'SETTLED' })).record.order)).toBe('pendingPayment');
  });

  it('the same operatorPaymentReference again is a conflict naming the first payment, even on a paid order', () => {
    const first = paid(single(), payment(275, { operatorPaymentReference: 'op-twice', statusCode: 'SETTLED' }));
    expect(addPayment(first.record, payment(1, { operatorPaymentReference: 'op-twice' }), ctx)).toEqual({
      ok: false,
      refusal: {
        kind: 'conflict',
        detail: 'The order already has a payment or refund with this operatorPaymentReference; nothing was changed.',
        errors: [
          {
            detail: 'the operatorPaymentReference is already used in this order',
            pointer: '/operatorPaymentReference',
            paymentId: first.paymentId,
          },
        ],
      },
    });
  });

  it('a paid order cannot be paid again', () => {
    expect(addPayment(paidOrder(), payment(1), ctx)).toEqual(
      invalid([{ detail: 'the order cannot be paid: its status is paid', pointer: ORDER_STATUS_POINTER, orderStatusId: 4 }]),
    );
  });

  it('an unknown payment method is refused', () => {
    expect(addPayment(single(), payment(275, { paymentMethodId: 49 }), ctx)).toMatchObject({
      ok: false,
      refusal: { errors: [{ detail: 'there is no payment method 49', pointer: '/paymentMethodId' }] },
    });
  });

  it('an order without lines is not ready for payment', () => {
    expect(addPayment(conceptOrder(ctx, []), payment(0), ctx)).toEqual(
      invalid(
        [{ detail: 'the order has no lines', pointer: '/orderLines' }],
        'The order is not ready for payment',
        'Resolve the remarks and errors of its lines first.',
      ),
    );
  });

  it("each remark and error of the lines is named with where it is and the line's product", () => {
    // Line 2 lacks its start date; line 3 carries an inactive card (status 5).
    const record = conceptOrder(ctx, [
      lineOf('Single ticket'),
      lineOf('Day return'),
      lineOf('Anonymous card top-up', { customerTokens: [{ tokenTypeId: 1, transitTokenId: 42003 }] }),
    ]);
    expect(addPayment(record, payment(100), ctx)).toMatchObject({
      ok: false,
      refusal: {
        errors: [
          { detail: 'order line 2 is not complete: VALIDFROM_REQUIRED', pointer: '/orderLines/1/additionalRemarks/0', productId: 9201 },
          {
            detail: 'order line 3 is not valid: the token is not active: its status is suspended',
            pointer: '/orderLines/2/customerTokens/0/transitTokenId',
            productId: 9300,
          },
        ],
      },
    });
  });

  it('mandate input excuses only the missing mandate, not another remark', () => {
    const record = conceptOrder(ctx, [lineOf('Day return')]);
    expect(addPayment(record, payment(515, { paymentMethodId: DIRECT_DEBIT, mandateInput }), ctx)).toMatchObject({
      ok: false,
      refusal: { errors: [{ detail: 'order line 1 is not complete: VALIDFROM_REQUIRED' }] },
    });
  });

  it('the missing mandate is no gap for a payment that brings mandate input, and the mandate input is recorded', () => {
    // Token 42005's owner (77004) has no signed mandate; the line starts in a week.
    const commuter = lineOf('Commuter direct debit', {
      validFrom: '2031-03-09T00:00:00.000Z',
      customerTokens: [{ tokenTypeId: 1, transitTokenId: 42005 }],
    });
    const record = conceptOrder(ctx, [commuter]);
    expect(addPayment(record, payment(8950, { paymentMethodId: DIRECT_DEBIT }), ctx)).toMatchObject({
      ok: false,
      refusal: { errors: [{ detail: 'order line 1 is not complete: MANDATE_REQUIRED', pointer: '/orderLines/0/additionalRemarks/0' }] },
    });
    const made = paid(record, payment(8950, { paymentMethodId: DIRECT_DEBIT, mandateInput }));
    const { directDebitMandateTypeId, ...given } = mandateInput;
    expect(made.record.order.payments[0]!.mandateInput).toEqual({
      mandateInputId: expect.any(String),
      directDebitMandateType: { directDebitMandateTypeId, name: 'electronic bank mandate' },
      createdOn: NOW_ISO,
      ...given,
    });
    // With the mandate payment on the order the line is complete.
    expect(made.record.order.orderLines[0]!.additionalRemarks).toEqual([]);
  });
});

describe('changePaymentStatus', () => {
  it('settling the pending payment of the total pays the order and records the status given', () => {
    const first = paid(single(), payment(275));
    const settled = valueOf(
      changePaymentStatus(first.record, first.paymentId, { statusCode: 'SETTLED', statusDescription: 'ok', statusSubCode: 'A1' }, ctx),
    );
    expect(statuses(settled)[0]).toEqual(['paid', 'Order paid']);
    expect(settled.order.payments[0]!.paymentStatuses[0]).toEqual({
      paymentStatusId: expect.any(String),
      createdOn: NOW_ISO,
      statusCode: 'SETTLED',
      statusDescription: 'ok',
      statusSubCode: 'A1',
      statusSubDescription: '',
    });
  });

  it('a status without description or sub-code records them empty', () => {
    const first = paid(single(), payment(275));
    const failed = valueOf(changePaymentStatus(first.record, first.paymentId, { statusCode: 'FAILED' }, ctx));
    expect(failed.order.payments[0]!.paymentStatuses[0]).toMatchObject({ statusCode: 'FAILED', statusDescription: '', statusSubCode: '' });
  });

  it('a failed payment beside a settled one keeps the order pendingPayment', () => {
    const part = paid(single(), payment(100, { statusCode: 'SETTLED' })).record;
    const second = paid(part, payment(175));
    const failed = valueOf(changePaymentStatus(second.record, second.paymentId, { statusCode: 'FAILED' }, ctx));
    expect(currentStatus(failed.order)).toBe('pendingPayment');
  });

  it('a failed payment beside another pending one keeps the order pendingPayment', () => {
    const first = paid(single(), payment(100));
    const second = paid(first.record, payment(100)).record;
    const failed = valueOf(changePaymentStatus(second, first.paymentId, { statusCode: 'FAILED' }, ctx));
    expect(currentStatus(failed.order)).toBe('pendingPayment');
  });

  it('only the payment named changes', () => {
    const first = paid(single(), payment(100));
    const second = paid(first.record, payment(100));
    const failed = valueOf(changePaymentStatus(second.record, second.paymentId, { statusCode: 'FAILED' }, ctx));
    expect(failed.order.payments.map((p) => p.paymentStatuses[0]!.statusCode)).toEqual(['PENDING', 'FAILED']);
  });

  it('an unknown payment is not found', () => {
    expect(changePaymentStatus(single(), 'no-such-payment', { statusCode: 'SETTLED' }, ctx)).toEqual(
      notFound('there is no payment no-such-payment'),
    );
  });

  it('a payment no longer pending cannot change', () => {
    const { record, paymentId } = paid(single(), payment(275, { statusCode: 'SETTLED' }));
    expect(changePaymentStatus(record, paymentId, { statusCode: 'FAILED' }, ctx)).toEqual(
      invalid([{ detail: 'the payment is already SETTLED; only a PENDING payment can change', pointer: '/statusCode' }]),
    );
  });

  it('a payment still pending on a cancelled order cannot be settled; it may fail, and the order stays cancelled', () => {
    // As a counter may hold it: cancelled without its pending payment cancelled.
    const pending = paid(single(), payment(275));
    const cancelled = { ...pending.record, order: withStatus(pending.record.order, 'cancelled', 'Order cancelled', ctx) };
    expect(changePaymentStatus(cancelled, pending.paymentId, { statusCode: 'SETTLED' }, ctx)).toEqual(
      invalid([{ detail: 'a payment of a cancelled order cannot be settled', pointer: ORDER_STATUS_POINTER, orderStatusId: 6 }]),
    );
    expect(currentStatus(valueOf(changePaymentStatus(cancelled, pending.paymentId, { statusCode: 'FAILED' }, ctx)).order)).toBe(
      'cancelled',
    );
  });

  it('a refund still pending on a cancelled order may settle', () => {
    const pending = refunded(paidOrder(), refund(100, { statusCode: 'PENDING' }));
    const cancelled = { ...pending.record, order: withStatus(pending.record.order, 'cancelled', 'Order cancelled', ctx) };
    expect(changePaymentStatus(cancelled, pending.paymentId, { statusCode: 'SETTLED' }, ctx).ok).toBe(true);
  });
});

describe('cancelPending', () => {
  it('cancels only the pending payments, with the reason Order cancelled', () => {
    const part = paid(single(), payment(100, { statusCode: 'SETTLED' })).record;
    const pending = paid(part, payment(100)).record;
    const order = cancelPending(pending.order, ctx);
    expect(order.payments.map((p) => p.paymentStatuses.map((s) => [s.statusCode, s.statusDescription]))).toEqual([
      [
        ['SETTLED', 'Paid at the counter'],
        ['PENDING', 'Payment started'],
      ],
      [
        ['CANCELLED', 'Order cancelled'],
        ['PENDING', 'Payment started'],
      ],
    ]);
  });
});
