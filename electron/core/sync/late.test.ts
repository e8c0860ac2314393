import { beforeEach, describe, expect, it } from 'vitest';
import type { IpcResult } from '../../../shared/ipc';
import type { Order } from '../../../shared/schemas/order';
import type { Central } from '../../../server/central';
import { centralCall, centralOrders } from '../testing/central';
import { worldPerTest } from '../testing/world';
import {
  clerk,
  counterSyncingWith,
  latestPayment,
  localOrders,
  NOTHING_WRONG,
  reconcile,
  settleFully,
  STATUS,
  statusOf,
  value,
  type TestCounter,
} from '../testing/counter';
import { FaultyProxy, type ProxyRequest } from '../testing/faultyProxy';
import { pick, randomInt, seededRandom } from '../testing/random';

/**
 * Late requests (issue 9): the original request reaches the central only after the counter
 * gave up on it, and after its retry's look-up, just before the retry. The proxy holds the
 * chosen request until the client's timeout closes it, then lets it through right before the
 * retry: no sleeping, the order of events is forced. The counter's timeout is shortened.
 */

const TIMEOUT_MS = 400;
const world = worldPerTest('counter-late-');
let central: Central;
let proxy: FaultyProxy;
let counter: TestCounter;
let token: string;

beforeEach(async () => {
  ({ central, token } = world);
  proxy = world.proxy = await new FaultyProxy({ target: central.url }).start();
  counter = world.counter = await counterSyncingWith(world.folder.dir, proxy.url, token, '1a7e0000', {
    central: { url: proxy.url, bearerToken: token, timeoutMs: TIMEOUT_MS },
  });
});

const shape = (r: ProxyRequest) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/g, ':id').replace(/\?.*/, '')}`;

/** Makes the first request matching `method` and `ending` late; resolves once the counter gave up on it. */
function lateOnce(method: string, ending: RegExp) {
  let done = false;
  proxy.decide = (req) => {
    if (done || req.method !== method || !ending.test(req.path)) return undefined;
    done = true;
    return 'late';
  };
  return proxy.lateCount(1);
}

/** Syncs once (the late request's outcome is unknown), then until settled; the retry meets the late original. */
async function syncThroughLate(late: Promise<void>) {
  await counter.test.engine.settle();
  await late;
  return (await settleFully(counter, 20)).status;
}

/** The central's answers to the requests of one shape, in order (the late original first). */
const answers = (wanted: string) => proxy.log.filter((r) => shape(r) === wanted).map((r) => `${r.fate} ${r.status}`);

async function syncedSale(anna: ReturnType<typeof clerk>, how: 'cash' | 'pin' | 'none' = 'cash') {
  let order = await anna.create([{ productId: 600, quantity: 2 }]);
  if (how !== 'none') order = await anna.pay(order.orderId, order.totalAmount, how);
  expect((await settleFully(counter)).status).toMatchObject({ pending: 0, rejected: 0 });
  return order;
}

const centralCopy = async (order: Order) => (await centralOrders(central.url, token)).find((o) => o.externalOrderId === order.orderId)!;

describe('a late original meets its retry', () => {
  it('a delivery: the retry is refused (already delivered), and the order is synced as delivered, not rejected', async () => {
    const anna = clerk(counter);
    await anna.login();
    const sale = await syncedSale(anna);
    const late = lateOnce('POST', /\/delivery$/);
    await anna.deliver(sale.orderId);
    expect(await syncThroughLate(late)).toMatchObject({ pending: 0, rejected: 0 });
    expect(answers('POST /api/2.0/orders/:id/delivery')).toEqual(['late 200', 'forward 400']);
    const [local] = await localOrders(counter, [sale.orderId]);
    expect(statusOf(local!)).toBe(STATUS.delivered);
    expect(statusOf(await centralCopy(sale))).toBe(STATUS.delivered);
    // A pull afterwards keeps the delivery on both sides.
    await counter.test.engine.settle();
    expect(statusOf((await localOrders(counter, [sale.orderId]))[0]!)).toBe(STATUS.delivered);
  });

  it('a line: the repeat is a 409, and the central holds the counter’s lines once each', async () => {
    const anna = clerk(counter);
    await anna.login();
    const sale = await syncedSale(anna, 'none');
    const late = lateOnce('POST', /\/orderlines$/);
    const local = await anna.addLine(sale.orderId, { productId: 600, quantity: 1 });
    expect(await syncThroughLate(late)).toMatchObject({ pending: 0, rejected: 0 });
    expect(answers('POST /api/2.0/orders/:id/orderlines')).toEqual(['late 200', 'forward 409']);
    const there = await centralCopy(sale);
    expect(there.orderLines.map((l) => l.externalOrderLineId)).toEqual(local.orderLines.map((l) => l.orderLineId));
    expect(reconcile([local], [there])).toEqual(NOTHING_WRONG);
  });

  it('a payment and a refund: each repeat is a 409, and no money is taken or given back twice', async () => {
    const anna = clerk(counter);
    await anna.login();
    const sale = await syncedSale(anna, 'none');
    const paying = lateOnce('POST', /\/payments$/);
    await anna.pay(sale.orderId, sale.totalAmount, 'cash');
    expect(await syncThroughLate(paying)).toMatchObject({ pending: 0, rejected: 0 });
    expect(answers('POST /api/2.0/orders/:id/payments')).toEqual(['late 200', 'forward 409']);

    const refunding = lateOnce('POST', /\/refunds$/);
    await anna.login('mark', '9999');
    const local = await anna.refund(sale.orderId, sale.totalAmount);
    expect(await syncThroughLate(refunding)).toMatchObject({ pending: 0, rejected: 0 });
    expect(answers('POST /api/2.0/orders/:id/refunds')).toEqual(['late 200', 'forward 409']);
    const there = await centralCopy(sale);
    expect(there.payments.map((p) => [p.operatorPaymentReference, p.isRefund, latestPayment(p)])).toEqual(
      local.payments.map((p) => [p.paymentId, p.isRefund, 'SETTLED']),
    );
    expect(statusOf(there)).toBe(STATUS.cancelled);
  });
});

describe('the clerk’s final outcome wins', () => {
  it('a cancellation with a pending PIN payment reaches the central as one cancellation that voids the payment', async () => {
    const anna = clerk(counter);
    await anna.login();
    const sale = await syncedSale(anna, 'pin');
    const cancelled = await anna.cancel(sale.orderId);
    expect(cancelled.payments.map(latestPayment)).toEqual(['CANCELLED']);
    expect((await settleFully(counter)).status).toMatchObject({ pending: 0, rejected: 0 });
    const writes = proxy.log.filter((r) => r.method !== 'GET').map(shape);
    expect(writes.slice(-1)).toEqual(['POST /api/2.0/orders/:id/cancellation']);
    expect(writes).not.toContain('POST /api/2.0/payments/:id/status');
    const there = await centralCopy(sale);
    expect(statusOf(there)).toBe(STATUS.cancelled);
    // The provider's settlement, arriving afterwards, is refused: the order stays cancelled.
    const late = await centralCall(central.url, token, 'POST', `/payments/${there.payments[0]!.paymentId}/status`, {
      statusCode: 'SETTLED',
    });
    expect(late.status).toBe(400);
    await counter.test.engine.settle();
    expect(statusOf((await localOrders(counter, [sale.orderId]))[0]!)).toBe(STATUS.cancelled);
    expect(reconcile(await localOrders(counter, [sale.orderId]), [await centralCopy(sale)])).toEqual(NOTHING_WRONG);
  });

  it('money the provider took before the cancellation arrived is kept, and the clerk is told to refund it', async () => {
    const anna = clerk(counter);
    await anna.login();
    const sale = await syncedSale(anna, 'pin');
    const there = await centralCopy(sale);
    expect(
      (await centralCall(central.url, token, 'POST', `/payments/${there.payments[0]!.paymentId}/status`, { statusCode: 'SETTLED' })).status,
    ).toBe(200);
    proxy.decide = () => 'reset';
    await anna.cancel(sale.orderId);
    proxy.decide = null;
    expect((await settleFully(counter)).status).toMatchObject({ pending: 0, rejected: 1 });
    const [local] = await localOrders(counter, [sale.orderId]);
    expect(statusOf(local!)).toBe(STATUS.paid);
    const rejected = value(
      (await counter.dispatch('sync.rejected', {})) as IpcResult<{ order: Order; sync: { reasons: { detail: string }[] } }[]>,
    );
    expect(rejected[0]!.sync.reasons[0]!.detail).toMatch(/settled on the central.*refund it/);
  });
});

describe('sync through a proxy that delivers requests late', () => {
  it('leaves the central with exactly the counter’s lines and payments, each order in the clerk’s final status', async () => {
    const anna = clerk(counter);
    await anna.login();
    const random = seededRandom(9);
    // Each kind of write made late once in a while; a retry of it goes through.
    const lateKeys = new Set<string>();
    proxy.decide = (req) => {
      if (req.method === 'GET' || random() > 0.5) return undefined;
      const key = `${req.method} ${req.path}`;
      if (lateKeys.has(key)) return undefined;
      lateKeys.add(key);
      return 'late';
    };
    const ids: string[] = [];
    const deleted: string[] = [];
    const customer = { birthname: 'Ada', surname: 'Visser', emailAddress: 'ada@example.org', dateOfBirth: '1990-01-01' };
    for (let i = 0; i < 30; i++) {
      const order = await anna.create([{ productId: 600, quantity: randomInt(random, 1, 3) }]);
      ids.push(order.orderId);
      if (i % 3 === 0) await anna.addLine(order.orderId, { productId: 600, quantity: 1 });
      if (i % 4 === 0) value(await counter.dispatch('orders.setCustomer', { orderId: order.orderId, customer }));
    }
    await settleFully(counter, 100);
    for (const orderId of ids) {
      let order = (await anna.get(orderId)).order;
      const r = random();
      if (r < 0.15) {
        await anna.remove(orderId);
        deleted.push(orderId);
        continue;
      }
      if (r < 0.5) order = await anna.addLine(orderId, { productId: 600, quantity: 1 });
      if (r < 0.3) {
        await anna.pay(orderId, order.totalAmount, 'pin', `terminal-${orderId}`);
        await anna.cancel(orderId);
      } else if (r < 0.5) {
        await anna.pay(orderId, order.totalAmount, 'cash');
        await anna.deliver(orderId);
      } else if (r < 0.65) {
        await anna.pay(orderId, order.totalAmount, 'cash');
        await anna.login('mark', '9999');
        await anna.refund(orderId, pick(random, [1, order.totalAmount]));
        await anna.login();
      } else {
        // The terminal's answer comes after the payment was sent: its outcome is a step of its own.
        const paying = await anna.pay(orderId, order.totalAmount, 'pin', `terminal-${orderId}`);
        await counter.test.engine.settle();
        const settles = r < 0.85;
        await anna.paymentStatus(paying.payments[0]!.paymentId, settles ? 'SETTLED' : 'FAILED');
        if (settles) await anna.deliver(orderId);
        else {
          await anna.remove(orderId);
          deleted.push(orderId);
        }
      }
      // Part of the changes go while the previous ones are still arriving late.
      if (random() < 0.3) await counter.test.engine.settle();
    }
    await settleFully(counter, 200);
    await proxy.flushLate();
    const final = await settleFully(counter, 200);
    expect(final.status).toMatchObject({ pending: 0, rejected: 0 });

    const local = await localOrders(
      counter,
      ids.filter((id) => !deleted.includes(id)),
    );
    const held = await centralOrders(central.url, token);
    expect(reconcile(local, held)).toEqual(NOTHING_WRONG);
    for (const order of local) {
      const there = held.find((o) => o.externalOrderId === order.orderId)!;
      expect(statusOf(there), order.orderId).toBe(statusOf(order));
    }
    expect(held.filter((o) => deleted.includes(o.externalOrderId ?? ''))).toEqual([]);
    // Late requests of every kind of step happened, and a retry met each of most of them (the
    // outage probe, HEAD /livez, is no step: docs/counter.md §4).
    const lateKinds = new Set(
      proxy.log
        .filter((r) => r.fate === 'late')
        .map((r) => shape(r))
        .filter((kind) => kind !== 'HEAD /livez'),
    );
    expect([...lateKinds].sort()).toEqual([
      'DELETE /api/2.0/orders/:id',
      'POST /api/2.0/orders',
      'POST /api/2.0/orders/:id/cancellation',
      'POST /api/2.0/orders/:id/delivery',
      'POST /api/2.0/orders/:id/orderlines',
      'POST /api/2.0/orders/:id/payments',
      'POST /api/2.0/orders/:id/refunds',
      'POST /api/2.0/payments/:id/status',
      'PUT /api/2.0/orders/:id/customer',
    ]);
  });
});
