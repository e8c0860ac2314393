import { describe, expect, it } from 'vitest';
import type { CentralAnswer } from '../central/centralClient';
import { API } from '../../../server/testing/harness';
import { pendingCount, pendingOrders } from '../db/outbox';
import { localOrder } from '../orders/localOrders';
import { pushWorld, problem } from '../testing/pushWorld';
import { commitOf, pushOrder } from './push';

/**
 * Pushing one order, against the central's HTTP app in this process (in-memory store, frozen
 * clock) through a proxy that loses answers on purpose: the create and the steps after it,
 * which requests go out after each kind of answer, and what the counter writes down.
 */

const { world, settle, db, sync, pushed, lookup, loseFirst, paidThereAfterSync, scripted, lateOriginal } = pushWorld('d4d4d4d4');

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
    expect(await pushOrder(world.pushDeps(tokenRefused), work!)).toEqual({ kind: 'refused', refused: 'token' });
    expect(tokenRefused.sent).toEqual([`GET /orders?externalOrderId=${order.orderId}&touchpointId=10`]);
    const badQuery = scripted((_method, url) => (url.includes('externalOrderId=') ? problem(400, 'bad query') : undefined));
    expect(await pushOrder(world.pushDeps(badQuery), work!)).toMatchObject({ kind: 'refused', refused: 'order' });
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
      expect(await pushOrder(world.pushDeps(client), work!)).toMatchObject({ kind: 'refused', refused: 'order' });
      expect(client.sent).toEqual(['POST /orders']);
      expect(sync(order.orderId)?.reasons).toEqual(answer.problem.errors);
    }
  });

  it('takes a copy the central already holds under the order’s id (409) and goes on from it', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    const existing = await world.created(order);
    const paid = await world.anna.pay(order.orderId, order.totalAmount);
    expect(await settle()).toMatchObject({ pending: 0, lastError: null });
    // A whole cash sale goes in a sale batch first; its 409 there leaves it to the push per step.
    expect(pushed()).toEqual([
      'POST /api/2.0/salebatches',
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
    expect(pushedOrder).toMatchObject({ kind: 'refused', refused: 'order' });
    expect(client.sent).toEqual(['POST /orders', 'GET /orders/e0e0e0e0-0000-4000-8000-000000000001']);
    expect(sync(order.orderId)).toMatchObject({ state: 'rejected', reasons: [{ detail: 'there is no such order', pointer: '' }] });
    expect(pendingCount(db())).toBe(1);
    commitOf(pushedOrder)!();
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
    expect(outcome).toMatchObject({ kind: 'refused', refused: 'order' });
    expect(sync(order.orderId)?.reasons).toEqual([{ detail: 'the central will not take it', pointer: '' }]);
  });

  it('answers auth, and writes nothing down, when the central refuses the token', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    const [work] = pendingOrders(db(), 10);
    for (const status of [401, 403]) {
      const client = scripted(() => problem(status, 'refused'));
      expect(await pushOrder(world.pushDeps(client), work!)).toEqual({ kind: 'refused', refused: 'token' });
    }
    expect(await pushOrder(world.pushDeps(world.client('not-a-token')), work!)).toEqual({ kind: 'refused', refused: 'token' });
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
    expect(outcome).toMatchObject({ kind: 'refused', refused: 'order' });
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
    expect(outcome).toMatchObject({ kind: 'ok' });
    commitOf(outcome)!();
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
    expect(await pushOrder(world.pushDeps(lost), work!)).toMatchObject({ kind: 'unknown' });
    expect(lost.sent).toHaveLength(1);
    const refused = scripted((method) => (method === 'GET' ? problem(403, 'not yours') : undefined));
    expect(await pushOrder(world.pushDeps(refused), work!)).toEqual({ kind: 'refused', refused: 'token' });
    const broken = scripted((method) =>
      method === 'GET' ? problem(400, 'bad id', [{ detail: 'bad id', pointer: '/orderId' }]) : undefined,
    );
    expect(await pushOrder(world.pushDeps(broken), work!)).toMatchObject({ kind: 'refused', refused: 'order' });
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
    const client = lateOriginal((method, url) => method === 'POST' && url.endsWith('/orderlines'));
    const [work] = pendingOrders(db(), 10);
    const outcome = await pushOrder(world.pushDeps(client), work!);
    expect(outcome).toMatchObject({ kind: 'ok' });
    expect(client.sent).toEqual([
      `GET /orders/${central.orderId}`,
      `POST /orders/${central.orderId}/orderlines`,
      `GET /orders/${central.orderId}`,
    ]);
    const there = (await world.centralCopy(order.orderId))!;
    expect(there.orderLines.map((l) => l.externalOrderLineId)).toEqual(withLine.orderLines.map((l) => l.orderLineId));
  });

  it('judges a refused step by the refusal when the copy read again is gone, stops on a lost or refused read, and reads nothing after a refused token', async () => {
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
    expect(await pushOrder(world.pushDeps(readAgain(problem(404, 'gone'))), work!)).toMatchObject({ kind: 'refused', refused: 'order' });
    expect(sync(order.orderId)?.reasons).toEqual([{ detail: 'the line is refused', pointer: '/productId' }]);
    expect(
      await pushOrder(world.pushDeps(readAgain(problem(400, 'unreadable', [{ detail: 'unreadable', pointer: '' }]))), work!),
    ).toMatchObject({ kind: 'refused', refused: 'order' });
    expect(sync(order.orderId)?.reasons).toEqual([{ detail: 'unreadable', pointer: '' }]);
    expect(await pushOrder(world.pushDeps(readAgain({ kind: 'unknown', reason: 'lost' })), work!)).toMatchObject({ kind: 'unknown' });
    expect(sync(order.orderId)?.outcomeUnknown).toBe(true);
    const tokenGone = scripted((method) => (method === 'POST' ? problem(401, 'token expired') : undefined));
    expect(await pushOrder(world.pushDeps(tokenGone), work!)).toEqual({ kind: 'refused', refused: 'token' });
    // A refused token is not judged against the copy read again: nothing is read after it.
    expect(tokenGone.sent.map((r) => r.split(' ')[0])).toEqual(['GET', 'POST']);
  });

  it('gives up on an order after 200 steps that change nothing on the central', async () => {
    const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
    await settle();
    await world.anna.addLine(order.orderId, { productId: 600, quantity: 2 });
    const central = (await world.centralCopy(order.orderId))!;
    const client = scripted((method) => (method === 'GET' ? undefined : { kind: 'ok', status: 200, value: central }));
    const [work] = pendingOrders(db(), 10);
    const outcome = await pushOrder(world.pushDeps(client), work!);
    expect(outcome).toMatchObject({ kind: 'refused', refused: 'order' });
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
    commitOf(outcome)!();
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
    expect(outcome).toMatchObject({ kind: 'ok' });
    expect(sync(order.orderId)?.state).toBe('pending');
    commitOf(outcome)!();
    expect(pendingCount(db())).toBe(0);
    expect(sync(order.orderId)?.state).toBe('synced');
  });
});
