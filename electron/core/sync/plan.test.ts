import { describe, expect, it } from 'vitest';
import type { CounterOrder, IpcResult } from '../../../shared/ipc';
import { tokenInputOf } from '../../../shared/orderInputs';
import type { Order } from '../../../shared/schemas/order';
import { API, expectOrder } from '../../../server/testing/harness';
import { FAST_DEVICE, fastSyncPerTest } from '../testing/fastSync';
import { value } from '../testing/counter';
import { createBody, nextStep, type Step } from './plan';

/**
 * The steps sync plans from a local order and the central's copy. The local orders are made by
 * a clerk at a counter, the central's copies by the central itself (its HTTP app, in this
 * process): every step planned is also sent to it, so a step the central would refuse fails here.
 */

const world = fastSyncPerTest('b2b2b2b2');

const { created, send, converge } = {
  created: (order: Order) => world.created(order),
  send: (step: Step) => world.send(step),
  converge: (order: Order, central: Order) => world.converge(order, central),
};

const dispatch = async (channel: string, input: unknown) =>
  value((await world.counter.dispatch(channel, input)) as IpcResult<CounterOrder>, channel).order;

/** A customer with a home and a postal address: each address goes by its type, without its local id. */
const CUSTOMER = {
  birthname: 'Ria',
  surname: 'Dijkstra',
  prefix: '',
  emailAddress: 'ria.dijkstra@example.org',
  dateOfBirth: '1957-09-14',
  orderCustomerAddresses: [
    {
      addressTypeId: 1,
      street: 'Kerkstraat',
      houseNumber: 12,
      houseNumberSuffix: 'b',
      postalCode: '3511AB',
      city: 'Utrecht',
      country: 'NL',
    },
    { addressTypeId: 2, street: 'Postbus', houseNumber: 400, houseNumberSuffix: '', postalCode: '3500AK', city: 'Utrecht', country: 'NL' },
  ],
};

/** A child's day ticket on an anonymous pass: a line with a customer token and a start date. */
const CHILD_TICKET = {
  productId: 102,
  quantity: 1,
  validFrom: '2024-05-02T10:00:00.000Z',
  customerTokens: [{ tokenTypeId: 2, passNumber: '3528 9999 0000 1111' }],
};

describe('the create body', () => {
  it('carries the local ids as external ids, the real creation time and every line field', async () => {
    const order = await world.anna.create([
      { productId: 600, quantity: 2 },
      { productId: 601, quantity: 1, validFrom: '2024-05-03T09:00:00.000Z' },
    ]);
    const [a, b] = order.orderLines;
    expect(createBody(order, FAST_DEVICE)).toEqual({
      externalOrderId: order.orderId,
      languageId: 1,
      externalDeviceId: order.device!.externalDeviceId,
      createdOn: order.createdOn,
      orderLines: [
        {
          productId: 600,
          vouchers: [],
          quantity: 2,
          validFrom: a!.validFrom,
          validUntil: a!.validUntil,
          customerTokens: null,
          externalOrderLineId: a!.orderLineId,
        },
        {
          productId: 601,
          vouchers: [],
          quantity: 1,
          validFrom: b!.validFrom,
          validUntil: b!.validUntil,
          customerTokens: null,
          externalOrderLineId: b!.orderLineId,
        },
      ],
    });
    expect(order.device!.externalDeviceId).not.toBe(FAST_DEVICE);
    expect(b!.validFrom).toBe('2024-05-03T09:00:00.000Z');
    expect(b!.validUntil).not.toBeNull();
    const central = await created(order);
    expect(central.externalOrderId).toBe(order.orderId);
    expect(central.createdOn).toBe(order.createdOn);
    expect(central.orderLines.map((l) => l.externalOrderLineId)).toEqual([a!.orderLineId, b!.orderLineId]);
  });

  it('names the order’s own device when it has one, else the counter’s', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    const device = { externalDeviceId: '5eed0000-0000-0000-0000-000000000002', alias: 'Balie CS kassa 2' };
    expect(createBody({ ...order, device }, FAST_DEVICE).externalDeviceId).toBe(device.externalDeviceId);
    expect(createBody({ ...order, device: null }, FAST_DEVICE).externalDeviceId).toBe(FAST_DEVICE);
  });

  it('sends a line’s customer tokens as their inputs', async () => {
    const order = await world.anna.create([CHILD_TICKET]);
    const tokens = order.orderLines[0]!.customerTokens!;
    expect(tokens).toHaveLength(1);
    expect(createBody(order, FAST_DEVICE).orderLines[0]!.customerTokens).toEqual(tokens.map(tokenInputOf));
    const central = await created(order);
    expect(central.orderLines[0]!.customerTokens![0]!.passNumber).toBe('3528 9999 0000 1111');
  });
});

describe('the next step', () => {
  it('is none when the central’s copy says what the local order says', async () => {
    const order = await world.anna.create([CHILD_TICKET, { productId: 600, quantity: 3 }]);
    const withCustomer = await dispatch('orders.setCustomer', { orderId: order.orderId, customer: CUSTOMER });
    const central = await created(order);
    const { steps } = await converge(withCustomer, central);
    expect(steps).toEqual(['PUT /orders/C/customer']);
    const agreed = await converge(withCustomer, (await converge(withCustomer, central)).central);
    expect(agreed.steps).toEqual([]);
  });

  it('patches the language and the device first, each only when it differs', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    const central = await created(order);
    const dutch = await dispatch('orders.patch', { orderId: order.orderId, patch: { languageId: 2 } });
    const added = await dispatch('lines.add', { orderId: order.orderId, line: { productId: 600, quantity: 1 } });
    expect(nextStep({ ...added, language: dutch.language }, central)).toEqual({
      method: 'PATCH',
      path: `/orders/${central.orderId}`,
      body: { languageId: 2 },
    });
    const device = { externalDeviceId: '5eed0000-0000-0000-0000-000000000003', alias: 'Balie Zuid kassa 1' };
    expect(nextStep({ ...order, device }, central)).toEqual({
      method: 'PATCH',
      path: `/orders/${central.orderId}`,
      body: { externalDeviceId: device.externalDeviceId },
    });
    expect(nextStep({ ...order, device: null }, central)).toBeNull();
    expect(nextStep(order, { ...central, device: null })?.body).toEqual({ externalDeviceId: order.device!.externalDeviceId });
    expect(nextStep({ ...dutch, device }, central)?.body).toEqual({ languageId: 2, externalDeviceId: device.externalDeviceId });
    await send(nextStep({ ...dutch, device }, central)!);
  });

  it('removes a line the central has and the order has not, before adding one it lacks', async () => {
    const order = await world.anna.create([
      { productId: 600, quantity: 1 },
      { productId: 601, quantity: 1, validFrom: '2024-05-03T09:00:00.000Z' },
    ]);
    const central = await created(order);
    const [, dropped] = order.orderLines;
    await world.anna.removeLine(dropped!.orderLineId);
    const after = await world.anna.addLine(order.orderId, CHILD_TICKET);
    const added = after.orderLines.at(-1)!;
    const gone = central.orderLines.find((l) => l.externalOrderLineId === dropped!.orderLineId)!;
    expect(nextStep(after, central)).toEqual({ method: 'DELETE', path: `/orderlines/${gone.orderLineId}` });
    const withoutIt = await send(nextStep(after, central)!);
    expect(nextStep(after, withoutIt)).toEqual({
      method: 'POST',
      path: `/orders/${central.orderId}/orderlines`,
      body: {
        productId: 102,
        vouchers: [],
        quantity: 1,
        validFrom: added.validFrom,
        validUntil: added.validUntil,
        customerTokens: added.customerTokens!.map(tokenInputOf),
        externalOrderLineId: added.orderLineId,
        createdOn: added.createdOn,
      },
    });
    const { steps, central: last } = await converge(after, withoutIt);
    expect(steps).toEqual(['POST /orders/C/orderlines']);
    expect(last.orderLines.map((l) => l.externalOrderLineId)).toEqual(after.orderLines.map((l) => l.orderLineId));
  });

  it('patches a line whose fields changed, under the central’s line id', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    const central = await created(order);
    const line = order.orderLines[0]!;
    const changed = await dispatch('lines.patch', { orderLineId: line.orderLineId, patch: { quantity: 4 } });
    const there = central.orderLines[0]!;
    expect(nextStep(changed, central)).toEqual({
      method: 'PATCH',
      path: `/orderlines/${there.orderLineId}`,
      body: { productId: 600, vouchers: [], quantity: 4, validFrom: line.validFrom, validUntil: line.validUntil, customerTokens: null },
    });
    expect((await converge(changed, central)).central.orderLines[0]!.quantity).toBe(4);
  });

  it('knows a line of a copy adopted under the central’s ids by its id', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    const central = await created(order);
    const adopted = { ...central, orderLines: central.orderLines.map((l) => ({ ...l, externalOrderLineId: null })) };
    expect(nextStep(central, adopted)).toBeNull();
  });

  it('leaves the lines and the customer of an order no longer open alone', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    const paid = await world.anna.pay(order.orderId, order.totalAmount);
    const central = (await converge(paid, await created(order))).central;
    const more = {
      ...paid,
      orderLines: [...paid.orderLines, { ...paid.orderLines[0]!, orderLineId: 'f0f0f0f0-0000-4000-8000-000000000001' }],
    };
    expect(nextStep(more, central)).toBeNull();
    const customer = {
      ...CUSTOMER,
      orderCustomerAddresses: [],
      dateOfBirth: CUSTOMER.dateOfBirth,
    };
    const withCustomer = { ...paid, orderCustomer: { orderCustomerId: 'x', ...customer } } as unknown as Order;
    expect(nextStep(withCustomer, central)).toBeNull();
  });

  it('puts the customer with its addresses by type, without their local ids', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    const central = await created(order);
    const withCustomer = await dispatch('orders.setCustomer', { orderId: order.orderId, customer: CUSTOMER });
    expect(nextStep(withCustomer, central)).toEqual({ method: 'PUT', path: `/orders/${central.orderId}/customer`, body: CUSTOMER });
    const there = await send(nextStep(withCustomer, central)!);
    expect(nextStep(withCustomer, there)).toBeNull();
    const renamed = await dispatch('orders.setCustomer', { orderId: order.orderId, customer: { ...CUSTOMER, surname: 'Visser' } });
    expect(nextStep(renamed, there)?.body).toEqual({ ...CUSTOMER, surname: 'Visser' });
  });

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
