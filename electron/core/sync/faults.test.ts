import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IpcResult, SyncStatus } from '../../../shared/ipc';
import type { Order } from '../../../shared/schemas/order';
import type { Central } from '../../../server/central';
import { tempDir } from '../../../server/testing/fixtures';
import { centralCall, centralOrders, counterToken, startTestCentral, TOUCHPOINT } from '../testing/central';
import {
  clerk,
  counterSyncingWith,
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
import { FaultyProxy, type FaultyProxyOptions } from '../testing/faultyProxy';
import { pick, randomInt, seededRandom } from '../testing/random';

/**
 * Sync over a network that loses answers: a proxy between the counter and an in-process
 * central drops the answer of ~30% of requests after the central carried them out, and
 * resets ~10% of connections before passing them on. Whatever happens, the central must
 * end up with exactly the counter's orders, lines, payments and refunds.
 */

let folder: ReturnType<typeof tempDir>;
let central: Central;
let proxy: FaultyProxy;
let counter: TestCounter;
let token: string;

beforeEach(async () => {
  folder = tempDir('counter-faults-');
  token = await counterToken();
  central = await startTestCentral(folder.dir);
});

afterEach(async () => {
  await counter?.close();
  await proxy?.close();
  await central?.close();
  folder.remove();
});

/**
 * A proxy to the central with the faults asked for (`decide` in place before the counter's
 * first request), a counter behind it, and Anna logged in at it: her actions.
 */
async function annaBehindProxy(faults: Omit<FaultyProxyOptions, 'target'> = {}, decide: FaultyProxy['decide'] = null) {
  proxy = await new FaultyProxy({ target: central.url, ...faults }).start();
  proxy.decide = decide;
  counter = await counterSyncingWith(folder.dir, proxy.url, token, 'fa017fa0');
  const anna = clerk(counter);
  await anna.login();
  return anna;
}

/** Every order the counter holds (the manager's list; fewer than its limit of 500 here). */
async function allLocalOrders(): Promise<Order[]> {
  await clerk(counter).login('mark', '9999');
  const listed = value((await counter.dispatch('orders.search', { text: '', limit: 500 })) as IpcResult<{ orderId: string }[]>);
  await clerk(counter).login();
  return localOrders(counter, listed.map((o) => o.orderId));
}

describe('sync through a proxy that loses answers', () => {
  it('leaves the central holding exactly the counter’s orders, lines and payments', async () => {
    const anna = await annaBehindProxy({ seed: 20240229, dropRate: 0.3, resetRate: 0.1 });
    const random = seededRandom(7);
    const line = () => (random() < 0.7 ? { productId: 600, quantity: randomInt(random, 1, 4) } : { productId: 601, quantity: 1, validFrom: '2024-03-01T00:00:00Z' });
    const ids: string[] = [];
    const deleted: string[] = [];

    // Round 1: sales as they come, sync running behind them through the faults.
    for (let i = 0; i < 100; i++) {
      let order = await anna.create(Array.from({ length: randomInt(random, 1, 4) }, line));
      ids.push(order.orderId);
      const r = random();
      if (r < 0.15) order = await anna.addLine(order.orderId, line());
      if (r >= 0.15 && r < 0.25 && order.orderLines.length > 1) order = await anna.removeLine(order.orderLines[0]!.orderLineId);
      const how = random();
      if (how < 0.4) {
        order = await anna.pay(order.orderId, order.totalAmount, 'cash');
        if (random() < 0.5) await anna.deliver(order.orderId);
      } else if (how < 0.6) {
        order = await anna.pay(order.orderId, order.totalAmount, 'pin', `terminal-${i}`);
        await anna.paymentStatus(order.payments[0]!.paymentId, random() < 0.7 ? 'SETTLED' : 'FAILED');
      } else if (how < 0.65) {
        await anna.cancel(order.orderId);
      }
    }
    const first = await settleFully(counter, 300);
    expect(first.status).toMatchObject({ pending: 0, rejected: 0 });

    // Round 2: changes to orders the central already holds (or may hold: answers were lost).
    for (let i = 0; i < 40; i++) {
      const orderId = pick(random, ids.filter((id) => !deleted.includes(id)));
      const order = (await anna.get(orderId)).order;
      const status = statusOf(order);
      if (status === STATUS.concept && random() < 0.5) await anna.addLine(orderId, line());
      else if (status === STATUS.concept || status === STATUS.awaitingPayment) {
        if (random() < 0.3) {
          await anna.remove(orderId);
          deleted.push(orderId);
        } else await anna.pay(orderId, order.totalAmount - order.payments.filter((p) => p.paymentStatuses[0]!.statusCode === 'SETTLED').reduce((n, p) => n + p.amountDebit, 0), 'cash');
      } else if ((status === STATUS.paid || status === STATUS.delivered) && random() < 0.4) {
        // A manager gives money back, in full (the order is cancelled) or in part.
        await anna.login('mark', '9999');
        await anna.refund(orderId, random() < 0.5 ? order.totalAmount : 1);
        await anna.login();
      } else if (status === STATUS.paid) await anna.deliver(orderId);
    }
    const second = await settleFully(counter, 300);
    expect(second.status).toMatchObject({ pending: 0, rejected: 0 });

    const local = await allLocalOrders();
    expect(local.length).toBe(ids.length - deleted.length);
    expect(local.some((o) => o.payments.some((p) => p.isRefund))).toBe(true);
    expect(deleted.length).toBeGreaterThan(0);
    const held = await centralOrders(central.url, token, TOUCHPOINT, 1000);
    expect(reconcile(local, held)).toEqual(NOTHING_WRONG);
    expect(held.filter((o) => deleted.includes(o.externalOrderId ?? ''))).toEqual([]);

    // The faults really happened, and at about the rates asked for.
    const total = proxy.log.length;
    expect(proxy.count('drop') / total).toBeGreaterThan(0.2);
    expect(proxy.count('reset') / total).toBeGreaterThan(0.05);
    const droppedCreates = proxy.log.filter((r) => r.fate === 'drop' && r.method === 'POST' && r.path === '/api/2.0/orders' && r.status === 201);
    expect(droppedCreates.length).toBeGreaterThan(0);
    console.info(
      `faults: ${ids.length} orders (${deleted.length} deleted), ${local.reduce((n, o) => n + o.orderLines.length, 0)} lines, ` +
        `${local.reduce((n, o) => n + o.payments.length, 0)} payments; ${total} requests: ${proxy.count('drop')} answers dropped ` +
        `(${droppedCreates.length} of them creates), ${proxy.count('reset')} reset; settles ${first.rounds}+${second.rounds}`,
    );
  });
});

/** A promise's value, or `null` once `ms` have passed: a bound on a call that must return. */
const within = <T>(ms: number, promise: Promise<T>): Promise<T | null> =>
  Promise.race([promise, new Promise<null>((resolve) => setTimeout(() => resolve(null), ms).unref())]);

describe('sync that cannot get on', () => {
  it('answers sync.now when the central refuses the token, instead of asking again and again', async () => {
    proxy = await new FaultyProxy({ target: central.url }).start();
    const wrongToken = await (await import('../../../server/auth')).signChannelToken('another-secret-another-secret-1234', { sub: 'x', touchpointId: 10 });
    counter = await openCounter({
      dataDir: folder.dir,
      database: ':memory:',
      central: { url: proxy.url, bearerToken: wrongToken },
    });
    const anna = clerk(counter);
    await anna.login();
    await anna.create([{ productId: 600, quantity: 1 }]);
    const status = await within(5_000, counter.dispatch('sync.now', {}) as Promise<IpcResult<SyncStatus>>);
    expect(status, 'sync.now did not answer').not.toBeNull();
    expect(value(status!)).toMatchObject({ pending: 1, lastError: 'sync.tokenRefused' });
    expect(proxy.log.filter((r) => r.path === '/api/2.0/orders').length).toBeLessThanOrEqual(2);
  });

  it('deletes an order whose payment failed offline: the central learns it ended first (cancelled), then deletes it', async () => {
    const anna = await annaBehindProxy();
    const created = await anna.create([{ productId: 600, quantity: 1 }]);
    const pending = await anna.pay(created.orderId, created.totalAmount, 'pin');
    expect((await settleFully(counter)).status.pending).toBe(0);

    // Offline, the PIN payment fails and the customer leaves: the clerk deletes the order.
    proxy.decide = () => 'reset';
    await anna.paymentStatus(pending.payments[0]!.paymentId, 'FAILED');
    await anna.remove(created.orderId);
    proxy.decide = null;
    const settled = await within(5_000, settleFully(counter, 10));
    expect(settled, 'sync did not settle').not.toBeNull();
    expect(settled!.status).toMatchObject({ pending: 0, rejected: 0, lastError: null });
    expect(await centralOrders(central.url, token)).toEqual([]);
    expect(proxy.log.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/g, ':id')} ${r.status}`).slice(-2)).toEqual([
      'POST /api/2.0/orders/:id/cancellation 200',
      'DELETE /api/2.0/orders/:id 200',
    ]);
  });

  it('gives up on deleting an order whose central copy holds money: rejected once, not retried for ever, and says why', async () => {
    const anna = await annaBehindProxy();
    const created = await anna.create([{ productId: 600, quantity: 1 }]);
    const pending = await anna.pay(created.orderId, created.totalAmount, 'pin');
    expect((await settleFully(counter)).status.pending).toBe(0);

    // The payment provider settles it on the central; offline, the terminal said it failed.
    const [there] = await centralOrders(central.url, token);
    expect((await centralCall(central.url, token, 'POST', `/payments/${there!.payments[0]!.paymentId}/status`, { statusCode: 'SETTLED' })).status).toBe(200);
    proxy.decide = () => 'reset';
    await anna.paymentStatus(pending.payments[0]!.paymentId, 'FAILED');
    await anna.remove(created.orderId);
    proxy.decide = null;
    const before = proxy.log.length;
    const settled = await within(5_000, settleFully(counter, 10));
    expect(settled, 'sync did not settle').not.toBeNull();
    // The central keeps its copy (paid may not be deleted there): the counter says so.
    expect(settled!.status).toMatchObject({ pending: 0, rejected: 1, lastError: null });
    expect(proxy.log.length - before).toBeLessThan(10);
    const held = await centralOrders(central.url, token);
    expect(held.map((o) => o.externalOrderId)).toEqual([created.orderId]);
    // ... and brings the central's copy back, so the clerk sees the sale it could not delete.
    const rejected = value((await counter.dispatch('sync.rejected', {})) as IpcResult<{ order: Order; sync: { reasons: { detail: string }[] } }[]>);
    expect(rejected.map((r) => r.order.externalOrderId)).toEqual([created.orderId]);
    expect(rejected[0]!.sync.reasons[0]!.detail).toMatch(/cannot be deleted/);
  });

  it('lets changes wait while it backs off from an unreachable central, and still retries as planned', async () => {
    proxy = await new FaultyProxy({ target: central.url }).start();
    proxy.decide = () => 'reset';
    counter = await openCounter({
      dataDir: folder.dir,
      database: ':memory:',
      central: { url: proxy.url, bearerToken: token },
      autoSync: false,
    });
    const anna = clerk(counter);
    await anna.login();
    await anna.create([{ productId: 600, quantity: 1 }]);
    const nextStatus = (test: (s: SyncStatus) => boolean) =>
      new Promise<SyncStatus>((resolve) => {
        const off = counter.on('sync.changed', (s) => {
          if (!test(s)) return;
          off();
          resolve(s);
        });
      });
    const firstRound = nextStatus(() => true);
    counter.test.engine.start();
    expect(await firstRound).toMatchObject({ online: false, pending: 1 });

    const engine = counter.test.engine as unknown as { running: Promise<void> | null };
    const asked = proxy.log.length;
    for (let i = 0; i < 10; i++) {
      await anna.create([{ productId: 600, quantity: 1 }]);
      // A change kicks sync; while backing off that starts no round.
      expect(engine.running, `round started by change ${i}`).toBeNull();
    }
    expect(proxy.log.length).toBe(asked);

    // The retry planned after one failure (at most a second later) still comes, and sends all.
    proxy.decide = null;
    const status = await within(10_000, nextStatus((s) => s.pending === 0));
    expect(status, 'no retry came').toMatchObject({ online: true, pending: 0 });
  });
});

describe('a change made while its order is being pushed', () => {
  it('keeps the order pending, not synced, until that change is sent too', async () => {
    const anna = await annaBehindProxy({}, ({ method, path }) => (method === 'POST' && path === '/api/2.0/orders' ? 'hold' : undefined));
    // The create's answer gets through and the round goes on to the next one, which cannot reach the central.
    const offline = () =>
      new Promise<SyncStatus>((resolve) => {
        const off = counter.on('sync.changed', (s) => {
          if (s.online) return;
          off();
          resolve(s);
        });
      });
    const order = await anna.create([{ productId: 600, quantity: 1 }]);
    await proxy.heldCount(1);
    // The create is at the central; its answer is on the way when the clerk adds a line.
    await anna.addLine(order.orderId, { productId: 600, quantity: 2 });
    proxy.decide = () => 'reset';
    const ended = offline();
    proxy.release();
    expect(await ended).toMatchObject({ online: false, pending: 1 });
    expect((await anna.get(order.orderId)).sync.state).toBe('pending');

    proxy.decide = null;
    expect((await settleFully(counter)).status).toMatchObject({ pending: 0, rejected: 0 });
    const synced = await anna.get(order.orderId);
    expect(synced.sync.state).toBe('synced');
    expect(reconcile([synced.order], await centralOrders(central.url, token))).toEqual(NOTHING_WRONG);
  });
});

describe('counter and central disagree on a payment', () => {
  it("takes the central's final outcome, so that the order and its payment agree everywhere", async () => {
    const anna = await annaBehindProxy();
    const created = await anna.create([{ productId: 600, quantity: 2 }]);
    const pending = await anna.pay(created.orderId, created.totalAmount, 'pin');
    expect((await settleFully(counter)).status.pending).toBe(0);
    const [there] = await centralOrders(central.url, token);
    // The payment provider settles it on the central; the terminal told the clerk it failed.
    const settled = await centralCall(central.url, token, 'POST', `/payments/${there!.payments[0]!.paymentId}/status`, { statusCode: 'SETTLED' });
    expect(settled.status).toBe(200);
    await anna.paymentStatus(pending.payments[0]!.paymentId, 'FAILED');

    expect((await settleFully(counter)).status).toMatchObject({ pending: 0, rejected: 0 });
    const local = (await anna.get(created.orderId)).order;
    expect(statusOf(local)).toBe(STATUS.paid);
    expect(local.payments.map((p) => p.paymentStatuses[0]!.statusCode)).toEqual(['SETTLED']);
    expect(reconcile([local], await centralOrders(central.url, token))).toEqual(NOTHING_WRONG);
  });
});

describe('closing the counter', () => {
  it('waits for a catalogue refresh under way instead of letting it write to a closed database', async () => {
    proxy = await new FaultyProxy({ target: central.url }).start();
    proxy.decide = ({ path }) => (path === '/api/2.0/products' || path === '/api/2.0/referencedata' ? 'hold' : undefined);
    const file = join(folder.dir, 'counter.sqlite');
    counter = await openCounter({ dataDir: folder.dir, database: file, central: { url: proxy.url, bearerToken: token } });
    await proxy.heldCount(2);
    const closing = counter.close();
    proxy.release();
    await closing;

    proxy.decide = () => 'reset';
    counter = await openCounter({ dataDir: folder.dir, database: file, central: { url: proxy.url, bearerToken: token } });
    await clerk(counter).login();
    const catalog = value((await counter.dispatch('catalog.get', {})) as IpcResult<{ source: string }>);
    expect(catalog.source).toBe('central');
  });
});

describe('large orders', () => {
  it('sends an order of the most lines an order may have; the counter refuses one more, as the central does', async () => {
    const anna = await annaBehindProxy();
    const big = await anna.create(Array.from({ length: 99 }, (_, i) => ({ productId: 600, quantity: 1 + (i % 5) })));
    let order = await anna.addLine(big.orderId, { productId: 600, quantity: 1 });
    const more = await counter.dispatch('lines.add', { orderId: big.orderId, line: { productId: 600, quantity: 1 } });
    expect(more).toMatchObject({ ok: false, error: { kind: 'invalid', errors: [expect.objectContaining({ detail: 'an order may have at most 100 lines' })] } });
    order = await anna.pay(order.orderId, order.totalAmount, 'cash');
    expect(order.orderLines).toHaveLength(100);
    const { status } = await settleFully(counter);
    expect(status).toMatchObject({ pending: 0, rejected: 0 });
    expect(reconcile([order], await centralOrders(central.url, token))).toEqual(NOTHING_WRONG);
  });
});
