import { describe, expect, it } from 'vitest';
import { pendingOrders } from '../db/outbox';
import { localOrder } from '../orders/localOrders';
import { countFailure, setAsideCount } from '../db/syncOrders';
import { STATUS, statusOf } from '../testing/counter';
import { FAST_NOW } from '../testing/fastSync';
import { pushWorld } from '../testing/pushWorld';
import { nextStep } from './plan';
import { commitOf, pushOrder } from './push';

/**
 * Pushing one order (as push.test.ts): a refused step after which another step is still
 * needed, and what the counter writes down between the steps and once the push is committed.
 */

const { world, settle, db, sync, centralCall, scripted, lateOriginal } = pushWorld('d6d6d6d6');

/** An order of lines of these quantities, synced, and its central copy. */
async function synced(quantities = [1]) {
  const order = await world.anna.create(quantities.map((quantity) => ({ productId: 600, quantity })));
  await settle();
  return { order, central: (await world.centralCopy(order.orderId))! };
}

describe('a refused step that was done meanwhile, another step still needed', () => {
  it('goes on with the next line to add when the refused one, with another body, was added meanwhile', async () => {
    const { order, central } = await synced();
    await world.anna.addLine(order.orderId, { productId: 600, quantity: 2 });
    const local = await world.anna.addLine(order.orderId, { productId: 600, quantity: 3 });
    const client = lateOriginal((method, url) => method === 'POST' && url.endsWith('/orderlines'));
    const [work] = pendingOrders(db(), 10);
    expect(await pushOrder(world.pushDeps(client), work!)).toMatchObject({ kind: 'ok' });
    const lines = `POST /orders/${central.orderId}/orderlines`;
    expect(client.sent).toEqual([`GET /orders/${central.orderId}`, lines, `GET /orders/${central.orderId}`, lines]);
    const there = (await world.centralCopy(order.orderId))!;
    expect(there.orderLines.map((l) => l.externalOrderLineId)).toEqual(local.orderLines.map((l) => l.orderLineId));
  });

  it('goes on with the next line to delete when the refused delete, of another line, was done meanwhile', async () => {
    const { order, central } = await synced([1, 2, 3]);
    const [first, second] = central.orderLines.map((l) => l.orderLineId);
    await world.anna.removeLine(order.orderLines[0]!.orderLineId);
    await world.anna.removeLine(order.orderLines[1]!.orderLineId);
    const client = lateOriginal((method) => method === 'DELETE');
    const [work] = pendingOrders(db(), 10);
    expect(await pushOrder(world.pushDeps(client), work!)).toMatchObject({ kind: 'ok' });
    expect(client.sent).toEqual([
      `GET /orders/${central.orderId}`,
      `DELETE /orderlines/${first}`,
      `GET /orders/${central.orderId}`,
      `DELETE /orderlines/${second}`,
    ]);
    expect((await world.centralCopy(order.orderId))!.orderLines.map((l) => l.quantity)).toEqual([3]);
  });
});

describe('what the counter writes down', () => {
  it('writes the central’s copy down before the first step only: a push cut off at a later step leaves the version read first', async () => {
    const { order, central } = await synced();
    await world.anna.addLine(order.orderId, { productId: 600, quantity: 2 });
    await world.anna.addLine(order.orderId, { productId: 600, quantity: 3 });
    world.central.clock.advance(60_000);
    let posts = 0;
    const client = scripted((method) => (method === 'POST' && ++posts === 2 ? { kind: 'unknown', reason: 'lost' } : undefined));
    const [work] = pendingOrders(db(), 10);
    expect(await pushOrder(world.pushDeps(client), work!)).toMatchObject({ kind: 'unknown' });
    expect(central.lastUpdatedOn).toBe(FAST_NOW);
    expect((await world.centralCopy(order.orderId))!.lastUpdatedOn).not.toBe(FAST_NOW);
    expect(sync(order.orderId)).toMatchObject({ centralOrderId: central.orderId, centralUpdatedOn: FAST_NOW, outcomeUnknown: true });
  });

  it('counts the failures of an order that went through afresh', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    const [work] = pendingOrders(db(), 10);
    const fail = () => countFailure(db(), order.orderId, 'sync.server', 3, world.clock.iso());
    fail();
    fail();
    commitOf(await pushOrder(world.pushDeps(), work!))!();
    fail();
    fail();
    expect(setAsideCount(db())).toBe(0);
    fail();
    expect(setAsideCount(db())).toBe(1);
  });

  it('takes nothing of the central’s copy into an order changed after its push, before the push was committed', async () => {
    const { order, central } = await synced();
    const withLine = await world.anna.addLine(order.orderId, { productId: 600, quantity: 2 });
    await world.send(nextStep(withLine, central)!);
    await centralCall('POST', `/orders/${central.orderId}/cancellation`);
    const [work] = pendingOrders(db(), 10);
    const pushed = await pushOrder(world.pushDeps(), work!);
    expect(pushed).toMatchObject({ kind: 'ok' });
    const changed = await world.anna.addLine(order.orderId, { productId: 600, quantity: 3 });
    const before = localOrder(db(), order.orderId)!;
    commitOf(pushed)!();
    expect(localOrder(db(), order.orderId)).toEqual(before);
    expect(statusOf(before.order)).toBe(STATUS.concept);
    expect(before.order).toEqual(changed);
    expect(sync(order.orderId)?.state).toBe('pending');
  });
});
