import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CardEvent } from '../shared/schemas/cards';
import { transitTokenRecord } from '../shared/schemas/reference';
import { blockCard, cardUrl, lookedUp, requestId, unblockCard } from './testing/cards';
import { scenarios } from './testing/fixtures';
import { API, CRUD, expectOrder, expectProblem, harness, type Harness } from './testing/harness';
import { createOrder, line, registered } from './testing/orders';

/** docs/api.md §12.1 over HTTP on both backends: blocking and unblocking a card, its events, who may, repeats. */

describe.each(scenarios())('blocking a card ($name)', ({ fixtures, now }) => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness({ fixtures, now });
  });
  afterEach(() => h.close());

  const card = () => h.roles.registeredToken;
  const withStatus = (id: number) => h.fixtures.transitTokens.find((t) => t.tokenStatusId === id)!;
  const events = async (id: number, options = {}) =>
    (await h.call<{ events: CardEvent[] }>('GET', cardUrl(id, 'events'), options)).body.events;

  it('suspends an active card: the answer and the lookup say so at once, the event says who and why', async () => {
    const id = requestId();
    const res = await blockCard(h, card().transitTokenId, { requestId: id, reason: 'STOLEN', note: 'reported at the desk' });
    expect(res.status).toBe(200);
    const answered = transitTokenRecord.parse(res.body);
    expect(answered.tokenStatus).toEqual({ tokenStatusId: 5, name: 'suspended' });
    expect(answered.transitTokenId).toBe(card().transitTokenId);
    expect((await lookedUp(h, card().transitTokenId))!.tokenStatus.tokenStatusId).toBe(5);
    expect(await events(card().transitTokenId)).toEqual([
      {
        type: 'BLOCKED',
        at: now,
        touchpointId: h.roles.touchpoint.salesTouchpointId,
        sub: 'test',
        requestId: id,
        reason: 'STOLEN',
        note: 'reported at the desk',
      },
    ]);
  });

  it('a suspended card sells nothing: its line gets a validation error', async () => {
    expect((await blockCard(h, card().transitTokenId)).status).toBe(200);
    const order = await createOrder(h, [line(h.roles.needsRegistered, { customerTokens: [registered(card())] })]);
    expect(order.orderLines[0]!.validationResult).toBe('invalid');
    expect(order.orderLines[0]!.validationErrors.map((e) => e.pointer)).toContain('/customerTokens/0/transitTokenId');
  });

  it('an inactive card can be blocked; a suspended one answers 200 unchanged, without a new event', async () => {
    const inactive = withStatus(4);
    expect(transitTokenRecord.parse((await blockCard(h, inactive.transitTokenId)).body).tokenStatus.tokenStatusId).toBe(5);
    const again = await blockCard(h, inactive.transitTokenId);
    expect(again.status).toBe(200);
    expect(transitTokenRecord.parse(again.body).tokenStatus.tokenStatusId).toBe(5);
    expect((await events(inactive.transitTokenId)).map((e) => e.type)).toEqual(['BLOCKED']);
  });

  it('refuses a replaced card with 409 naming its status; nothing changes', async () => {
    const replaced = withStatus(3);
    const p = expectProblem(await blockCard(h, replaced.transitTokenId), 409);
    expect(p.errors[0]).toMatchObject({ tokenStatusId: 3, transitTokenId: replaced.transitTokenId });
    expect(await events(replaced.transitTokenId)).toEqual([]);
    expect((await lookedUp(h, replaced.transitTokenId))!.tokenStatus.tokenStatusId).toBe(3);
  });

  it('refuses an unknown card (404), a reason outside the list and a requestId that is no uuid (400)', async () => {
    expectProblem(await blockCard(h, h.roles.unknownTransitTokenId), 404);
    expect(pointersOf(expectProblem(await blockCard(h, card().transitTokenId, { reason: 'MISLAID' }), 400))).toContain('/reason');
    expect(pointersOf(expectProblem(await blockCard(h, card().transitTokenId, { requestId: 'x-1' }), 400))).toContain('/requestId');
    expectProblem(
      await h.call('POST', cardUrl(card().transitTokenId, 'block'), { payload: 'reason=LOST', contentType: 'text/plain' }),
      415,
    );
    expect((await lookedUp(h, card().transitTokenId))!.tokenStatus.tokenStatusId).toBe(2);
  });

  it('a repeat answers the same and changes nothing; the same requestId with another body is 409', async () => {
    const id = requestId();
    const first = await blockCard(h, card().transitTokenId, { requestId: id });
    expect((await unblockCard(h, card().transitTokenId)).status).toBe(200);
    const repeat = await blockCard(h, card().transitTokenId, { requestId: id });
    expect(repeat.status).toBe(first.status);
    expect(repeat.body).toEqual(first.body);
    // Still active: the repeat did not block it again.
    expect((await lookedUp(h, card().transitTokenId))!.tokenStatus.tokenStatusId).toBe(2);
    expect((await events(card().transitTokenId)).map((e) => e.type)).toEqual(['BLOCKED', 'UNBLOCKED']);
    const other = expectProblem(await blockCard(h, card().transitTokenId, { requestId: id, reason: 'STOLEN' }), 409);
    expect(other.errors[0]!.pointer).toBe('/requestId');
    expectProblem(await unblockCard(h, card().transitTokenId, { requestId: id }), 409);
  });

  it('unblocks a card suspended by a block; refuses an active card and one suspended otherwise (409)', async () => {
    expect((await blockCard(h, card().transitTokenId)).status).toBe(200);
    const res = await unblockCard(h, card().transitTokenId);
    expect(transitTokenRecord.parse(res.body).tokenStatus).toEqual({ tokenStatusId: 2, name: 'active' });
    expect((await lookedUp(h, card().transitTokenId))!.tokenStatus.tokenStatusId).toBe(2);
    expect(expectProblem(await unblockCard(h, card().transitTokenId), 409).errors[0]).toMatchObject({ tokenStatusId: 2 });
    const suspended = withStatus(5);
    expect(expectProblem(await unblockCard(h, suspended.transitTokenId), 409).errors[0]).toMatchObject({ tokenStatusId: 5 });
    expect((await lookedUp(h, suspended.transitTokenId))!.tokenStatus.tokenStatusId).toBe(5);
  });

  it("a customer JWT reaches only that customer's cards: another's is 404 and stays as it was", async () => {
    const mine = card();
    const theirs = h.roles.otherCustomerToken;
    expectProblem(await blockCard(h, theirs.transitTokenId, {}, { customer: mine.customerProfileId }), 404);
    expectProblem(await h.call('GET', cardUrl(theirs.transitTokenId, 'events'), { customer: mine.customerProfileId }), 404);
    expectProblem(await h.call('GET', cardUrl(theirs.transitTokenId, 'products'), { customer: mine.customerProfileId }), 404);
    expect((await lookedUp(h, theirs.transitTokenId))!.tokenStatus.tokenStatusId).toBe(2);
    expect((await blockCard(h, mine.transitTokenId, {}, { customer: mine.customerProfileId })).status).toBe(200);
  });

  it("an operator's token reaches every card; a token of neither a touchpoint nor an operator may read but not write (403)", async () => {
    const operator = await h.token({ touchpointId: undefined, scope: 'operator' });
    const res = await blockCard(h, card().transitTokenId, {}, { auth: operator });
    expect(res.status).toBe(200);
    expect((await events(card().transitTokenId, { auth: operator }))[0]).toMatchObject({ type: 'BLOCKED', touchpointId: 0 });
    const nobody = await h.token({ touchpointId: undefined });
    expectProblem(await unblockCard(h, card().transitTokenId, {}, { auth: nobody }), 403);
    expect((await h.call('GET', cardUrl(card().transitTokenId, 'events'), { auth: nobody })).status).toBe(200);
    const closed = await h.token({ touchpointId: h.roles.inactiveTouchpoint.salesTouchpointId });
    expectProblem(await unblockCard(h, card().transitTokenId, {}, { auth: closed }), 403);
    expectProblem(await unblockCard(h, card().transitTokenId, {}, { auth: null }), 401);
    expect((await lookedUp(h, card().transitTokenId))!.tokenStatus.tokenStatusId).toBe(5);
  });

  it('the order interface sees a block at once: a line added after it is refused', async () => {
    const order = await createOrder(h, [line(h.roles.plain)]);
    expect((await blockCard(h, card().transitTokenId)).status).toBe(200);
    const after = expectOrder(
      await h.call('POST', `${API}/orders/${order.orderId}/orderlines`, {
        body: line(h.roles.needsRegistered, { customerTokens: [registered(card())] }),
      }),
    );
    expect(after.orderLines[1]!.validationResult).toBe('invalid');
  });
});

describe('the card operations in the OpenAPI document', () => {
  it('each has its operationId, a summary and every status it answers, problems included', async () => {
    const { fixtures, now } = scenarios()[0]!;
    const h = await harness({ fixtures, now });
    try {
      type Operation = { operationId?: string; summary?: string; responses: Record<string, { content?: Record<string, unknown> }> };
      const doc = (await h.call<{ paths: Record<string, Record<string, Operation>> }>('GET', `${API}/openapi.json`)).body;
      // The routes' own statuses, and those the app answers on any route (400, 500, 503; server/openapi.ts).
      const write = ['200', '400', '401', '403', '404', '409', '413', '415', '500', '503'];
      const read = ['200', '400', '401', '403', '404', '500', '503'];
      const expected: [string, string, string, string[]][] = [
        [`${CRUD}/transittokens/{transitTokenId}/block`, 'post', 'blockTransitToken', write],
        [`${CRUD}/transittokens/{transitTokenId}/unblock`, 'post', 'unblockTransitToken', write],
        [`${CRUD}/transittokens/{transitTokenId}/replacement`, 'post', 'replaceTransitToken', ['201', ...write.slice(1)]],
        [`${CRUD}/transittokens/{transitTokenId}/events`, 'get', 'listTransitTokenEvents', read],
        [`${CRUD}/transittokens/{transitTokenId}/products`, 'get', 'listTransitTokenProducts', read],
        [`${API}/orderlines/{orderLineId}/refundquote`, 'get', 'getRefundQuote', read],
      ];
      for (const [path, method, operationId, statuses] of expected) {
        const op = doc.paths[path]?.[method];
        expect(op?.operationId, path).toBe(operationId);
        expect(op?.summary, path).toBeTruthy();
        expect(Object.keys(op!.responses).sort(), path).toEqual([...statuses].sort());
        for (const status of statuses) expect(op!.responses[status]!.content?.['application/json'], `${path} ${status}`).toBeDefined();
      }
    } finally {
      await h.close();
    }
  });
});

const pointersOf = (p: { errors: { pointer: string }[] }) => p.errors.map((e) => e.pointer);
