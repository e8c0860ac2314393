import { describe, expect, it } from 'vitest';
import type { Order } from '../../../shared/schemas/order';
import { API, expectOrder } from '../../../server/testing/harness';
import { planWorld } from '../testing/planWorld';
import { nextStep, type Step } from './plan';

/**
 * The next step sync plans for an order's money and its end (as plan.test.ts for its fields and
 * lines): payments, their outcomes and refunds, delivery and cancellation, each sent to the
 * central (its HTTP app, in this process) so a step it would refuse fails here.
 */

const { world, created, send, converge, dispatch } = planWorld('b3b3b3b3');

describe('the next step', () => {
  it('sends a cash payment settled and a PIN payment pending, under the local payment id as reference', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 2 }]);
    const central = await created(order);
    const half = order.totalAmount / 2;
    await world.anna.pay(order.orderId, half, 'cash');
    const both = await world.anna.pay(order.orderId, half, 'pin');
    const [cash, pin] = both.payments;
    expect(nextStep(both, central)).toEqual({
      method: 'POST',
      path: `/orders/${central.orderId}/payments`,
      body: {
        paymentMethodId: 1,
        amountDebit: half,
        operatorPaymentReference: cash!.paymentId,
        statusCode: 'SETTLED',
        pspPaymentReference: null,
        mandateInput: null,
      },
    });
    const afterCash = await send(nextStep(both, central)!);
    expect(nextStep(both, afterCash)).toEqual({
      method: 'POST',
      path: `/orders/${central.orderId}/payments`,
      body: {
        paymentMethodId: 2,
        amountDebit: half,
        operatorPaymentReference: pin!.paymentId,
        statusCode: 'PENDING',
        pspPaymentReference: null,
        mandateInput: null,
      },
    });
    expect((await converge(both, afterCash)).steps).toEqual(['POST /orders/C/payments']);
  });

  it('sends a payment’s PSP reference and mandate as the clerk gave them', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    const central = await created(order);
    const mandateInput = {
      directDebitMandateTypeId: 3,
      bic: 'ABNANL2A',
      iban: 'NL91ABNA0417164300',
      ascription: 'A. Traveller',
      place: 'Utrecht',
    };
    const payment = {
      paymentMethodId: 3,
      amountDebit: order.totalAmount,
      operatorPaymentReference: 'till-9',
      pspPaymentReference: 'psp-77',
      mandateInput,
    };
    const paid = await dispatch('payments.add', { orderId: order.orderId, payment });
    expect(nextStep(paid, central)?.body).toEqual({
      paymentMethodId: 3,
      amountDebit: order.totalAmount,
      operatorPaymentReference: paid.payments[0]!.paymentId,
      statusCode: 'PENDING',
      pspPaymentReference: 'psp-77',
      mandateInput,
    });
    const there = await send(nextStep(paid, central)!);
    expect(there.payments[0]!.pspPaymentReference).toBe('psp-77');
  });

  it('sends the outcome of a payment the central still has pending, with its sub code and description', async () => {
    const { local: pending, central } = await world.pendingPin();
    const there = central.payments[0]!;
    const failed = await dispatch('payments.setStatus', {
      paymentId: pending.payments[0]!.paymentId,
      status: { statusCode: 'FAILED', statusSubCode: '05', statusDescription: 'declined by the card' },
    });
    expect(nextStep(failed, central)).toEqual({
      method: 'POST',
      path: `/payments/${there.paymentId}/status`,
      body: { statusCode: 'FAILED', statusSubCode: '05', statusDescription: 'declined by the card' },
    });
    const settled = await world.anna.paymentStatus(pending.payments[0]!.paymentId, 'SETTLED').catch(() => null);
    expect(settled).toBeNull();
    const afterFailed = await send(nextStep(failed, central)!);
    expect(nextStep(failed, afterFailed)).toBeNull();
  });

  it('sends a payment’s outcome without sub code or description as nulls', async () => {
    const { local: pending, central } = await world.pendingPin();
    const settled = await world.anna.paymentStatus(pending.payments[0]!.paymentId, 'SETTLED');
    expect(nextStep(settled, central)).toEqual({
      method: 'POST',
      path: `/payments/${central.payments[0]!.paymentId}/status`,
      body: { statusCode: 'SETTLED', statusSubCode: null, statusDescription: null },
    });
  });

  it('sends a payment the clerk cancelled on an order still open as its own outcome', async () => {
    const { local: pending, central } = await world.pendingPin();
    const voided = await world.anna.paymentStatus(pending.payments[0]!.paymentId, 'CANCELLED');
    expect(voided.order_OrderStatuses[0]!.orderStatus.orderStatusId).not.toBe(6);
    expect(nextStep(voided, central)).toEqual({
      method: 'POST',
      path: `/payments/${central.payments[0]!.paymentId}/status`,
      body: { statusCode: 'CANCELLED', statusSubCode: null, statusDescription: null },
    });
  });

  it('sends no outcome for a payment the central has already ended', async () => {
    const { local: pending, central } = await world.pendingPin();
    const failed = await world.anna.paymentStatus(pending.payments[0]!.paymentId, 'FAILED');
    const settledThere = expectOrder(
      await world.central.call('POST', `${API}/payments/${central.payments[0]!.paymentId}/status`, { body: { statusCode: 'SETTLED' } }),
    );
    expect(nextStep(failed, settledThere)).toBeNull();
  });

  it('sends a refund with its reason once the payment is there', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    const paid = await world.anna.pay(order.orderId, order.totalAmount, 'cash');
    await world.anna.login('mark', '9999');
    const refunded = await world.anna.refund(order.orderId, 100, 'wrong zone');
    const refund = refunded.payments[1]!;
    const central = await created(order);
    expect(nextStep(refunded, central)?.path).toBe(`/orders/${central.orderId}/payments`);
    const withPayment = await send(nextStep(paid, central)!);
    expect(nextStep(refunded, withPayment)).toEqual({
      method: 'POST',
      path: `/orders/${central.orderId}/refunds`,
      body: {
        paymentMethodId: 1,
        amountDebit: 100,
        operatorPaymentReference: refund.paymentId,
        statusCode: 'SETTLED',
        reason: 'wrong zone',
      },
    });
    const there = await send(nextStep(refunded, withPayment)!);
    expect(there.payments.filter((p) => p.isRefund)).toHaveLength(1);
    expect(nextStep(refunded, there)).toBeNull();
  });

  it('delivers a paid order once the central has it paid', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    await world.anna.pay(order.orderId, order.totalAmount, 'cash');
    const delivered = await world.anna.deliver(order.orderId);
    const { steps, central } = await converge(delivered, await created(order));
    expect(steps).toEqual(['POST /orders/C/payments', 'POST /orders/C/delivery']);
    expect(central.order_OrderStatuses[0]!.orderStatus.orderStatusId).toBe(5);
    const delivery: Step = { method: 'POST', path: `/orders/${central.orderId}/delivery` };
    expect(nextStep(delivered, { ...central, order_OrderStatuses: paidStatus(central) })).toEqual(delivery);
  });

  it('cancels last, leaving a payment the clerk cancelled to the cancellation', async () => {
    const { order, central } = await world.pendingPin();
    const cancelled = await world.anna.cancel(order.orderId);
    expect(cancelled.payments[0]!.paymentStatuses[0]!.statusCode).toBe('CANCELLED');
    expect(nextStep(cancelled, central)).toEqual({ method: 'POST', path: `/orders/${central.orderId}/cancellation` });
    const { steps, central: there } = await converge(cancelled, central);
    expect(steps).toEqual(['POST /orders/C/cancellation']);
    expect(there.payments[0]!.paymentStatuses[0]!.statusCode).toBe('CANCELLED');
  });

  it('sends the clerk’s failed payment before the cancellation, so that outcome is the one kept', async () => {
    const { order, local: pending, central } = await world.pendingPin();
    await world.anna.paymentStatus(pending.payments[0]!.paymentId, 'FAILED');
    const cancelled = await world.anna.cancel(order.orderId);
    const { steps, central: there } = await converge(cancelled, central);
    expect(steps).toEqual([`POST /payments/${central.payments[0]!.paymentId}/status`, 'POST /orders/C/cancellation']);
    expect(there.payments[0]!.paymentStatuses.map((s) => s.statusCode)).toEqual(['FAILED', 'PENDING']);
  });

  it('sends a cancelled payment’s outcome when the central’s order can no longer be cancelled', async () => {
    const { order, central } = await world.pendingPin();
    const cancelled = await world.anna.cancel(order.orderId);
    const closed = { ...central, order_OrderStatuses: paidStatus(central) };
    expect(nextStep(cancelled, closed)).toEqual({
      method: 'POST',
      path: `/payments/${central.payments[0]!.paymentId}/status`,
      body: { statusCode: 'CANCELLED', statusSubCode: null, statusDescription: 'Order cancelled' },
    });
  });

  it('asks nothing of a central order already cancelled or delivered', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    const central = await created(order);
    const cancelledThere = expectOrder(await world.central.call('POST', `${API}/orders/${central.orderId}/cancellation`));
    const cancelled = await world.anna.cancel(order.orderId);
    expect(nextStep(cancelled, cancelledThere)).toBeNull();
    expect(nextStep({ ...cancelled, language: { ...cancelled.language, languageId: 2 } }, cancelledThere)).toBeNull();
    const paid = await world.anna.create([{ productId: 600, quantity: 1 }]);
    expect(nextStep(paid, { ...(await created(paid)), order_OrderStatuses: paidStatus(central) })).toBeNull();
  });
});

/** The order statuses of `central` with a paid status on top. */
function paidStatus(central: Order): Order['order_OrderStatuses'] {
  const top = central.order_OrderStatuses[0]!;
  return [{ ...top, orderStatus: { ...top.orderStatus, orderStatusId: 4, name: 'paid' } }, ...central.order_OrderStatuses];
}
