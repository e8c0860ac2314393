import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../shared/schemas/order';
import { scenarios } from './testing/fixtures';
import { API, expectOrder, expectProblem, harness, pointers, statusOf, type Harness } from './testing/harness';
import { createOrder, line, paidOrder, pay, setPaymentStatus } from './testing/orders';

/** docs/api.md §7.1 and §7.2: refunds, and cancellation and deletion that keep the money trail. */

const codes = (o: Order) =>
  o.payments.map((p) => `${p.isRefund ? 'refund' : 'payment'} ${p.amountDebit} ${p.paymentStatuses[0]!.statusCode}`);

describe.each(scenarios())('refunds and the money trail ($name)', ({ fixtures, now }) => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness({ fixtures, now });
  });
  afterEach(() => h.close());

  let refundsMade = 0;
  const refund = (o: Order, amountDebit: number, extra: Record<string, unknown> = {}) =>
    h.call('POST', `${API}/orders/${o.orderId}/refunds`, {
      body: {
        paymentMethodId: h.roles.paymentMethod.paymentMethodId,
        amountDebit,
        operatorPaymentReference: `rf-${++refundsMade}`,
        reason: 'ticket not used',
        ...extra,
      },
    });
  const post = (path: string) => h.call('POST', `${API}${path}`);

  it('keeps who made a refund: the sub of the token it was made with', async () => {
    const paid = await paidOrder(h);
    const desk = await h.token({ sub: 'operator-desk-7' });
    const refunded = expectOrder(
      await h.call('POST', `${API}/orders/${paid.orderId}/refunds`, {
        auth: desk,
        body: {
          paymentMethodId: h.roles.paymentMethod.paymentMethodId,
          amountDebit: 1,
          operatorPaymentReference: 'rf-sub',
          reason: 'goodwill',
        },
      }),
    );
    expect(refunded.payments.map((p) => [p.isRefund, p.refundedBy])).toEqual([
      [false, undefined],
      [true, 'operator-desk-7'],
    ]);
    const stored = expectOrder(await h.call('GET', `${API}/orders/${paid.orderId}`));
    expect(stored.payments[1]!.refundedBy).toBe('operator-desk-7');
  });

  it('a full refund of a paid order cancels it; partial refunds leave it paid', async () => {
    const paid = await paidOrder(h, [line(h.roles.plain, { quantity: 2 })]);
    const half = Math.floor(paid.totalAmount / 2);
    const partly = expectOrder(await refund(paid, half));
    expect(statusOf(partly).name).toBe('paid');
    const entry = partly.payments[1]!;
    expect(entry).toMatchObject({ isRefund: true, amountDebit: half, operatorPaymentReference: expect.stringMatching(/^rf-/) });
    expect(entry.paymentStatuses.map((s) => [s.statusCode, s.statusDescription])).toEqual([
      ['SETTLED', 'ticket not used'],
      ['PENDING', 'ticket not used'],
    ]);
    const full = expectOrder(await refund(partly, paid.totalAmount - half));
    expect(statusOf(full).name).toBe('cancelled');
    expect(codes(full)).toEqual([
      `payment ${paid.totalAmount} SETTLED`,
      `refund ${half} SETTLED`,
      `refund ${paid.totalAmount - half} SETTLED`,
    ]);
  });

  it('a delivered order is refunded in full through a pending refund settled later', async () => {
    const paid = await paidOrder(h);
    expectOrder(await post(`/orders/${paid.orderId}/delivery`));
    const pending = expectOrder(await refund(paid, paid.totalAmount, { statusCode: 'PENDING' }));
    expect(statusOf(pending).name).toBe('delivered');
    // What is promised back may not be refunded twice.
    expect(pointers(expectProblem(await refund(pending, 1), 400))).toEqual(['/amountDebit']);
    const done = await setPaymentStatus(h, pending.payments[1]!.paymentId, 'SETTLED');
    expect(statusOf(done).name).toBe('cancelled');
  });

  it('refuses a refund over the settled money, without a reason, or on an order without settled money', async () => {
    const paid = await paidOrder(h);
    expect(expectProblem(await refund(paid, paid.totalAmount + 1), 400).errors[0]!.pointer).toBe('/amountDebit');
    expect(pointers(expectProblem(await refund(paid, 1, { reason: '  ' }), 400))).toEqual(['/reason']);
    expect(pointers(expectProblem(await refund(paid, 1, { reason: undefined }), 400))).toEqual(['/reason']);
    const unpaid = await pay(h, await createOrder(h));
    expect(expectProblem(await refund(unpaid, 1), 400).errors[0]!.detail).toContain('no settled money');
    expect(expectOrder(await h.call('GET', `${API}/orders/${paid.orderId}`))).toEqual(paid);
  });

  it('cancelling cancels the pending payments; a late settlement of one is refused', async () => {
    const o = await pay(h, await createOrder(h, [line(h.roles.plain, { quantity: 2 })]), { amountDebit: 1 });
    const cancelled = expectOrder(await post(`/orders/${o.orderId}/cancellation`));
    expect(statusOf(cancelled).name).toBe('cancelled');
    expect(codes(cancelled)).toEqual(['payment 1 CANCELLED']);
    expectProblem(await h.call('POST', `${API}/payments/${o.payments[0]!.paymentId}/status`, { body: { statusCode: 'SETTLED' } }), 400);
    // Cancelled payments that never settled: the order may go.
    expect((await h.call('DELETE', `${API}/orders/${o.orderId}`)).status).toBe(200);
  });

  it('refuses to cancel or delete while settled money remains; refunded, it cancels but is never deleted', async () => {
    const o = await createOrder(h, [line(h.roles.plain, { quantity: 3 })]);
    const part = o.totalAmount - 1;
    const partlyPaid = await pay(h, o, { amountDebit: part, statusCode: 'SETTLED' });
    const refused = expectProblem(await post(`/orders/${o.orderId}/cancellation`), 400);
    expect(refused.errors[0]).toMatchObject({ amount: part });
    expect(refused.errors[0]!.detail).toContain(String(part));
    const deleting = expectProblem(await h.call('DELETE', `${API}/orders/${o.orderId}`), 400);
    expect(deleting.errors[0]).toMatchObject({ orderStatusId: 3, pointer: '/order_OrderStatuses/0/orderStatus/orderStatusId' });

    const refunded = expectOrder(await refund(partlyPaid, part));
    expect(statusOf(refunded).name).toBe('pendingPayment');
    const cancelled = expectOrder(await post(`/orders/${o.orderId}/cancellation`));
    expect(statusOf(cancelled).name).toBe('cancelled');
    const kept = expectProblem(await h.call('DELETE', `${API}/orders/${o.orderId}`), 400);
    expect(kept.errors[0]).toMatchObject({ orderStatusId: 6 });
    expect(expectOrder(await h.call('GET', `${API}/orders/${o.orderId}`))).toEqual(cancelled);
  });

  it('a paid order is cancelled only by refunding it', async () => {
    const paid = await paidOrder(h);
    expect(expectProblem(await post(`/orders/${paid.orderId}/cancellation`), 400).errors[0]!.detail).toContain('refund');
  });
});
