import { describe, expect, it } from 'vitest';
import { API, expectOrder } from '../../../server/testing/harness';
import { fastSyncPerTest } from '../testing/fastSync';
import { adoptCentral } from './adopt';

/**
 * What the counter takes from the central's copy of its own order: the central's copies are
 * made by the central (its HTTP app in this process) from what sync sent it, then changed
 * there as the payment provider or another channel would.
 */

const world = fastSyncPerTest('c3c3c3c3');

const centralCall = async (method: string, path: string, body?: unknown) =>
  expectOrder(await world.central.call(method, API + path, body === undefined ? {} : { body }));

describe('adopting the central’s copy', () => {
  it('answers null when the central says what the local order says', async () => {
    const { local, central } = await world.pendingPin();
    expect(adoptCentral(local, { ...central, lastUpdatedOn: '2024-05-01T09:00:00.000Z' })).toBeNull();
  });

  it('takes a payment the provider settled there, the order status it led to, the time and the customer profile', async () => {
    const { local, central } = await world.pendingPin();
    const settled = await centralCall('POST', `/payments/${central.payments[0]!.paymentId}/status`, { statusCode: 'SETTLED' });
    const later = { ...settled, lastUpdatedOn: '2024-05-01T09:00:00.000Z', customerProfileId: 50001 };
    const adopted = adoptCentral(local, later)!;
    expect(adopted).toEqual({
      ...local,
      customerProfileId: 50001,
      payments: [{ ...local.payments[0]!, paymentStatuses: settled.payments[0]!.paymentStatuses }],
      order_OrderStatuses: settled.order_OrderStatuses,
      lastUpdatedOn: '2024-05-01T09:00:00.000Z',
    });
    expect(adopted.payments[0]!.paymentId).toBe(local.payments[0]!.paymentId);
  });

  it('keeps the local order statuses when only a payment moved on', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 2 }]);
    const local = await world.anna.pay(order.orderId, order.totalAmount / 2, 'pin');
    const { central } = await world.converge(local, await world.created(order));
    const failed = await centralCall('POST', `/payments/${central.payments[0]!.paymentId}/status`, { statusCode: 'FAILED' });
    expect(failed.order_OrderStatuses).not.toEqual(local.order_OrderStatuses);
    const sameStatus = {
      ...failed,
      order_OrderStatuses: [{ ...failed.order_OrderStatuses[0]!, orderStatus: local.order_OrderStatuses[0]!.orderStatus }],
    };
    const adopted = adoptCentral(local, sameStatus)!;
    expect(adopted.order_OrderStatuses).toBe(local.order_OrderStatuses);
    expect(adopted.payments[0]!.paymentStatuses.map((s) => s.statusCode)).toEqual(['FAILED', 'PENDING']);
  });

  it('takes the central’s final outcome over another local one (settled there, failed here)', async () => {
    const { local, central } = await world.pendingPin();
    const failedHere = await world.anna.paymentStatus(local.payments[0]!.paymentId, 'FAILED');
    const settled = await centralCall('POST', `/payments/${central.payments[0]!.paymentId}/status`, { statusCode: 'SETTLED' });
    expect(settled.payments[0]!.paymentStatuses).toHaveLength(failedHere.payments[0]!.paymentStatuses.length);
    const adopted = adoptCentral(failedHere, settled)!;
    expect(adopted.payments[0]!.paymentStatuses).toEqual(settled.payments[0]!.paymentStatuses);
  });

  it('keeps a local outcome the central has not heard of yet', async () => {
    const { local, central } = await world.pendingPin();
    const failedHere = await world.anna.paymentStatus(local.payments[0]!.paymentId, 'FAILED');
    // The order status is the local one too: a failed payment moves the order back here.
    expect(adoptCentral(failedHere, { ...central, order_OrderStatuses: failedHere.order_OrderStatuses })).toBeNull();
  });

  it('keeps a local payment the central holds with the same outcome and fewer statuses', async () => {
    const { local, central } = await world.pendingPin();
    const failedHere = await world.anna.paymentStatus(local.payments[0]!.paymentId, 'FAILED');
    const failedThere = await centralCall('POST', `/payments/${central.payments[0]!.paymentId}/status`, { statusCode: 'FAILED' });
    const shorter = {
      ...failedThere,
      payments: [{ ...failedThere.payments[0]!, paymentStatuses: failedThere.payments[0]!.paymentStatuses.slice(0, 1) }],
    };
    expect(adoptCentral(failedHere, shorter)).toBeNull();
  });

  it('adds the payments made on the central by others after the local ones', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 2 }]);
    const local = await world.anna.pay(order.orderId, order.totalAmount / 2, 'cash');
    const { central } = await world.converge(local, await world.created(order));
    const body = { paymentMethodId: 4, amountDebit: order.totalAmount / 2, operatorPaymentReference: 'web-1', statusCode: 'SETTLED' };
    const paidThere = await centralCall('POST', `/orders/${central.orderId}/payments`, body);
    const adopted = adoptCentral(local, paidThere)!;
    expect(adopted.payments.map((p) => p.paymentId)).toEqual([local.payments[0]!.paymentId, paidThere.payments[1]!.paymentId]);
    expect(adopted.payments[0]).toBe(local.payments[0]);
    expect(adopted.order_OrderStatuses).toEqual(paidThere.order_OrderStatuses);
  });

  it('takes the line statuses of a delivery made there, keeping the local line ids', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    const local = await world.anna.pay(order.orderId, order.totalAmount, 'cash');
    const { central } = await world.converge(local, await world.created(order));
    const delivered = await centralCall('POST', `/orders/${central.orderId}/delivery`);
    const adopted = adoptCentral(local, delivered)!;
    expect(adopted.orderLines).toEqual([{ ...local.orderLines[0]!, orderLineStatus: delivered.orderLines[0]!.orderLineStatus }]);
    expect(adopted.order_OrderStatuses).toEqual(delivered.order_OrderStatuses);
    const statusesOnly = { ...delivered, orderLines: central.orderLines };
    expect(adoptCentral(local, statusesOnly)!.orderLines[0]).toBe(local.orderLines[0]);
  });

  it('takes a line status change alone, with the order status as it was', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    const local = await world.anna.pay(order.orderId, order.totalAmount, 'cash');
    const { central } = await world.converge(local, await world.created(order));
    const delivered = await centralCall('POST', `/orders/${central.orderId}/delivery`);
    const linesOnly = { ...central, orderLines: delivered.orderLines };
    const adopted = adoptCentral(local, linesOnly)!;
    expect(adopted.orderLines[0]!.orderLineStatus).toEqual(delivered.orderLines[0]!.orderLineStatus);
    expect(adopted.order_OrderStatuses).toBe(local.order_OrderStatuses);
  });

  it('keeps the payments and lines the central does not hold yet as they are', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    const central = await world.created(order);
    await world.anna.addLine(order.orderId, { productId: 600, quantity: 2 });
    const local = await world.anna.pay(order.orderId, 100, 'pin');
    const cancelled = await centralCall('POST', `/orders/${central.orderId}/cancellation`);
    const adopted = adoptCentral(local, cancelled)!;
    expect(adopted.payments).toEqual(local.payments);
    expect(adopted.orderLines).toEqual(local.orderLines);
    expect(adopted.order_OrderStatuses).toEqual(cancelled.order_OrderStatuses);
  });

  it('adds a payment made there that changed nothing else', async () => {
    const { local, central } = await world.pendingPin();
    const foreign = { ...central.payments[0]!, paymentId: 'f0f0f0f0-0000-4000-8000-00000000000f', operatorPaymentReference: 'web-9' };
    const adopted = adoptCentral(local, { ...central, payments: [...central.payments, foreign] })!;
    expect(adopted.payments).toEqual([local.payments[0], foreign]);
  });

  it('takes the statuses of one payment the central has more of, the same outcome, and leaves the other', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 2 }]);
    await world.anna.pay(order.orderId, order.totalAmount / 2, 'pin');
    const local = await world.anna.pay(order.orderId, order.totalAmount / 2, 'pin');
    const { central } = await world.converge(local, await world.created(order));
    const [first, second] = central.payments;
    const repeated = { ...first!, paymentStatuses: [first!.paymentStatuses[0]!, ...first!.paymentStatuses] };
    const adopted = adoptCentral(local, { ...central, order_OrderStatuses: local.order_OrderStatuses, payments: [repeated, second!] })!;
    expect(adopted.payments).toHaveLength(2);
    expect(adopted.payments[0]!.paymentStatuses).toEqual(repeated.paymentStatuses);
    expect(adopted.payments[1]).toBe(local.payments[1]);
  });

  it('takes the status of one line changed there and leaves the other', async () => {
    const order = await world.anna.create([
      { productId: 600, quantity: 1 },
      { productId: 600, quantity: 2 },
    ]);
    const local = await world.anna.pay(order.orderId, order.totalAmount, 'cash');
    const { central } = await world.converge(local, await world.created(order));
    const delivered = await centralCall('POST', `/orders/${central.orderId}/delivery`);
    const oneLine = { ...central, orderLines: [delivered.orderLines[0]!, central.orderLines[1]!] };
    const adopted = adoptCentral(local, oneLine)!;
    expect(adopted.orderLines[0]!.orderLineStatus).toEqual(delivered.orderLines[0]!.orderLineStatus);
    expect(adopted.orderLines[1]).toBe(local.orderLines[1]);
  });

  it('takes a cancellation made there', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    const central = await world.created(order);
    const cancelled = await centralCall('POST', `/orders/${central.orderId}/cancellation`);
    expect(adoptCentral(order, cancelled)?.order_OrderStatuses).toEqual(cancelled.order_OrderStatuses);
  });
});
