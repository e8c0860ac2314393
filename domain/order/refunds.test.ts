import { describe, expect, it } from 'vitest';
import { invalid } from '../result';
import { valueOf } from '../../server/testing/orderRecords';
import { orderMoney, statuses } from '../../server/testing/payments';
import { deliver } from './operations';
import { addRefund, changePaymentStatus, refundReason } from './payments';
import { currentStatus } from './settle';

/** docs/api.md §7.1 and §8 on one order: refunds, what may be given back and what a full refund does to the order. */

const { ctx, payment, refund, single, paid, refunded, paidOrder } = orderMoney();

describe('addRefund', () => {
  it('a settled refund of everything cancels a paid order; the reason is recorded trimmed on both statuses', () => {
    const { record, paymentId } = refunded(paidOrder(), refund(275, { reason: '  wrong ticket  ' }));
    expect(statuses(record)[0]).toEqual(['cancelled', 'Order refunded in full']);
    const made = record.order.payments.find((p) => p.paymentId === paymentId)!;
    expect(made).toMatchObject({ isRefund: true, pspPaymentReference: '', mandateInput: null, amountDebit: 275 });
    expect(made.paymentStatuses.map((s) => [s.statusCode, s.statusDescription])).toEqual([
      ['SETTLED', 'wrong ticket'],
      ['PENDING', 'wrong ticket'],
    ]);
    expect(refundReason(made)).toBe('wrong ticket');
  });

  it('a settled refund of everything cancels a delivered order too', () => {
    const delivered = valueOf(deliver(paidOrder(), ctx));
    expect(statuses(refunded(delivered, refund(275)).record)[0]).toEqual(['cancelled', 'Order refunded in full']);
  });

  it('a partial refund leaves the order paid', () => {
    expect(currentStatus(refunded(paidOrder(), refund(274)).record.order)).toBe('paid');
  });

  it('a pending refund of everything leaves the order paid until it settles', () => {
    const pending = refunded(paidOrder(), refund(275, { statusCode: 'PENDING' }));
    expect(currentStatus(pending.record.order)).toBe('paid');
    const settled = valueOf(changePaymentStatus(pending.record, pending.paymentId, { statusCode: 'SETTLED' }, ctx));
    expect(currentStatus(settled.order)).toBe('cancelled');
  });

  it('a refund may give back exactly what is refundable, not a cent more, and pending refunds count', () => {
    const first = refunded(paidOrder(), refund(200, { statusCode: 'PENDING' })).record;
    expect(addRefund(first, refund(76), ctx)).toEqual(
      invalid([{ detail: 'the refund must be between 1 and the 75 cents that may be refunded', pointer: '/amountDebit' }]),
    );
    expect(refunded(first, refund(75)).record.order.payments).toHaveLength(3);
  });

  it('settled refunds count too: after 200 given back, 75 more may be refunded, not 76', () => {
    const first = refunded(paidOrder(), refund(200)).record;
    expect(addRefund(first, refund(76), ctx)).toMatchObject({
      ok: false,
      refusal: { errors: [{ detail: 'the refund must be between 1 and the 75 cents that may be refunded' }] },
    });
    expect(refunded(first, refund(75)).record.order.payments).toHaveLength(3);
  });

  it('a refund of one cent is accepted', () => {
    expect(refunded(paidOrder(), refund(1)).record.order.payments.map((p) => p.amountDebit)).toEqual([275, 1]);
  });

  it('a refund of nothing is refused', () => {
    expect(addRefund(paidOrder(), refund(0), ctx)).toMatchObject({
      ok: false,
      refusal: { errors: [{ detail: 'the refund must be between 1 and the 275 cents that may be refunded' }] },
    });
  });

  it('an order holding no settled money has nothing to refund', () => {
    const pending = paid(single(), payment(275)).record;
    expect(addRefund(pending, refund(1), ctx)).toEqual(
      invalid([{ detail: 'the order holds no settled money to refund', pointer: '/amountDebit', orderStatusId: 3 }]),
    );
  });

  it('a refund with a blank reason is refused', () => {
    expect(addRefund(paidOrder(), refund(1, { reason: '   ' }), ctx)).toMatchObject({
      ok: false,
      refusal: { errors: [{ detail: 'a refund needs a reason', pointer: '/reason' }] },
    });
  });

  it('a refund by an unknown payment method is refused', () => {
    expect(addRefund(paidOrder(), refund(1, { paymentMethodId: 49 }), ctx)).toMatchObject({
      ok: false,
      refusal: { errors: [{ detail: 'there is no payment method 49', pointer: '/paymentMethodId' }] },
    });
  });

  it('a refund repeating a payment reference is a conflict naming that payment', () => {
    const first = paid(single(), payment(275, { operatorPaymentReference: 'op-same', statusCode: 'SETTLED' }));
    expect(addRefund(first.record, refund(1, { operatorPaymentReference: 'op-same' }), ctx)).toMatchObject({
      ok: false,
      refusal: { kind: 'conflict', errors: [{ paymentId: first.paymentId }] },
    });
  });

  it("a refund's reason stays the one it was made with after its status changes", () => {
    const pending = refunded(paidOrder(), refund(100, { statusCode: 'PENDING', reason: 'late train' }));
    const settled = valueOf(
      changePaymentStatus(pending.record, pending.paymentId, { statusCode: 'SETTLED', statusDescription: 'bank confirmed' }, ctx),
    );
    expect(refundReason(settled.order.payments.find((p) => p.paymentId === pending.paymentId)!)).toBe('late train');
  });
});
