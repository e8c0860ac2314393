import { once } from 'node:events';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { IpcResult, SyncStatus } from '../../../shared/ipc';
import type { Order } from '../../../shared/schemas/order';
import { centralCall, centralOrders, TOUCHPOINT } from '../testing/central';
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
} from '../testing/counter';
import { worldPerTest } from '../testing/world';
import { FaultyProxy, type FaultyProxyOptions } from '../testing/faultyProxy';
import { pick, randomInt, seededRandom } from '../testing/random';

/**
 * Sync over a network that loses answers: a proxy between the counter and an in-process
 * central drops the answer of ~30% of requests after the central carried them out, and
 * resets ~10% of connections before passing them on. Whatever happens, the central must
 * end up with exactly the counter's orders, lines, payments and refunds.
 */

const world = worldPerTest('counter-faults-');

/**
 * A proxy to the central with the faults asked for (`decide` in place before the counter's
 * first request), a counter behind it, and Anna logged in at it: her actions.
 */
async function annaBehindProxy(faults: Omit<FaultyProxyOptions, 'target'> = {}, decide: FaultyProxy['decide'] = null) {
  world.proxy = await new FaultyProxy({ target: world.central.url, ...faults }).start();
  world.proxy.decide = decide;
  world.counter = await counterSyncingWith(world.folder.dir, world.proxy.url, world.token, 'fa017fa0');
  const anna = clerk(world.counter);
  await anna.login();
  return anna;
}

/** Anna's sale of `quantity` rides paid by PIN, the payment still pending, synced. */
async function syncedPinSale(quantity = 1) {
  const anna = await annaBehindProxy();
  const created = await anna.create([{ productId: 600, quantity }]);
  const pending = await anna.pay(created.orderId, created.totalAmount, 'pin');
  expect((await settleFully(world.counter)).status.pending).toBe(0);
  return { anna, created, pending };
}

/** The payment provider settles the (only) order's first payment on the central. */
async function settleOnCentral() {
  const [there] = await centralOrders(world.central.url, world.token);
  const settled = await centralCall(world.central.url, world.token, 'POST', `/payments/${there!.payments[0]!.paymentId}/status`, {
    statusCode: 'SETTLED',
  });
  expect(settled.status).toBe(200);
}

/** Every order the counter holds (the manager's list; fewer than its limit of 500 here). */
async function allLocalOrders(): Promise<Order[]> {
  await clerk(world.counter).login('mark', '9999');
  const listed = value((await world.counter.dispatch('orders.search', { text: '', limit: 500 })) as IpcResult<{ orderId: string }[]>);
  await clerk(world.counter).login();
  return localOrders(
    world.counter,
    listed.map((o) => o.orderId),
  );
}

describe('sync through a proxy that loses answers', () => {
  it('leaves the central holding exactly the counter’s orders, lines and payments', async () => {
    const anna = await annaBehindProxy({ seed: 20240229, dropRate: 0.3, resetRate: 0.1 });
    const random = seededRandom(7);
    const line = () =>
      random() < 0.7
        ? { productId: 600, quantity: randomInt(random, 1, 4) }
        : { productId: 601, quantity: 1, validFrom: '2024-03-01T00:00:00Z' };
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
    const first = await settleFully(world.counter, 300);
    expect(first.status).toMatchObject({ pending: 0, rejected: 0 });

    // Round 2: changes to orders the central already holds (or may hold: answers were lost).
    for (let i = 0; i < 40; i++) {
      const orderId = pick(
        random,
        ids.filter((id) => !deleted.includes(id)),
      );
      const order = (await anna.get(orderId)).order;
      const status = statusOf(order);
      if (status === STATUS.concept && random() < 0.5) await anna.addLine(orderId, line());
      else if (status === STATUS.concept || status === STATUS.awaitingPayment) {
        if (random() < 0.3) {
          await anna.remove(orderId);
          deleted.push(orderId);
        } else
          await anna.pay(
            orderId,
            order.totalAmount -
              order.payments.filter((p) => p.paymentStatuses[0]!.statusCode === 'SETTLED').reduce((n, p) => n + p.amountDebit, 0),
            'cash',
          );
      } else if ((status === STATUS.paid || status === STATUS.delivered) && random() < 0.4) {
        // A manager gives money back, in full (the order is cancelled) or in part.
        await anna.login('mark', '9999');
        await anna.refund(orderId, random() < 0.5 ? order.totalAmount : 1);
        await anna.login();
      } else if (status === STATUS.paid) await anna.deliver(orderId);
    }
    const second = await settleFully(world.counter, 300);
    expect(second.status).toMatchObject({ pending: 0, rejected: 0 });

    const local = await allLocalOrders();
    expect(local.length).toBe(ids.length - deleted.length);
    expect(local.some((o) => o.payments.some((p) => p.isRefund))).toBe(true);
    expect(deleted.length).toBeGreaterThan(0);
    const held = await centralOrders(world.central.url, world.token, TOUCHPOINT, 1000);
    expect(reconcile(local, held)).toEqual(NOTHING_WRONG);
    expect(held.filter((o) => deleted.includes(o.externalOrderId ?? ''))).toEqual([]);

    // The faults really happened, and at about the rates asked for.
    const total = world.proxy.log.length;
    expect(world.proxy.count('drop') / total).toBeGreaterThan(0.2);
    expect(world.proxy.count('reset') / total).toBeGreaterThan(0.05);
    const droppedCreates = world.proxy.log.filter(
      (r) => r.fate === 'drop' && r.method === 'POST' && r.path === '/api/2.0/orders' && r.status === 201,
    );
    expect(droppedCreates.length).toBeGreaterThan(0);
    console.info(
      `faults: ${ids.length} orders (${deleted.length} deleted), ${local.reduce((n, o) => n + o.orderLines.length, 0)} lines, ` +
        `${local.reduce((n, o) => n + o.payments.length, 0)} payments; ${total} requests: ${world.proxy.count('drop')} answers dropped ` +
        `(${droppedCreates.length} of them creates), ${world.proxy.count('reset')} reset; settles ${first.rounds}+${second.rounds}`,
    );
  });
});

// No wall-clock bounds here: each wait is for an event or a bounded number of sync rounds, and
// a call that never returns fails on the test's own time-out, however loaded the machine is.

describe('sync that cannot get on', () => {
  it('answers sync.now when the central refuses the token, instead of asking again and again', async () => {
    world.proxy = await new FaultyProxy({ target: world.central.url }).start();
    const wrongToken = await (
      await import('../../../server/auth')
    ).signChannelToken('another-secret-another-secret-1234', { sub: 'x', touchpointId: 10 });
    world.counter = await openCounter({
      dataDir: world.folder.dir,
      database: ':memory:',
      central: { url: world.proxy.url, bearerToken: wrongToken },
    });
    const anna = clerk(world.counter);
    await anna.login();
    await anna.create([{ productId: 600, quantity: 1 }]);
    const status = (await world.counter.dispatch('sync.now', {})) as IpcResult<SyncStatus>;
    expect(value(status)).toMatchObject({ pending: 1, lastError: 'sync.tokenRefused' });
    expect(world.proxy.log.filter((r) => r.path === '/api/2.0/orders').length).toBeLessThanOrEqual(2);
  });

  it('deletes an order whose payment failed offline: the central learns it ended first (cancelled), then deletes it', async () => {
    const { anna, created, pending } = await syncedPinSale();

    // Offline, the PIN payment fails and the customer leaves: the clerk deletes the order.
    world.proxy.decide = () => 'reset';
    await anna.paymentStatus(pending.payments[0]!.paymentId, 'FAILED');
    await anna.remove(created.orderId);
    world.proxy.decide = null;
    const settled = await settleFully(world.counter, 10);
    expect(settled.status).toMatchObject({ pending: 0, rejected: 0, lastError: null });
    expect(await centralOrders(world.central.url, world.token)).toEqual([]);
    expect(
      world.proxy.log
        .filter((r) => r.method !== 'GET')
        .map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/g, ':id')} ${r.status}`)
        .slice(-2),
    ).toEqual(['POST /api/2.0/orders/:id/cancellation 200', 'DELETE /api/2.0/orders/:id 200']);
  });

  it('gives up on deleting an order whose central copy holds money: rejected once, not retried for ever, and says why', async () => {
    const { anna, created, pending } = await syncedPinSale();

    // The payment provider settles it on the central; offline, the terminal said it failed.
    await settleOnCentral();
    world.proxy.decide = () => 'reset';
    await anna.paymentStatus(pending.payments[0]!.paymentId, 'FAILED');
    await anna.remove(created.orderId);
    world.proxy.decide = null;
    const before = world.proxy.log.length;
    const settled = await settleFully(world.counter, 10);
    // The central keeps its copy (paid may not be deleted there): the counter says so.
    expect(settled.status).toMatchObject({ pending: 0, rejected: 1, lastError: null });
    expect(world.proxy.log.length - before).toBeLessThan(10);
    const held = await centralOrders(world.central.url, world.token);
    expect(held.map((o) => o.externalOrderId)).toEqual([created.orderId]);
    // ... and brings the central's copy back, so the clerk sees the sale it could not delete.
    const rejected = value(
      (await world.counter.dispatch('sync.rejected', {})) as IpcResult<{ order: Order; sync: { reasons: { detail: string }[] } }[]>,
    );
    expect(rejected.map((r) => r.order.externalOrderId)).toEqual([created.orderId]);
    expect(rejected[0]!.sync.reasons[0]!.detail).toMatch(/cannot be deleted/);
  });

  it('lets changes wait while it backs off from an unreachable central, and still retries as planned', async () => {
    // The engine's timers on a fake clock, so the back-off lasts until the test moves time on,
    // however slowly the machine runs the creates below; sockets and the database keep their own.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      world.proxy = await new FaultyProxy({ target: world.central.url }).start();
      world.proxy.decide = () => 'reset';
      world.counter = await openCounter({
        dataDir: world.folder.dir,
        database: ':memory:',
        central: { url: world.proxy.url, bearerToken: world.token },
        autoSync: false,
        // The back-off's full jitter at its top: one failure plans the retry exactly 1 s on.
        random: () => 1,
      });
      const anna = clerk(world.counter);
      await anna.login();
      await anna.create([{ productId: 600, quantity: 1 }]);
      const nextStatus = (test: (s: SyncStatus) => boolean) =>
        new Promise<SyncStatus>((resolve) => {
          const off = world.counter.on('sync.changed', (s) => {
            if (!test(s)) return;
            off();
            resolve(s);
          });
        });
      const firstRound = nextStatus(() => true);
      world.counter.test.engine.start();
      expect(await firstRound).toMatchObject({ online: false, pending: 1 });

      const engine = world.counter.test.engine as unknown as { running: Promise<void> | null; probing: boolean };
      const asked = world.proxy.log.length;
      for (let i = 0; i < 10; i++) {
        await anna.create([{ productId: 600, quantity: 1 }]);
        // A change kicks sync; while backing off that starts no round, only a probe (docs/counter.md §18).
        expect(engine.running, `round started by change ${i}`).toBeNull();
      }
      while (engine.probing) await once(world.counter.test.engine, 'probe');
      const meanwhile = world.proxy.log.slice(asked).map((r) => `${r.method} ${r.path}`);
      expect(meanwhile.length).toBeGreaterThan(0);
      expect(new Set(meanwhile)).toEqual(new Set(['HEAD /livez']));

      // Not before the planned retry; at it, one round sends all.
      world.proxy.decide = null;
      vi.advanceTimersByTime(999);
      expect(engine.running).toBeNull();
      const sent = nextStatus((s) => s.pending === 0);
      vi.advanceTimersByTime(1);
      expect(engine.running).not.toBeNull();
      expect(await sent).toMatchObject({ online: true, pending: 0 });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a create whose answer was lost', () => {
  it('is looked up by its externalOrderId on the next try, and never sent to the central a second time', async () => {
    let dropped = false;
    const anna = await annaBehindProxy({}, ({ method, path }) => {
      if (dropped || method !== 'POST' || path !== '/api/2.0/orders') return undefined;
      dropped = true;
      return 'drop';
    });
    const order = await anna.create([{ productId: 600, quantity: 1 }]);
    expect((await settleFully(world.counter)).status).toMatchObject({ pending: 0, rejected: 0 });

    // The central made the order (201) but the counter never heard; the retry must ask before creating.
    const about = world.proxy.log.filter(
      (r) => (r.method === 'POST' && r.path === '/api/2.0/orders') || r.path.includes(`externalOrderId=${order.orderId}`),
    );
    expect(about.map((r) => `${r.fate} ${r.method} ${r.status}`)).toEqual(['drop POST 201', 'forward GET 200']);
    expect(new URL(about[1]!.path, 'http://central').searchParams.get('touchpointId')).toBe(String(TOUCHPOINT));
    const held = await centralOrders(world.central.url, world.token);
    expect(held.filter((o) => o.externalOrderId === order.orderId)).toHaveLength(1);
    expect((await anna.get(order.orderId)).sync.state).toBe('synced');
  });
});

describe('a change made while its order is being pushed', () => {
  it('keeps the order pending, not synced, until that change is sent too', async () => {
    const anna = await annaBehindProxy({}, ({ method, path }) => (method === 'POST' && path === '/api/2.0/orders' ? 'hold' : undefined));
    // The create's answer gets through and the round goes on to the next one, which cannot reach the central.
    const offline = () =>
      new Promise<SyncStatus>((resolve) => {
        const off = world.counter.on('sync.changed', (s) => {
          if (s.online) return;
          off();
          resolve(s);
        });
      });
    const order = await anna.create([{ productId: 600, quantity: 1 }]);
    await world.proxy.heldCount(1);
    // The create is at the central; its answer is on the way when the clerk adds a line.
    await anna.addLine(order.orderId, { productId: 600, quantity: 2 });
    world.proxy.decide = () => 'reset';
    const ended = offline();
    world.proxy.release();
    expect(await ended).toMatchObject({ online: false, pending: 1 });
    expect((await anna.get(order.orderId)).sync.state).toBe('pending');

    world.proxy.decide = null;
    expect((await settleFully(world.counter)).status).toMatchObject({ pending: 0, rejected: 0 });
    const synced = await anna.get(order.orderId);
    expect(synced.sync.state).toBe('synced');
    expect(reconcile([synced.order], await centralOrders(world.central.url, world.token))).toEqual(NOTHING_WRONG);
  });
});

describe('counter and central disagree on a payment', () => {
  it("takes the central's final outcome, so that the order and its payment agree everywhere", async () => {
    const { anna, created, pending } = await syncedPinSale(2);
    // The payment provider settles it on the central; the terminal told the clerk it failed.
    await settleOnCentral();
    await anna.paymentStatus(pending.payments[0]!.paymentId, 'FAILED');

    expect((await settleFully(world.counter)).status).toMatchObject({ pending: 0, rejected: 0 });
    const local = (await anna.get(created.orderId)).order;
    expect(statusOf(local)).toBe(STATUS.paid);
    expect(local.payments.map((p) => p.paymentStatuses[0]!.statusCode)).toEqual(['SETTLED']);
    expect(reconcile([local], await centralOrders(world.central.url, world.token))).toEqual(NOTHING_WRONG);
  });
});

describe('closing the counter', () => {
  it('waits for a catalogue refresh under way instead of letting it write to a closed database', async () => {
    world.proxy = await new FaultyProxy({ target: world.central.url }).start();
    world.proxy.decide = ({ path }) => (path === '/api/2.0/products' || path === '/api/2.0/referencedata' ? 'hold' : undefined);
    const file = join(world.folder.dir, 'world.counter.sqlite');
    world.counter = await openCounter({
      dataDir: world.folder.dir,
      database: file,
      central: { url: world.proxy.url, bearerToken: world.token },
    });
    await world.proxy.heldCount(2);
    const closing = world.counter.close();
    world.proxy.release();
    await closing;

    world.proxy.decide = () => 'reset';
    world.counter = await openCounter({
      dataDir: world.folder.dir,
      database: file,
      central: { url: world.proxy.url, bearerToken: world.token },
    });
    await clerk(world.counter).login();
    const catalog = value((await world.counter.dispatch('catalog.get', {})) as IpcResult<{ source: string }>);
    expect(catalog.source).toBe('central');
  });
});

describe('large orders', () => {
  it('sends an order of the most lines an order may have; the counter refuses one more, as the central does', async () => {
    const anna = await annaBehindProxy();
    const big = await anna.create(Array.from({ length: 99 }, (_, i) => ({ productId: 600, quantity: 1 + (i % 5) })));
    let order = await anna.addLine(big.orderId, { productId: 600, quantity: 1 });
    const more = await world.counter.dispatch('lines.add', { orderId: big.orderId, line: { productId: 600, quantity: 1 } });
    expect(more).toMatchObject({
      ok: false,
      error: { kind: 'invalid', errors: [expect.objectContaining({ detail: 'an order may have at most 100 lines' })] },
    });
    order = await anna.pay(order.orderId, order.totalAmount, 'cash');
    expect(order.orderLines).toHaveLength(100);
    const { status } = await settleFully(world.counter);
    expect(status).toMatchObject({ pending: 0, rejected: 0 });
    expect(reconcile([order], await centralOrders(world.central.url, world.token))).toEqual(NOTHING_WRONG);
  });
});
