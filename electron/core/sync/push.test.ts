import { describe, expect, it } from 'vitest';
import type { CentralAnswer, CentralRequests } from '../centralClient';
import { pendingCount, pendingOrders, settle as settleOutbox } from '../db/outbox';
import type { Order } from '../../../shared/schemas/order';
import { getSync } from '../db/syncOrders';
import { localOrder } from '../db/localOrders';
import { API, expectOrder } from '../../../server/testing/harness';
import { fastSyncPerTest } from '../testing/fastSync';
import { STATUS, statusOf } from '../testing/counter';
import { adoptInto, pushOrder } from './push';
import { pullChanges } from './pull';

/**
 * Pushing one order, against the central's HTTP app in this process (in-memory store, frozen
 * clock) through a proxy that loses answers on purpose: which requests go out after each kind
 * of answer, and what the counter writes down.
 */

const world = fastSyncPerTest('d4d4d4d4');
const settle = () => world.counter.test.engine.settle();
const db = () => world.counter.test.db;
const sync = (orderId: string) => getSync(db(), orderId);
/** The requests of the last rounds, the pull's left out. */
const pushed = () => world.requests().filter((r) => !r.includes('updatedAfter='));
const lookup = (orderId: string) => `GET /api/2.0/orders?externalOrderId=${orderId}&touchpointId=10`;

/** Makes the proxy lose the answer of the first request that `matches`, after the central carried it out. */
function loseFirst(matches: (method: string, path: string) => boolean) {
  let lost = false;
  world.proxy.decide = ({ method, path }) => {
    if (lost || !matches(method, path)) return undefined;
    lost = true;
    return 'drop';
  };
}

/** An order synced, then paid in full on the central by another channel (a web shop's card payment). */
async function paidThereAfterSync(quantity: number) {
  const order = await world.anna.create([{ productId: 600, quantity }]);
  await settle();
  const central = (await world.centralCopy(order.orderId))!;
  const body = { paymentMethodId: 4, amountDebit: order.totalAmount, operatorPaymentReference: 'web-1', statusCode: 'SETTLED' };
  await centralCall('POST', `/orders/${central.orderId}/payments`, body);
  return { order, central };
}

/** An order paid by PIN (pending) and synced, then cancelled and deleted here: its outbox work. */
async function deletedWithPendingPinThere() {
  const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
  await world.anna.pay(order.orderId, order.totalAmount, 'pin');
  await settle();
  await world.anna.cancel(order.orderId);
  await world.anna.remove(order.orderId);
  const [work] = pendingOrders(db(), 10);
  return { order, work };
}

const centralCall = async (method: string, path: string, body?: unknown) =>
  expectOrder(await world.central.call(method, API + path, body === undefined ? {} : { body }));

/** A client that answers as `script` says for the requests it picks, and passes the rest to the central. */
function scripted(
  script: (method: string, url: string, body: unknown) => CentralAnswer<unknown> | undefined,
): CentralRequests & { sent: string[] } {
  const real = world.client();
  const sent: string[] = [];
  return {
    orderBase: real.orderBase,
    sent,
    request: (async (method, url, schema, body) => {
      sent.push(`${method} ${url.slice(real.orderBase.length)}`);
      return script(method, url, body) ?? real.request(method, url, schema, body);
    }) as CentralRequests['request'],
  };
}

const problem = (status: number, detail: string, errors: { detail: string; pointer: string }[] = []) => ({
  kind: 'refused' as const,
  status,
  problem: { type: 'urn:problem:test', title: 'Refused', detail, instance: 'urn:uuid:00000000-0000-4000-8000-000000000009', errors },
});

describe('creating an order on the central', () => {
  it('creates a fresh order at once, without looking it up first', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    expect(await settle()).toMatchObject({ pending: 0, lastError: null });
    expect(pushed()).toEqual(['POST /api/2.0/orders']);
    const central = await world.centralCopy(order.orderId);
    expect(sync(order.orderId)).toMatchObject({ state: 'synced', centralOrderId: central!.orderId, outcomeUnknown: false });
  });

  it('after a create whose answer was lost, looks the order up by its externalOrderId and creates it no second time', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    loseFirst((method, path) => method === 'POST' && path === '/api/2.0/orders');
    expect(await settle()).toMatchObject({ pending: 1, lastError: 'sync.unreachable' });
    expect(sync(order.orderId)?.outcomeUnknown).toBe(true);
    const central = await world.centralCopy(order.orderId);
    world.requests();
    expect(await settle()).toMatchObject({ pending: 0, lastError: null });
    expect(pushed()).toEqual([lookup(order.orderId)]);
    expect(sync(order.orderId)).toMatchObject({ state: 'synced', centralOrderId: central!.orderId, outcomeUnknown: false });
  });

  it('after a lost create, sends from the copy it finds only what the central lacks', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    loseFirst((method, path) => method === 'POST' && path === '/api/2.0/orders');
    await settle();
    const paid = await world.anna.pay(order.orderId, order.totalAmount);
    world.requests();
    expect(await settle()).toMatchObject({ pending: 0, lastError: null });
    const central = (await world.centralCopy(order.orderId))!;
    expect(pushed()).toEqual([lookup(order.orderId), `POST /api/2.0/orders/${central.orderId}/payments`]);
    expect(central.payments.map((p) => p.operatorPaymentReference)).toEqual([paid.payments[0]!.paymentId]);
  });

  it('stays unknown when the look-up after a lost create gets no answer either', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    loseFirst((method, path) => method === 'POST' && path === '/api/2.0/orders');
    await settle();
    world.proxy.decide = ({ path }) => (path.includes('externalOrderId=') ? 'reset' : undefined);
    expect(await settle()).toMatchObject({ pending: 1, lastError: 'sync.unreachable' });
    expect(sync(order.orderId)).toMatchObject({ state: 'pending', outcomeUnknown: true });
  });

  it('answers auth, or rejects, when the look-up after a lost create is refused', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    loseFirst((method, path) => method === 'POST' && path === '/api/2.0/orders');
    await settle();
    const [work] = pendingOrders(db(), 10);
    const tokenRefused = scripted((_method, url) => (url.includes('externalOrderId=') ? problem(403, 'not yours') : undefined));
    expect(await pushOrder(world.pushDeps(tokenRefused), work!)).toEqual({ outcome: 'auth' });
    expect(tokenRefused.sent).toEqual([`GET /orders?externalOrderId=${order.orderId}&touchpointId=10`]);
    const badQuery = scripted((_method, url) => (url.includes('externalOrderId=') ? problem(400, 'bad query') : undefined));
    expect((await pushOrder(world.pushDeps(badQuery), work!)).outcome).toBe('rejected');
    expect(sync(order.orderId)?.reasons).toEqual([{ detail: 'bad query', pointer: '' }]);
  });

  it('rejects a create refused with a 409 that names no order, or with another status that names one', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    const [work] = pendingOrders(db(), 10);
    const named = [{ detail: 'externalOrderId repeated', pointer: '/externalOrderId', orderId: 'e0e0e0e0-0000-4000-8000-000000000001' }];
    for (const answer of [
      problem(409, 'repeated', [{ detail: 'repeated', pointer: '/externalOrderId' }]),
      problem(400, 'bad', named as never),
    ]) {
      const client = scripted((method) => (method === 'POST' ? answer : undefined));
      expect((await pushOrder(world.pushDeps(client), work!)).outcome).toBe('rejected');
      expect(client.sent).toEqual(['POST /orders']);
      expect(sync(order.orderId)?.reasons).toEqual(answer.problem.errors);
    }
  });

  it('takes a copy the central already holds under the order’s id (409) and goes on from it', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    const existing = await world.created(order);
    const paid = await world.anna.pay(order.orderId, order.totalAmount);
    expect(await settle()).toMatchObject({ pending: 0, lastError: null });
    expect(pushed()).toEqual([
      'POST /api/2.0/orders',
      `GET /api/2.0/orders/${existing.orderId}`,
      `POST /api/2.0/orders/${existing.orderId}/payments`,
    ]);
    expect(sync(order.orderId)).toMatchObject({ state: 'synced', centralOrderId: existing.orderId });
    expect((await world.centralCopy(order.orderId))!.payments[0]!.operatorPaymentReference).toBe(paid.payments[0]!.paymentId);
  });

  it('marks the outcome unknown when the copy a 409 names cannot be read', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    const existing = await world.created(order);
    world.proxy.decide = ({ method, path }) => (method === 'GET' && path.endsWith(existing.orderId) ? 'reset' : undefined);
    expect(await settle()).toMatchObject({ pending: 1, lastError: 'sync.unreachable' });
    expect(sync(order.orderId)?.outcomeUnknown).toBe(true);
  });

  it('rejects the order with the central’s reasons when the copy a 409 names is refused', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    const client = scripted((method, url) => {
      if (method === 'POST')
        return problem(409, 'repeated', [
          { detail: 'externalOrderId repeated', pointer: '/externalOrderId', orderId: 'e0e0e0e0-0000-4000-8000-000000000001' } as never,
        ]);
      if (url.endsWith('e0e0e0e0-0000-4000-8000-000000000001')) return problem(404, 'there is no such order');
      return undefined;
    });
    const [work] = pendingOrders(db(), 10);
    const pushedOrder = await pushOrder(world.pushDeps(client), work!);
    expect(pushedOrder.outcome).toBe('rejected');
    expect(client.sent).toEqual(['POST /orders', 'GET /orders/e0e0e0e0-0000-4000-8000-000000000001']);
    expect(sync(order.orderId)).toMatchObject({ state: 'rejected', reasons: [{ detail: 'there is no such order', pointer: '' }] });
    expect(pendingCount(db())).toBe(1);
    pushedOrder.commit!();
    expect(pendingCount(db())).toBe(0);
  });

  it('rejects an order the central refuses, with the central’s reasons, and takes it out of the outbox', async () => {
    world.clock.advance(10 * 60_000);
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    await world.anna.addLine(order.orderId, { productId: 600, quantity: 2 });
    expect(await settle()).toMatchObject({ pending: 0, rejected: 1 });
    const record = sync(order.orderId);
    expect(record?.state).toBe('rejected');
    expect(record?.reasons.map((r) => r.pointer)).toEqual(['/createdOn']);
    expect(await world.centralCopy(order.orderId)).toBeUndefined();
  });

  it('names the problem’s detail as the reason when the refusal lists no errors', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    await settle();
    await world.anna.addLine(order.orderId, { productId: 600, quantity: 2 });
    const client = scripted((method) => (method === 'POST' ? problem(422, 'the central will not take it') : undefined));
    const [work] = pendingOrders(db(), 10);
    const outcome = await pushOrder(world.pushDeps(client), work!);
    expect(outcome.outcome).toBe('rejected');
    expect(sync(order.orderId)?.reasons).toEqual([{ detail: 'the central will not take it', pointer: '' }]);
  });

  it('answers auth, and writes nothing down, when the central refuses the token', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    const [work] = pendingOrders(db(), 10);
    for (const status of [401, 403]) {
      const client = scripted(() => problem(status, 'refused'));
      expect(await pushOrder(world.pushDeps(client), work!)).toEqual({ outcome: 'auth' });
    }
    expect(await pushOrder(world.pushDeps(world.client('not-a-token')), work!)).toEqual({ outcome: 'auth' });
    expect(sync(order.orderId)).toMatchObject({ state: 'pending', reasons: [], centralOrderId: null });
    expect(pendingCount(db())).toBe(1);
  });

  it('leaves an order of another touchpoint to the clerk: rejected, nothing sent', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    await settle();
    await world.anna.addLine(order.orderId, { productId: 600, quantity: 2 });
    world.requests();
    const [work] = pendingOrders(db(), 10);
    const outcome = await pushOrder(world.pushDeps(undefined, 11), work!);
    expect(outcome.outcome).toBe('rejected');
    expect(world.requests()).toEqual([]);
    expect(sync(order.orderId)?.reasons).toEqual([
      { detail: 'touchpoint 10 owns this order; this counter may not change it', pointer: '' },
    ]);
  });
});

describe('the steps after the create', () => {
  it('writes down the central’s id before the first step, so a step whose answer is lost is found again by id', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    const central = await world.created(order);
    const paid = await world.anna.pay(order.orderId, order.totalAmount);
    loseFirst((method, path) => method === 'POST' && path.endsWith('/payments'));
    expect(await settle()).toMatchObject({ pending: 1, lastError: 'sync.unreachable' });
    expect(sync(order.orderId)).toMatchObject({ state: 'pending', centralOrderId: central.orderId, outcomeUnknown: true });
    world.requests();
    expect(await settle()).toMatchObject({ pending: 0, lastError: null });
    expect(pushed()).toEqual([`GET /api/2.0/orders/${central.orderId}`]);
    expect((await world.centralCopy(order.orderId))!.payments.map((p) => p.operatorPaymentReference)).toEqual([
      paid.payments[0]!.paymentId,
    ]);
  });

  it('creates the order again when the central no longer has the copy it knew (404)', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    await settle();
    const first = (await world.centralCopy(order.orderId))!;
    expect((await world.central.call('DELETE', `${API}/orders/${first.orderId}`)).status).toBe(200);
    await world.anna.addLine(order.orderId, { productId: 600, quantity: 2 });
    world.requests();
    // The push alone: what the pull then makes of the first copy's deletion is the pull's affair.
    const [work] = pendingOrders(db(), 10);
    const outcome = await pushOrder(world.pushDeps(), work!);
    expect(outcome.outcome).toBe('synced');
    outcome.commit!();
    expect(pushed()).toEqual([`GET /api/2.0/orders/${first.orderId}`, 'POST /api/2.0/orders']);
    const again = (await world.centralCopy(order.orderId))!;
    expect(again.orderLines).toHaveLength(2);
    expect(sync(order.orderId)).toMatchObject({ state: 'synced', centralOrderId: again.orderId });
  });

  it('stops with the outcome unknown, or auth, when reading the known copy fails so', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    await settle();
    await world.anna.addLine(order.orderId, { productId: 600, quantity: 2 });
    const [work] = pendingOrders(db(), 10);
    const lost = scripted((method) => (method === 'GET' ? { kind: 'unknown', reason: 'lost' } : undefined));
    expect(await pushOrder(world.pushDeps(lost), work!)).toEqual({ outcome: 'unknown' });
    expect(lost.sent).toHaveLength(1);
    const refused = scripted((method) => (method === 'GET' ? problem(403, 'not yours') : undefined));
    expect(await pushOrder(world.pushDeps(refused), work!)).toEqual({ outcome: 'auth' });
    const broken = scripted((method) =>
      method === 'GET' ? problem(400, 'bad id', [{ detail: 'bad id', pointer: '/orderId' }]) : undefined,
    );
    expect((await pushOrder(world.pushDeps(broken), work!)).outcome).toBe('rejected');
    expect(sync(order.orderId)?.reasons).toEqual([{ detail: 'bad id', pointer: '/orderId' }]);
  });

  it('rejects a step the central refuses and still lacks, with the refusal’s reasons', async () => {
    const { order, central } = await paidThereAfterSync(2);
    await world.anna.pay(order.orderId, order.totalAmount);
    world.requests();
    expect(await settle()).toMatchObject({ pending: 0, rejected: 1 });
    expect(pushed()).toEqual([
      `GET /api/2.0/orders/${central.orderId}`,
      `POST /api/2.0/orders/${central.orderId}/payments`,
      `GET /api/2.0/orders/${central.orderId}`,
    ]);
    expect(sync(order.orderId)?.state).toBe('rejected');
    expect(sync(order.orderId)?.reasons.length).toBeGreaterThan(0);
  });

  it('goes on when the refused step was done meanwhile (a late original), reading the copy again', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    await settle();
    const central = (await world.centralCopy(order.orderId))!;
    const withLine = await world.anna.addLine(order.orderId, { productId: 600, quantity: 2 });
    // The original of the line's POST lands just before the retry does.
    const client = scripted(() => undefined);
    const realRequest = client.request;
    client.request = (async (method, url, schema, body) => {
      if (method === 'POST' && url.endsWith('/orderlines')) await world.central.call('POST', url.slice(url.indexOf(API)), { body });
      return realRequest(method, url, schema, body);
    }) as CentralRequests['request'];
    const [work] = pendingOrders(db(), 10);
    const outcome = await pushOrder(world.pushDeps(client), work!);
    expect(outcome.outcome).toBe('synced');
    expect(client.sent).toEqual([
      `GET /orders/${central.orderId}`,
      `POST /orders/${central.orderId}/orderlines`,
      `GET /orders/${central.orderId}`,
    ]);
    const there = (await world.centralCopy(order.orderId))!;
    expect(there.orderLines.map((l) => l.externalOrderLineId)).toEqual(withLine.orderLines.map((l) => l.orderLineId));
  });

  it('judges a refused step by the refusal when the copy read again is gone, and stops on a lost or refused read', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    await settle();
    await world.anna.addLine(order.orderId, { productId: 600, quantity: 2 });
    const [work] = pendingOrders(db(), 10);
    const refusedLine = problem(400, 'no line', [{ detail: 'the line is refused', pointer: '/productId' }]);
    let reads = 0;
    const readAgain = (second: CentralAnswer<unknown>) =>
      scripted((method) => {
        if (method === 'POST') return refusedLine;
        return method === 'GET' && ++reads % 2 === 0 ? second : undefined;
      });
    expect((await pushOrder(world.pushDeps(readAgain(problem(404, 'gone'))), work!)).outcome).toBe('rejected');
    expect(sync(order.orderId)?.reasons).toEqual([{ detail: 'the line is refused', pointer: '/productId' }]);
    expect(
      (await pushOrder(world.pushDeps(readAgain(problem(400, 'unreadable', [{ detail: 'unreadable', pointer: '' }]))), work!)).outcome,
    ).toBe('rejected');
    expect(sync(order.orderId)?.reasons).toEqual([{ detail: 'unreadable', pointer: '' }]);
    expect(await pushOrder(world.pushDeps(readAgain({ kind: 'unknown', reason: 'lost' })), work!)).toEqual({ outcome: 'unknown' });
    expect(sync(order.orderId)?.outcomeUnknown).toBe(true);
    const tokenGone = scripted((method) => (method === 'POST' ? problem(401, 'token expired') : undefined));
    expect(await pushOrder(world.pushDeps(tokenGone), work!)).toEqual({ outcome: 'auth' });
  });

  it('gives up on an order after 200 steps that change nothing on the central', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    await settle();
    await world.anna.addLine(order.orderId, { productId: 600, quantity: 2 });
    const central = (await world.centralCopy(order.orderId))!;
    const client = scripted((method) => (method === 'GET' ? undefined : { kind: 'ok', status: 200, value: central }));
    const [work] = pendingOrders(db(), 10);
    const outcome = await pushOrder(world.pushDeps(client), work!);
    expect(outcome.outcome).toBe('rejected');
    expect(client.sent.filter((r) => r.startsWith('POST'))).toHaveLength(200);
    expect(sync(order.orderId)?.reasons).toEqual([{ detail: 'the central does not take this order as the counter has it', pointer: '' }]);
  });

  it('leaves the order pending when it changed while its push was under way', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    const [work] = pendingOrders(db(), 10);
    world.proxy.decide = ({ method }) => (method === 'POST' ? 'hold' : undefined);
    const pushing = pushOrder(world.pushDeps(), work!);
    await world.proxy.heldCount(1);
    await world.anna.addLine(order.orderId, { productId: 600, quantity: 2 });
    world.proxy.release();
    const outcome = await pushing;
    outcome.commit!();
    expect(sync(order.orderId)?.state).toBe('pending');
    expect(pendingCount(db())).toBe(1);
    // The line added meanwhile is not lost to the copy taken from the central.
    expect(localOrder(db(), order.orderId)!.order.orderLines).toHaveLength(2);
  });

  it('marks a synced order synced and takes in the central’s copy', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    await world.anna.pay(order.orderId, order.totalAmount, 'pin');
    const [work] = pendingOrders(db(), 10);
    const outcome = await pushOrder(world.pushDeps(), work!);
    expect(outcome.outcome).toBe('synced');
    expect(sync(order.orderId)?.state).toBe('pending');
    outcome.commit!();
    expect(pendingCount(db())).toBe(0);
    expect(sync(order.orderId)?.state).toBe('synced');
  });
});

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
    expect(await pushOrder(world.pushDeps(lost('/cancellation')), work!)).toEqual({ outcome: 'unknown' });
    expect(sync(order.orderId)?.outcomeUnknown).toBe(true);
    const refusedToken = scripted((_method, url) => (url.endsWith('/cancellation') ? problem(403, 'not yours') : undefined));
    expect(await pushOrder(world.pushDeps(refusedToken), work!)).toEqual({ outcome: 'auth' });
    const deleteLost = lost('DELETE');
    expect(await pushOrder(world.pushDeps(deleteLost), work!)).toEqual({ outcome: 'unknown' });
    expect(deleteLost.sent.map((r) => r.split(' ')[0])).toEqual(['GET', 'POST', 'DELETE']);
    const deleteRefusedToken = scripted((method) => (method === 'DELETE' ? problem(401, 'token expired') : undefined));
    expect(await pushOrder(world.pushDeps(deleteRefusedToken), work!)).toEqual({ outcome: 'auth' });
  });

  it('lets the DELETE judge when the cancellation before it is refused', async () => {
    const { work } = await deletedWithPendingPinThere();
    const client = scripted((_method, url) =>
      url.endsWith('/cancellation') ? problem(400, 'cancelled already', [{ detail: 'x', pointer: '' }]) : undefined,
    );
    const outcome = await pushOrder(world.pushDeps(client), work!);
    expect(client.sent.map((r) => r.split(' ')[0])).toEqual(['GET', 'POST', 'DELETE']);
    expect(outcome.outcome).toBe('rejected');
  });

  it('counts a DELETE answered 404 (gone already) as done', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    await settle();
    await world.anna.remove(order.orderId);
    const client = scripted((method) => (method === 'DELETE' ? problem(404, 'there is no such order') : undefined));
    const [work] = pendingOrders(db(), 10);
    const outcome = await pushOrder(world.pushDeps(client), work!);
    expect(outcome.outcome).toBe('synced');
    outcome.commit!();
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

  it('explains a kept copy whose refusal gave no reasons', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    await settle();
    const central = (await world.centralCopy(order.orderId))!;
    await world.anna.remove(order.orderId);
    const client = scripted((method) => (method === 'DELETE' ? problem(400, 'kept') : undefined));
    const [work] = pendingOrders(db(), 10);
    expect((await pushOrder(world.pushDeps(client), work!)).outcome).toBe('rejected');
    expect(sync(central.orderId)?.reasons).toEqual([{ detail: 'the central keeps this order', pointer: '' }]);
    expect(localOrder(db(), central.orderId)?.order.orderId).toBe(central.orderId);
  });
});

describe('taking the central’s copy into the local one', () => {
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
