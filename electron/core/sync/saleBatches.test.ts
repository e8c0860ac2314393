import { describe, expect, it } from 'vitest';
import { centralCall, centralOrders, TOUCHPOINT } from '../testing/central';
import { clerk, counterSyncingWith, localOrders, NOTHING_WRONG, reconcile, settleFully, STATUS, statusOf } from '../testing/counter';
import { worldPerTest } from '../testing/world';
import { FaultyProxy, type Fate } from '../testing/faultyProxy';
import { createBody } from './plan';

/** docs/api.md §8: whole offline sales go to the central in batches, each exactly once. */

const world = worldPerTest('counter-sale-batches-');

/** Anna at a counter behind a proxy that answers each request as `decide` says (else forwards it). */
async function annaBehindProxy(decide: (req: { method: string; path: string }) => Fate | undefined = () => undefined) {
  world.proxy = await new FaultyProxy({ target: world.central.url }).start();
  world.proxy.decide = decide;
  world.counter = await counterSyncingWith(world.folder.dir, world.proxy.url, world.token, '5a1eba7c');
  const anna = clerk(world.counter);
  await anna.login();
  return anna;
}

/** Offline sales: two paid in cash and delivered, one paid in cash only, one paid by PIN (pending). */
async function offlineSales(anna: ReturnType<typeof clerk>) {
  const ids: string[] = [];
  for (const how of ['deliver', 'deliver', 'paid', 'pin'] as const) {
    const order = await anna.create([{ productId: 600, quantity: 2 }]);
    ids.push(order.orderId);
    await anna.pay(order.orderId, order.totalAmount, how === 'pin' ? 'pin' : 'cash');
    if (how === 'deliver') await anna.deliver(order.orderId);
  }
  return ids;
}

const requests = () => world.proxy!.log.map((r) => `${r.method} ${r.path.replace(/\/orders\/[^/?]+/, '/orders/{id}')} ${r.fate}`);

describe('offline sales in batches', () => {
  it('sends whole cash sales in one batch, the pending PIN sale one request per step', async () => {
    const anna = await annaBehindProxy();
    const ids = await offlineSales(anna);
    expect((await settleFully(world.counter)).status).toMatchObject({ pending: 0, rejected: 0 });
    const central = await centralOrders(world.central.url, world.token, TOUCHPOINT);
    expect(reconcile(await localOrders(world.counter, ids), central)).toEqual(NOTHING_WRONG);
    expect(central.map(statusOf).sort()).toEqual([STATUS.pendingPayment, STATUS.paid, STATUS.delivered, STATUS.delivered].sort());
    const sent = requests().filter((r) => r.startsWith('POST'));
    expect(sent).toEqual([
      'POST /api/2.0/salebatches forward',
      'POST /api/2.0/orders forward',
      'POST /api/2.0/orders/{id}/payments forward',
    ]);
  });

  it('a batch whose answer was lost is not sent again: each sale is looked up, and exists once', async () => {
    let lost = 0;
    const anna = await annaBehindProxy(({ path }) => (path.endsWith('/salebatches') && lost++ === 0 ? 'drop' : undefined));
    const ids = await offlineSales(anna);
    expect((await settleFully(world.counter)).status).toMatchObject({ pending: 0, rejected: 0 });
    const central = await centralOrders(world.central.url, world.token, TOUCHPOINT);
    expect(central).toHaveLength(4);
    expect(reconcile(await localOrders(world.counter, ids), central)).toEqual(NOTHING_WRONG);
    const batches = requests().filter((r) => r.includes('/salebatches'));
    expect(batches).toEqual(['POST /api/2.0/salebatches drop']);
    // The three whole sales were carried out by the lost batch: found, nothing more to send for them.
    expect(requests().filter((r) => r.startsWith('POST /api/2.0/orders forward'))).toHaveLength(1);
  });

  it('a batch the central sheds (503) is sent again as a batch: nothing looked up, sent singly or set aside', async () => {
    let shed = 0;
    const anna = await annaBehindProxy(({ path }) => (path.endsWith('/salebatches') && shed++ === 0 ? 'shed' : undefined));
    const ids = await offlineSales(anna);
    expect((await settleFully(world.counter)).status).toMatchObject({ pending: 0, rejected: 0, setAside: 0 });
    const central = await centralOrders(world.central.url, world.token, TOUCHPOINT);
    expect(reconcile(await localOrders(world.counter, ids), central)).toEqual(NOTHING_WRONG);
    expect(requests().filter((r) => r.includes('externalOrderId='))).toEqual([]);
    // The round that was shed sent nothing more (the central is busy, and said so); the next sent the batch again.
    expect(requests().filter((r) => r.startsWith('POST'))).toEqual([
      'POST /api/2.0/salebatches shed',
      'POST /api/2.0/salebatches forward',
      'POST /api/2.0/orders forward',
      'POST /api/2.0/orders/{id}/payments forward',
    ]);
  });

  it('a sale the batch refuses (the central has it already) goes on as a single push would', async () => {
    const anna = await annaBehindProxy();
    const ids = await offlineSales(anna);
    const [first] = await localOrders(world.counter, ids.slice(0, 1));
    const made = await centralCall(
      world.central.url,
      world.token,
      'POST',
      '/orders',
      createBody(first!, 'fa017fa0-0000-4000-8000-000000000001'),
    );
    expect(made.status).toBe(201);
    expect((await settleFully(world.counter)).status).toMatchObject({ pending: 0, rejected: 0 });
    const central = await centralOrders(world.central.url, world.token, TOUCHPOINT);
    expect(reconcile(await localOrders(world.counter, ids), central)).toEqual(NOTHING_WRONG);
    // Its create answered 409, its payment and delivery went one request each.
    expect(requests().filter((r) => r.startsWith('POST'))).toEqual([
      'POST /api/2.0/salebatches forward',
      'POST /api/2.0/orders forward',
      'POST /api/2.0/orders forward',
      'POST /api/2.0/orders/{id}/payments forward',
      'POST /api/2.0/orders/{id}/payments forward',
      'POST /api/2.0/orders/{id}/delivery forward',
    ]);
  });
});
