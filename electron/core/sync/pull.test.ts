import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCentral, type Central } from '../../../server/central';
import { tempDir } from '../../../server/testing/fixtures';
import { CentralClient } from '../central/centralClient';
import { centralCall, centralOrders, counterToken, startTestCentral, TEST_SECRET, TOUCHPOINT } from '../testing/central';
import type { IpcResult, OrderSummary } from '../../../shared/ipc';
import { FaultyProxy } from '../testing/faultyProxy';
import { readSetting } from '../db/settings';
import { pullChanges } from './pull';
import { clerk, NOTHING_WRONG, openCounter, reconcile, settleFully, STATUS, statusOf, type TestCounter } from '../testing/counter';

/**
 * Two counters of one touchpoint on one central: each keeps read copies of the other's
 * orders (found offline too), and those copies follow what happens to them on the central.
 */

let folder: ReturnType<typeof tempDir>;
let central: Central;
let token: string;
const counters: TestCounter[] = [];

beforeEach(async () => {
  folder = tempDir('counter-pull-');
  token = await counterToken();
  central = await startTestCentral(folder.dir);
});

afterEach(async () => {
  for (const c of counters.splice(0)) await c.close();
  await central.close();
  folder.remove();
});

async function counterAt(name: string, url = central.url, autoSync = true) {
  const counter = await openCounter({
    dataDir: join(folder.dir, name),
    database: ':memory:',
    central: { url, bearerToken: token },
    autoSync,
  });
  counters.push(counter);
  await clerk(counter).login();
  return counter;
}

describe('orders made at another counter', () => {
  it('are kept as read copies that follow the central: lines added there, paid, delivered', async () => {
    const a = await counterAt('a');
    const b = await counterAt('b');
    const order = await clerk(a).create([{ productId: 600, quantity: 1 }]);
    await settleFully(a);
    await settleFully(b);
    const [there] = await centralOrders(central.url, token);
    const copy = await clerk(b).get(there!.orderId);
    expect(copy.sync.state).toBe('central');
    expect(copy.order.orderLines).toHaveLength(1);

    // Counter A goes on with its order: a line more, then paid.
    await clerk(a).addLine(order.orderId, { productId: 601, quantity: 2, validFrom: new Date().toISOString() });
    const withLine = (await clerk(a).get(order.orderId)).order;
    await clerk(a).pay(order.orderId, withLine.totalAmount, 'cash');
    await settleFully(a);
    await settleFully(b);
    const followed = (await clerk(b).get(there!.orderId)).order;
    expect(followed.orderLines.map((l) => l.productId)).toEqual([600, 601]);
    expect(followed.totalAmount).toBe(withLine.totalAmount);
    expect(statusOf(followed)).toBe(STATUS.paid);
    expect(followed.payments).toHaveLength(1);

    // Counter B hands it out: its delivery goes to the central, and back to A.
    await clerk(b).deliver(there!.orderId);
    expect((await settleFully(b)).status).toMatchObject({ pending: 0, rejected: 0 });
    await settleFully(a);
    const atA = (await clerk(a).get(order.orderId)).order;
    expect(statusOf(atA)).toBe(STATUS.delivered);
    expect(reconcile([atA], await centralOrders(central.url, token))).toEqual(NOTHING_WRONG);
  });
});

describe('read copies while the central cannot be reached', () => {
  it('are found at the other counter by the central order number', async () => {
    const proxy = await new FaultyProxy({ target: central.url }).start();
    try {
      const a = await counterAt('a');
      const b = await counterAt('b', proxy.url);
      await clerk(a).create([{ productId: 600, quantity: 1 }]);
      await settleFully(a);
      await settleFully(b);
      const [there] = await centralOrders(central.url, token);

      proxy.decide = () => 'reset';
      expect(await b.test.engine.settle()).toMatchObject({ online: false });
      const found = (await b.dispatch('orders.search', { text: there!.orderNumber })) as IpcResult<OrderSummary[]>;
      expect(found.ok && found.value.map((s) => [s.orderId, s.syncState])).toEqual([[there!.orderId, 'central']]);
    } finally {
      await proxy.close();
    }
  });
});

describe('an answer that is not the interface', () => {
  it('takes in nothing of a page with a broken order, and keeps its cursor to read it again', async () => {
    const b = await counterAt('b', central.url, false);
    const broken = { orderId: 'c0ffee00-0000-4000-8000-000000000001', externalOrderId: null, lastUpdatedOn: '2030-01-01T00:00:00.000Z' };
    const self = { href: '/api/2.0/orders', method: 'GET', templated: false };
    // A well-formed page whose one order lacks all but what the light read needs.
    const page = { orders: [broken], _links: { self }, href: self.href };
    const fake = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(page)));
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const client = new CentralClient({ baseUrl: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`, token: () => token });
    try {
      const pulled = await pullChanges(b.test.db, client, TOUCHPOINT, () => new Date().toISOString());
      expect(pulled).toMatchObject({ kind: 'unknown', answered: true, reason: expect.stringContaining('does not match the interface') });
      expect((await b.dispatch('orders.get', { orderId: broken.orderId })).ok).toBe(false);
      expect(readSetting(b.test.db, 'sync.pullUpdatedAfter')).toBeUndefined();
    } finally {
      client.close();
      await new Promise((resolve) => fake.close(resolve));
    }
  });
});

describe('orders deleted elsewhere', () => {
  /** An order made at A, held by B as a read copy: A's order and the central's. */
  async function copiedFromAToB(a: TestCounter, b: TestCounter) {
    const order = await clerk(a).create([{ productId: 600, quantity: 1 }]);
    await settleFully(a);
    await settleFully(b);
    const [there] = await centralOrders(central.url, token);
    expect((await clerk(b).get(there!.orderId)).sync.state).toBe('central');
    return { order, there: there! };
  }

  it('leave the other counter of the touchpoint, which held them as read copies', async () => {
    const a = await counterAt('a');
    const b = await counterAt('b');
    const { order, there } = await copiedFromAToB(a, b);

    await clerk(a).remove(order.orderId);
    expect((await settleFully(a)).status).toMatchObject({ pending: 0, rejected: 0 });
    const seen = new Promise<string[]>((resolve) => b.test.engine.once('orders', resolve));
    await settleFully(b);
    expect(await seen).toContain(there.orderId);
    expect((await b.dispatch('orders.get', { orderId: there.orderId })).ok).toBe(false);
  });

  it('stay while a local change of them waits to be sent', async () => {
    const a = await counterAt('a');
    const b = await counterAt('b', central.url, false);
    const { order, there } = await copiedFromAToB(a, b);
    // B's change to its copy waits in its outbox (its sync is not run) while A deletes the order.
    await clerk(b).addLine(there.orderId, { productId: 600, quantity: 1 });
    await clerk(a).remove(order.orderId);
    await settleFully(a);
    const client = new CentralClient({ baseUrl: central.url, token: () => token });
    expect(await pullChanges(b.test.db, client, TOUCHPOINT, () => new Date().toISOString())).toMatchObject({ kind: 'ok' });
    client.close();
    expect((await clerk(b).get(there.orderId)).order.orderLines).toHaveLength(2);
  });
});

describe('the change feed across centrals', () => {
  it('misses nothing when a second central process on the same database runs 2 minutes behind', async () => {
    const behind = await startCentral({
      db: join(folder.dir, 'central.sqlite'),
      port: 0,
      jwtSecret: TEST_SECRET,
      clock: () => new Date(Date.now() - 120_000),
    });
    try {
      const reader = await counterAt('reader');
      const ahead = await counterAt('ahead');
      const late = await counterAt('late', behind.url);
      const first = await clerk(ahead).create([{ productId: 600, quantity: 1 }]);
      await settleFully(ahead);
      await settleFully(reader);
      const held = async () => (await clerk(reader).get((await centralId(first.orderId))!)).sync.state;
      expect(await held()).toBe('central');

      // Through the central whose clock is behind: a new order, and a change to the first.
      const second = await clerk(late).create([{ productId: 601, quantity: 1, validFrom: new Date().toISOString() }]);
      await settleFully(late);
      const firstThere = (await centralId(first.orderId))!;
      expect((await centralCall(behind.url, token, 'PATCH', `/orders/${firstThere}`, { languageId: 2 })).status).toBe(200);
      await settleFully(reader);
      const secondThere = (await centralId(second.orderId))!;
      expect((await clerk(reader).get(secondThere)).order.orderLines.map((l) => l.productId)).toEqual([601]);
      expect((await clerk(reader).get(firstThere)).order.language.languageId).toBe(2);

      // And a deletion through it.
      await clerk(late).remove(second.orderId);
      await settleFully(late);
      await settleFully(reader);
      expect((await reader.dispatch('orders.get', { orderId: secondThere })).ok).toBe(false);
    } finally {
      await behind.close();
    }
  });
});

async function centralId(externalOrderId: string): Promise<string | undefined> {
  return (await centralOrders(central.url, token)).find((o) => o.externalOrderId === externalOrderId)?.orderId;
}
