import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IpcResult, SyncStatus } from '../../../shared/ipc';
import type { Order } from '../../../shared/schemas/order';
import { tempDir } from '../../../server/testing/fixtures';
import { CentralProcess, centralCall, centralOrders, counterToken, TOUCHPOINT } from '../testing/central';
import { countingIds, testClock } from '../testing/clock';
import {
  clerk,
  latestPayment,
  localOrders,
  NOTHING_WRONG,
  openCounter,
  reconcile,
  settleFully,
  STATUS,
  statusOf,
  value,
  type TestCounter,
} from '../testing/counter';
import { freePort } from '../testing/processes';

/**
 * The counter against the real central as its own process (server/cli.ts), started, killed
 * and started again by the test on one port and one database file. The counter's clock
 * stands in 2023, so every createdOn the central keeps must be the counter's, not its own.
 */

const START = Date.parse('2023-03-14T09:00:00.000Z');
const ORDERS = 200;

let folder: ReturnType<typeof tempDir>;
let central: CentralProcess;
let counter: TestCounter;
let token: string;
const clock = testClock(new Date(START).toISOString());
/** Every order the counter made, with the createdOn the counter gave it. */
const made = new Map<string, string>();

const byExternalId = (orders: Order[]) => {
  const counts = new Map<string, number>();
  for (const o of orders) counts.set(o.externalOrderId ?? '', (counts.get(o.externalOrderId ?? '') ?? 0) + 1);
  return counts;
};

beforeAll(async () => {
  folder = tempDir('counter-sync-');
  token = await counterToken();
  central = new CentralProcess({ port: await freePort(), db: join(folder.dir, 'central.sqlite') });
  counter = await openCounter({
    dataDir: folder.dir,
    database: join(folder.dir, 'counter.sqlite'),
    clock,
    newId: countingIds('5c5c5c5c'),
    central: { url: central.url, bearerToken: token },
  });
  await clerk(counter).login();
});

afterAll(async () => {
  await counter?.close();
  await central?.stop();
  folder?.remove();
});

describe('sync with the central as a process', () => {
  it(`sends ${ORDERS} orders made while the central was down exactly once, with their own createdOn`, async () => {
    const anna = clerk(counter);
    for (let i = 0; i < ORDERS; i++) {
      clock.set(new Date(START + i * 61_000).toISOString());
      const lines =
        i % 4 === 0
          ? [
              { productId: 600, quantity: 1 },
              { productId: 601, quantity: 2, validFrom: '2023-03-15T00:00:00Z' },
              { productId: 600, quantity: 3 },
            ]
          : [{ productId: 600, quantity: 1 + (i % 3) }];
      let order = await anna.create(lines);
      if (i % 3 === 0) order = await anna.pay(order.orderId, order.totalAmount, 'cash');
      made.set(order.orderId, clock.iso());
    }
    const offline = value((await counter.dispatch('sync.now', {})) as IpcResult<SyncStatus>);
    expect(offline).toMatchObject({ online: false, pending: ORDERS });

    await central.start();
    const started = performance.now();
    const { status, rounds } = await settleFully(counter, 20);
    const seconds = (performance.now() - started) / 1000;
    expect(status).toMatchObject({ online: true, pending: 0, rejected: 0, lastError: null });

    const held = await centralOrders(central.url, token, TOUCHPOINT, 37);
    const counts = byExternalId(held);
    const missing = [...made.keys()].filter((id) => !counts.has(id));
    const duplicated = [...counts].filter(([, n]) => n > 1);
    expect({ missing, duplicated, total: held.length }).toEqual({ missing: [], duplicated: [], total: ORDERS });
    for (const order of held) expect(order.createdOn, order.externalOrderId!).toBe(made.get(order.externalOrderId!));
    // The central's own time stamps are of today, not 2023: createdOn really came from the counter.
    expect(held.every((o) => o.lastUpdatedOn.slice(0, 4) !== '2023')).toBe(true);
    expect(reconcile(await localOrders(counter, made.keys()), held)).toEqual(NOTHING_WRONG);
    for (const local of await localOrders(counter, made.keys())) {
      const sync = value(
        (await counter.dispatch('orders.get', { orderId: local.orderId })) as IpcResult<{
          sync: { state: string; centralOrderNumber: string | null };
        }>,
      ).sync;
      expect(sync.state).toBe('synced');
      expect(sync.centralOrderNumber).toBe(held.find((o) => o.externalOrderId === local.orderId)!.orderNumber);
    }
    console.info(
      `sync: ${ORDERS} orders (${held.reduce((n, o) => n + o.orderLines.length, 0)} lines) sent in ${seconds.toFixed(1)} s, ${rounds} settle(s)`,
    );
  });

  it("takes in what the central did: a PIN payment settled there, then the order's delivery", async () => {
    const anna = clerk(counter);
    clock.set('2023-03-15T10:00:00.000Z');
    const created = await anna.create([
      { productId: 600, quantity: 2 },
      { productId: 601, quantity: 1, validFrom: '2023-03-15T00:00:00Z' },
    ]);
    const pending = await anna.pay(created.orderId, created.totalAmount, 'pin', 'terminal-7');
    expect(statusOf(pending)).toBe(STATUS.pendingPayment);
    made.set(created.orderId, clock.iso());
    expect((await settleFully(counter)).status.pending).toBe(0);

    const found = await centralCall<{ orders: Order[] }>(
      central.url,
      token,
      'GET',
      `/orders?externalOrderId=${created.orderId}&touchpointId=${TOUCHPOINT}`,
    );
    expect(found.body.orders).toHaveLength(1);
    const there = found.body.orders[0]!;
    expect(there.payments).toHaveLength(1);
    expect(latestPayment(there.payments[0]!)).toBe('PENDING');

    const changed: string[] = [];
    counter.on('orders.changed', ({ orderId }) => changed.push(orderId));

    // The payment provider settles the payment on the central.
    const settled = await centralCall<Order>(central.url, token, 'POST', `/payments/${there.payments[0]!.paymentId}/status`, {
      statusCode: 'SETTLED',
      statusDescription: 'settled by the PSP',
    });
    expect(settled.status).toBe(200);
    expect(statusOf(settled.body)).toBe(STATUS.paid);
    const before = await anna.get(created.orderId);
    expect(statusOf(before.order)).toBe(STATUS.pendingPayment);

    value((await counter.dispatch('sync.now', {})) as IpcResult<SyncStatus>);
    const paid = await anna.get(created.orderId);
    expect(statusOf(paid.order)).toBe(STATUS.paid);
    expect(paid.order.payments).toHaveLength(1);
    expect(paid.order.payments[0]!.paymentStatuses.map((s) => s.statusCode)).toEqual(['SETTLED', 'PENDING']);
    expect(paid.order.payments[0]!.paymentStatuses[0]!.statusDescription).toBe('settled by the PSP');
    expect(changed).toContain(created.orderId);

    // The order is handed out at another desk that works on the central directly.
    const delivered = await centralCall<Order>(central.url, token, 'POST', `/orders/${there.orderId}/delivery`);
    expect(delivered.status).toBe(200);
    const status = value((await counter.dispatch('sync.now', {})) as IpcResult<SyncStatus>);
    expect(status).toMatchObject({ online: true, pending: 0, lastError: null });
    const after = await anna.get(created.orderId);
    expect(statusOf(after.order)).toBe(STATUS.delivered);
    expect(after.order.order_OrderStatuses.map((s) => s.orderStatus.orderStatusId)).toEqual([5, 4, 3, 2, 1]);
    expect(after.order.orderLines.map((l) => l.orderLineStatus.name)).toEqual(['delivered', 'delivered']);
    // Taking in the central's changes is not a local change: nothing goes back.
    expect(status.pending).toBe(0);
    expect(after.sync.state).toBe('synced');
  });

  it('loses nothing and doubles nothing when the central is killed in the middle of a sync and started again', async () => {
    const anna = clerk(counter);
    await central.stop('SIGTERM');
    const extra = 60;
    for (let i = 0; i < extra; i++) {
      clock.set(new Date(Date.parse('2023-03-16T08:00:00.000Z') + i * 7_000).toISOString());
      let order = await anna.create([
        { productId: 600, quantity: 1 },
        { productId: 600, quantity: 2 },
      ]);
      if (i % 2 === 0) order = await anna.pay(order.orderId, order.totalAmount, 'cash');
      made.set(order.orderId, clock.iso());
    }
    const attempts = () => (counter.test.db.prepare('SELECT SUM(attempts) AS n FROM sync_orders').get() as { n: number }).n;
    const attemptsBefore = attempts();
    await central.start();
    const syncing = counter.test.engine.settle();
    // Killed after the 20th new order is in, while the rest are on their way.
    for (let i = 0; i < 20; i++) await central.waitForRequest('POST', '/api/2.0/orders');
    await central.stop('SIGKILL');
    const cut = await syncing;
    expect(cut.pending).toBeGreaterThan(0);
    expect(cut.online).toBe(false);
    // Requests were cut off on their way: their outcome is unknown, to be looked up first.
    expect(attempts()).toBeGreaterThan(attemptsBefore);

    await central.start();
    const { status } = await settleFully(counter, 20);
    expect(status).toMatchObject({ online: true, pending: 0, rejected: 0 });
    const held = await centralOrders(central.url, token, TOUCHPOINT, 1000);
    expect(held).toHaveLength(made.size);
    expect(reconcile(await localOrders(counter, made.keys()), held)).toEqual(NOTHING_WRONG);
  });
});
