import { describe, expect, it } from 'vitest';
import { pendingCount, pendingOrders, settle as settleOutbox } from '../db/outbox';
import type { Order } from '../../../shared/schemas/order';
import { localOrder } from '../orders/localOrders';
import { STATUS, statusOf } from '../testing/counter';
import { pushWorld, problem } from '../testing/pushWorld';
import { adoptInto, commitOf, pushOrder } from './push';
import { pullChanges } from './pull';

/**
 * Pushing one order (as push.test.ts), where it ends: a cancellation the central overruled, an
 * order deleted at the counter, and taking the central's copy into the local one.
 */

const { world, settle, db, sync, pushed, lookup, centralCall, paidThereAfterSync, deletedWithPendingPinThere, scripted } =
  pushWorld('d5d5d5d5');

describe('a cancellation the central overruled', () => {
  it('takes in the central’s paid order and tells the clerk to refund it', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    const pending = await world.anna.pay(order.orderId, order.totalAmount, 'pin');
    await settle();
    const central = (await world.centralCopy(order.orderId))!;
    await centralCall('POST', `/payments/${central.payments[0]!.paymentId}/status`, { statusCode: 'SETTLED' });
    await world.anna.cancel(order.orderId);
    expect(await settle()).toMatchObject({ pending: 0, rejected: 1 });
    expect(sync(order.orderId)?.reasons).toEqual([
      {
        detail: 'the order was cancelled here, but its payment was settled on the central first (status paid): refund it to cancel it',
        pointer: '/payments',
        orderStatusId: STATUS.paid,
      },
    ]);
    const local = localOrder(db(), order.orderId)!.order;
    expect(statusOf(local)).toBe(STATUS.paid);
    expect(local.payments[0]!.paymentId).toBe(pending.payments[0]!.paymentId);
  });

  it('is no overruling when the central cancelled too', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    await world.anna.pay(order.orderId, order.totalAmount, 'pin');
    await settle();
    await world.anna.cancel(order.orderId);
    expect(await settle()).toMatchObject({ pending: 0, rejected: 0 });
    expect(statusOf((await world.centralCopy(order.orderId))!)).toBe(STATUS.cancelled);
  });
});

describe('an order deleted at the counter', () => {
  it('is deleted on the central, and forgotten here', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    await settle();
    const central = (await world.centralCopy(order.orderId))!;
    await world.anna.remove(order.orderId);
    world.requests();
    expect(await settle()).toMatchObject({ pending: 0, lastError: null });
    expect(pushed()).toEqual([`GET /api/2.0/orders/${central.orderId}`, `DELETE /api/2.0/orders/${central.orderId}`]);
    expect(await world.centralCopy(order.orderId)).toBeUndefined();
    expect(sync(order.orderId)).toBeUndefined();
  });

  it('never sent, is looked up by its id and, not found, forgotten', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    await world.anna.remove(order.orderId);
    expect(await settle()).toMatchObject({ pending: 0, lastError: null });
    expect(pushed()).toEqual([lookup(order.orderId)]);
  });

  it('whose create reached the central unanswered, is found by its id and deleted there', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    const central = await world.created(order);
    await world.anna.remove(order.orderId);
    expect(await settle()).toMatchObject({ pending: 0, lastError: null });
    expect(pushed()).toEqual([lookup(order.orderId), `DELETE /api/2.0/orders/${central.orderId}`]);
    expect(await world.centralCopy(order.orderId)).toBeUndefined();
  });

  it('is cancelled on the central first when a payment is pending there', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    await world.anna.pay(order.orderId, order.totalAmount, 'pin');
    await settle();
    const central = (await world.centralCopy(order.orderId))!;
    await world.anna.cancel(order.orderId);
    await world.anna.remove(order.orderId);
    world.requests();
    expect(await settle()).toMatchObject({ pending: 0, lastError: null, rejected: 0 });
    expect(pushed()).toEqual([
      `GET /api/2.0/orders/${central.orderId}`,
      `POST /api/2.0/orders/${central.orderId}/cancellation`,
      `DELETE /api/2.0/orders/${central.orderId}`,
    ]);
    expect(await world.centralCopy(order.orderId)).toBeUndefined();
  });

  it('stays unknown when the cancellation before the delete, or the delete, gets no answer; auth stops it', async () => {
    const { order, work } = await deletedWithPendingPinThere();
    const lost = (which: string) =>
      scripted((method, url) => (method === which || url.endsWith(which) ? { kind: 'unknown', reason: 'lost' } : undefined));
    expect(await pushOrder(world.pushDeps(lost('/cancellation')), work!)).toMatchObject({ kind: 'unknown' });
    expect(sync(order.orderId)?.outcomeUnknown).toBe(true);
    const refusedToken = scripted((_method, url) => (url.endsWith('/cancellation') ? problem(403, 'not yours') : undefined));
    expect(await pushOrder(world.pushDeps(refusedToken), work!)).toEqual({ kind: 'refused', refused: 'token' });
    const deleteLost = lost('DELETE');
    expect(await pushOrder(world.pushDeps(deleteLost), work!)).toMatchObject({ kind: 'unknown' });
    expect(deleteLost.sent.map((r) => r.split(' ')[0])).toEqual(['GET', 'POST', 'DELETE']);
    const deleteRefusedToken = scripted((method) => (method === 'DELETE' ? problem(401, 'token expired') : undefined));
    expect(await pushOrder(world.pushDeps(deleteRefusedToken), work!)).toEqual({ kind: 'refused', refused: 'token' });
  });

  it('lets the DELETE judge when the cancellation before it is refused', async () => {
    const { work } = await deletedWithPendingPinThere();
    const client = scripted((_method, url) =>
      url.endsWith('/cancellation') ? problem(400, 'cancelled already', [{ detail: 'x', pointer: '' }]) : undefined,
    );
    const outcome = await pushOrder(world.pushDeps(client), work!);
    expect(client.sent.map((r) => r.split(' ')[0])).toEqual(['GET', 'POST', 'DELETE']);
    expect(outcome).toMatchObject({ kind: 'refused', refused: 'order' });
  });

  it('counts a DELETE answered 404 (gone already) as done', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    await settle();
    await world.anna.remove(order.orderId);
    const client = scripted((method) => (method === 'DELETE' ? problem(404, 'there is no such order') : undefined));
    const [work] = pendingOrders(db(), 10);
    const outcome = await pushOrder(world.pushDeps(client), work!);
    expect(outcome).toMatchObject({ kind: 'ok' });
    commitOf(outcome)!();
    expect(pendingCount(db())).toBe(0);
    expect(sync(order.orderId)).toBeUndefined();
  });

  it('is not cancelled first when the central’s copy can no longer be cancelled, though a refund is pending there', async () => {
    const { order, central } = await paidThereAfterSync(1);
    await centralCall('POST', `/orders/${central.orderId}/refunds`, {
      paymentMethodId: 4,
      amountDebit: 100,
      operatorPaymentReference: 'web-refund-1',
      reason: 'late train',
      statusCode: 'PENDING',
    });
    await world.anna.remove(order.orderId);
    world.requests();
    expect(await settle()).toMatchObject({ pending: 0, rejected: 1 });
    expect(pushed()).toEqual([`GET /api/2.0/orders/${central.orderId}`, `DELETE /api/2.0/orders/${central.orderId}`]);
  });

  it('comes back, rejected with the central’s reasons, when the central keeps it (paid there)', async () => {
    const { order, central } = await paidThereAfterSync(1);
    await world.anna.remove(order.orderId);
    expect(await settle()).toMatchObject({ pending: 0, rejected: 1 });
    expect(sync(order.orderId)).toBeUndefined();
    const kept = sync(central.orderId)!;
    expect(kept.state).toBe('rejected');
    expect(kept.reasons[0]!.pointer).not.toBe(undefined);
    expect(kept.reasons.length).toBeGreaterThan(0);
    expect(statusOf(localOrder(db(), central.orderId)!.order)).toBe(STATUS.paid);
  });

  it('a read copy made at another counter comes back, rejected, when the central keeps it (paid there)', async () => {
    const made = await world.madeElsewhere();
    await settle();
    expect(localOrder(db(), made.orderId)?.order.orderId).toBe(made.orderId);
    const body = { paymentMethodId: 4, amountDebit: made.totalAmount, operatorPaymentReference: 'web-1', statusCode: 'SETTLED' };
    await centralCall('POST', `/orders/${made.orderId}/payments`, body);
    await world.anna.remove(made.orderId);
    expect(await settle()).toMatchObject({ pending: 0, rejected: 1 });
    // The copy's id is the central's: the sync row written for the kept copy is that order's own.
    expect(sync(made.orderId)).toMatchObject({ state: 'rejected', centralOrderId: made.orderId });
    expect(statusOf(localOrder(db(), made.orderId)!.order)).toBe(STATUS.paid);
  });

  it('explains a kept copy whose refusal gave no reasons', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    await settle();
    const central = (await world.centralCopy(order.orderId))!;
    await world.anna.remove(order.orderId);
    const client = scripted((method) => (method === 'DELETE' ? problem(400, 'kept') : undefined));
    const [work] = pendingOrders(db(), 10);
    expect(await pushOrder(world.pushDeps(client), work!)).toMatchObject({ kind: 'refused', refused: 'order' });
    expect(sync(central.orderId)?.reasons).toEqual([{ detail: 'the central keeps this order', pointer: '' }]);
    expect(localOrder(db(), central.orderId)?.order.orderId).toBe(central.orderId);
  });

  it('is not cancelled first when its PIN payment there failed meanwhile', async () => {
    const { order, work } = await deletedWithPendingPinThere();
    const central = (await world.centralCopy(order.orderId))!;
    await centralCall('POST', `/payments/${central.payments[0]!.paymentId}/status`, { statusCode: 'FAILED' });
    world.requests();
    expect(await pushOrder(world.pushDeps(), work!)).toMatchObject({ kind: 'ok' });
    expect(pushed()).toEqual([`GET /api/2.0/orders/${central.orderId}`, `DELETE /api/2.0/orders/${central.orderId}`]);
    expect(await world.centralCopy(order.orderId)).toBeUndefined();
  });

  it('keeps the copy the cancellation left when the DELETE after it is refused, with the refusal’s reasons', async () => {
    const { order, work } = await deletedWithPendingPinThere();
    const reasons = [{ detail: 'the central keeps it', pointer: '/orderId' }];
    const client = scripted((method) => (method === 'DELETE' ? problem(409, 'kept', reasons) : undefined));
    expect(await pushOrder(world.pushDeps(client), work!)).toMatchObject({ kind: 'refused', refused: 'order' });
    const central = (await world.centralCopy(order.orderId))!;
    expect(statusOf(central)).toBe(STATUS.cancelled);
    expect(localOrder(db(), central.orderId)!.order).toEqual(central);
    expect(sync(central.orderId)).toMatchObject({ state: 'rejected', reasons });
  });

  it('pushed again after the counter was killed between keeping the central’s copy and settling the outbox, is looked up by its id and kept once', async () => {
    const { order, central } = await paidThereAfterSync(1);
    await world.anna.remove(order.orderId);
    const [work] = pendingOrders(db(), 10);
    expect(await pushOrder(world.pushDeps(), work!)).toMatchObject({ kind: 'refused', refused: 'order' });
    const kept = localOrder(db(), central.orderId)!;
    // Killed here: the batch's commit, which settles the outbox, never ran; the order's sync record is gone.
    expect(sync(order.orderId)).toBeUndefined();
    world.requests();
    const again = await pushOrder(world.pushDeps(), work!);
    expect(again).toMatchObject({ kind: 'refused', refused: 'order' });
    expect(pushed()).toEqual([lookup(order.orderId), `DELETE /api/2.0/orders/${central.orderId}`]);
    commitOf(again)!();
    expect(pendingCount(db())).toBe(0);
    expect(localOrder(db(), central.orderId)).toEqual(kept);
    expect(sync(central.orderId)?.state).toBe('rejected');
  });
});

describe('taking the central’s copy into the local one', () => {
  it('adopts nothing when the central’s copy says what the local one says', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    await settle();
    const before = localOrder(db(), order.orderId)!;
    expect(adoptInto(db(), order.orderId, (await world.centralCopy(order.orderId))!)).toBe(false);
    expect(localOrder(db(), order.orderId)).toEqual(before);
  });

  it('reads the local order again when its version moved on since the push read it', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    await world.anna.pay(order.orderId, order.totalAmount);
    await settle();
    const read = localOrder(db(), order.orderId)!;
    const central = (await world.centralCopy(order.orderId))!;
    await world.anna.deliver(order.orderId);
    for (const work of pendingOrders(db(), 10)) settleOutbox(db(), work);
    const cancelledThere = {
      ...central,
      order_OrderStatuses: [{ ...central.order_OrderStatuses[0]!, orderStatus: { orderStatusId: 6, name: 'cancelled' } }],
    };
    expect(adoptInto(db(), order.orderId, cancelledThere as Order, read)).toBe(true);
    expect(localOrder(db(), order.orderId)!.version).toBeGreaterThan(read.version + 1);
  });

  it('adopts nothing while a local change waits, nor into an order it does not hold', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    await settle();
    const central = (await world.centralCopy(order.orderId))!;
    const delivered = { ...central, lastUpdatedOn: '2024-05-01T09:00:00.000Z', customerProfileId: 50001 };
    await world.anna.addLine(order.orderId, { productId: 600, quantity: 1 });
    expect(adoptInto(db(), order.orderId, delivered)).toBe(false);
    expect(adoptInto(db(), 'f0f0f0f0-0000-4000-8000-0000000000aa', delivered)).toBe(false);
  });

  it('takes a copy made elsewhere as the central has it, and only when it differs', async () => {
    const made = await world.madeElsewhere();
    await pullChanges(db(), world.client(), 10, () => world.clock.iso());
    expect(adoptInto(db(), made.orderId, made)).toBe(false);
    const renamed = { ...made, lastUpdatedOn: '2024-05-01T09:00:00.000Z' };
    expect(adoptInto(db(), made.orderId, renamed)).toBe(true);
    expect(localOrder(db(), made.orderId)!.order).toEqual(renamed);
  });
});

describe('a synced order changed since, looked up by the central’s id', () => {
  const changedAfterSync = async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    await settle();
    await world.anna.pay(order.orderId, order.totalAmount, 'pin');
    return pendingOrders(db(), 10)[0]!;
  };

  it('unanswered: the push ends unknown, and sends nothing after the look-up', async () => {
    const work = await changedAfterSync();
    const client = scripted((method) => (method === 'GET' ? { kind: 'unknown', reason: 'connection reset' } : undefined));
    expect(await pushOrder(world.pushDeps(client), work)).toMatchObject({ kind: 'unknown' });
    expect(client.sent.map((r) => r.split(' ')[0])).toEqual(['GET']);
  });

  it('refused other than 404: the order is rejected with the central’s reason, and nothing is sent after the look-up', async () => {
    const work = await changedAfterSync();
    const client = scripted((method) => (method === 'GET' ? problem(400, 'not an order id') : undefined));
    expect(await pushOrder(world.pushDeps(client), work)).toMatchObject({ kind: 'refused', refused: 'order' });
    expect(client.sent.map((r) => r.split(' ')[0])).toEqual(['GET']);
    expect(sync(work.orderId)?.reasons).toEqual([{ detail: 'not an order id', pointer: '' }]);
  });
});
