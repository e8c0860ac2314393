import { expect, it } from 'vitest';
import type { Order } from '../../../shared/schemas/order';
import { pendingCount, pendingOrders } from '../db/outbox';
import { problem, pushWorld } from '../testing/pushWorld';
import { sendSaleBatches } from './saleBatches';

/** docs/api.md §8: a sale is synced only on an answer that is the order as the counter holds it. */

const { world, db, sync, scripted } = pushWorld('5b5b5b5b');

async function deliveredSale(): Promise<Order> {
  const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
  await world.anna.pay(order.orderId, order.totalAmount);
  return world.anna.deliver(order.orderId);
}

/** One round of sale batches answered with `results` (or refused as a whole): the orders it wrote down as synced. */
async function batchAnswered(results: unknown[] | ReturnType<typeof problem>): Promise<string[]> {
  const answer = Array.isArray(results) ? { kind: 'ok' as const, status: 200, value: { results } } : results;
  const client = scripted((_method, url) => (url.endsWith('/salebatches') ? answer : undefined));
  const synced: string[] = [];
  await sendSaleBatches(
    world.pushDeps(client),
    (afterSeq, limit) => pendingOrders(db(), limit, afterSeq),
    (ids) => synced.push(...ids),
  );
  expect(client.sent).toEqual(['POST /salebatches']);
  return synced;
}

it('syncs a sale answered with the order as it is here', async () => {
  const sale = await deliveredSale();
  expect(await batchAnswered([{ status: 200, order: sale }])).toEqual([sale.orderId]);
  expect(sync(sale.orderId)).toMatchObject({ state: 'synced', centralOrderId: sale.orderId });
  expect(pendingCount(db())).toBe(0);
});

it('leaves a sale waiting when the order answered still lacks what was done here (its payment)', async () => {
  const sale = await deliveredSale();
  expect(await batchAnswered([{ status: 200, order: { ...sale, payments: [] } }])).toEqual([]);
  expect(sync(sale.orderId)?.state).not.toBe('synced');
  expect(pendingCount(db())).toBe(1);
});

it('leaves every sale waiting when the answer does not hold one result per sale', async () => {
  const sale = await deliveredSale();
  expect(await batchAnswered([])).toEqual([]);
  expect(pendingCount(db())).toBe(1);
  expect(sync(sale.orderId)?.state).not.toBe('synced');
});

it('leaves every sale waiting, not marked as of unknown outcome, when the central answers the batch 404; the next round sends it', async () => {
  const sale = await deliveredSale();
  expect(await batchAnswered(problem(404, 'no such route'))).toEqual([]);
  expect(sync(sale.orderId)?.outcomeUnknown ?? false).toBe(false);
  expect((await world.counter.test.engine.settle()).pending).toBe(0);
  expect((await world.centralCopy(sale.orderId))!.order_OrderStatuses[0]!.orderStatus.name).toBe('delivered');
});
