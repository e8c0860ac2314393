import { SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../shared/schemas/order';
import { everyWrite, type Attempt } from './testing/writes';
import { scenarios } from './testing/fixtures';
import { API, CHANNEL_SECRET, CRUD, CUSTOMER_SECRET, expectOrder, expectProblem, harness, type Harness } from './testing/harness';
import { createOrder, line, pay, registered } from './testing/orders';

/** docs/api.md §2: the channel's bearer token, its touchpoint, and the customer's JWT. */

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

function sign(claims: Record<string, unknown>, secret = CHANNEL_SECRET, alg = 'HS256') {
  return new SignJWT(claims).setProtectedHeader({ alg }).sign(new TextEncoder().encode(secret));
}

describe.each(scenarios())('authentication ($name)', ({ fixtures, now }) => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness({ fixtures, now });
  });
  afterEach(() => h.close());

  const touchpointId = () => h.roles.touchpoint.salesTouchpointId;

  describe('bearer token: 401', () => {
    const cases: [string, () => Promise<string | null>, string?][] = [
      ['no token', async () => null],
      ['a token that is not a JWT', async () => 'not.a.jwt'],
      ['another scheme', async () => 'x', 'Basic dXNlcjpwYXNz'],
      ['a bad signature', () => sign({ exp: inAnHour(), touchpointId: touchpointId() }, 'another-secret-of-enough-length')],
      ['an expired token', () => sign({ exp: Math.floor(Date.now() / 1000) - 10, touchpointId: touchpointId() })],
      ['a token without exp', () => sign({ touchpointId: touchpointId() })],
      ['alg none', async () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ exp: inAnHour(), touchpointId: touchpointId() })}.`],
      ['HS512 instead of HS256', () => sign({ exp: inAnHour(), touchpointId: touchpointId() }, CHANNEL_SECRET, 'HS512')],
      ['a touchpointId that is not an integer', () => sign({ exp: inAnHour(), touchpointId: 'ten' })],
    ];

    it.each(cases)('%s', async (_, make, authorization) => {
      const token = await make();
      const headers = authorization ? { authorization } : undefined;
      for (const url of [`${API}/orders`, `${CRUD}/transittokens`]) {
        const p = expectProblem(await h.call('GET', url, { auth: authorization ? null : token, ...(headers ? { headers } : {}) }), 401);
        expect(p.type).toBe('urn:counter:problem:unauthenticated');
      }
      const res = await h.call('POST', `${API}/orders`, { auth: token, body: { languageId: 1, orderLines: [] } });
      expect(res.status).toBe(401);
    });

    it("a customer's JWT, even signed with the channel key (the default), is not a channel token", async () => {
      const customerStyle = await sign({ exp: inAnHour(), customerProfileId: 5151 });
      for (const url of [`${API}/orders`, `${CRUD}/transittokens`, `${CRUD}/directdebitmandates`]) {
        expectProblem(await h.call('GET', url, { auth: customerStyle }), 401);
      }
    });

    it('a valid token opens both interfaces', async () => {
      expect((await h.call('GET', `${API}/orders`)).status).toBe(200);
      expect((await h.call('GET', `${CRUD}/transittokens`)).status).toBe(200);
    });
  });

  describe('touchpoint: 403 on the order interface', () => {
    it('a token without touchpointId', async () => {
      const token = await sign({ exp: inAnHour(), sub: 'lookup-only' });
      expectProblem(await h.call('GET', `${API}/orders`, { auth: token }), 403);
      // The lookup interface does not need a touchpoint.
      expect((await h.call('GET', `${CRUD}/directdebitmandates`, { auth: token })).status).toBe(200);
    });

    it('an unknown touchpoint', async () => {
      const unknown = Math.max(...fixtures.touchpoints.map((t) => t.salesTouchpointId)) + 1;
      const p = expectProblem(await h.call('GET', `${API}/orders`, { auth: await h.token({ touchpointId: unknown }) }), 403);
      expect(p.type).toBe('urn:counter:problem:forbidden');
    });

    it('an inactive touchpoint', async () => {
      const token = await h.token({ touchpointId: h.roles.inactiveTouchpoint.salesTouchpointId });
      expectProblem(
        await h.call('POST', `${API}/orders`, { auth: token, body: { languageId: 1, orderLines: [line(h.roles.plain)] } }),
        403,
      );
    });

    it('the order takes the touchpoint of the token', async () => {
      const other = await h.token({ touchpointId: h.roles.otherTouchpoint.salesTouchpointId });
      const o = await createOrder(h, undefined, {}, { auth: other });
      expect(o.touchPoint).toEqual(h.roles.otherTouchpoint);
    });
  });

  describe('customer JWT (X-OPERATOR-JWT-AUTH-HEADER)', () => {
    it.each([
      ['garbage', async () => 'garbage'],
      ['another secret', () => sign({ exp: inAnHour(), customerProfileId: 1 }, 'not-the-customer-secret-at-all')],
      ['expired', () => sign({ exp: 1_000, customerProfileId: 1 }, CUSTOMER_SECRET)],
      ['no customerProfileId', () => sign({ exp: inAnHour() }, CUSTOMER_SECRET)],
    ])('invalid (%s): 401', async (_, make) => {
      expectProblem(await h.call('GET', `${API}/orders`, { customer: await make() }), 401);
    });

    it('accepts the token with or without "Bearer "', async () => {
      const token = await h.customerToken(77);
      expect((await h.call('GET', `${API}/orders`, { customer: token })).status).toBe(200);
      expect((await h.call('GET', `${API}/orders`, { customer: `Bearer ${token}` })).status).toBe(200);
    });

    it("a created order gets the customer; GET /orders lists only that customer's orders", async () => {
      const { registeredToken, needsRegistered } = h.roles;
      const mine = await createOrder(h, undefined, {}, { customer: 4242 });
      expect(mine.customerProfileId).toBe(4242);
      // Another customer's registered token does not exist for this customer (docs/api.md §7.4).
      const withTheirs = {
        languageId: h.roles.language.languageId,
        orderLines: [line(needsRegistered, { customerTokens: [registered(registeredToken)] })],
      };
      expectProblem(await h.call('POST', `${API}/orders`, { customer: 4242, body: withTheirs }), 400);
      const alsoMine = await createOrder(h, undefined, {}, { customer: 4242 });
      expect(alsoMine.customerProfileId).toBe(4242);
      await createOrder(h);
      await createOrder(h, undefined, {}, { customer: 4343 });
      const listed = async (query: string) =>
        (await h.call<{ orders: Order[] }>('GET', `${API}/orders${query}`, { customer: 4242 })).body.orders.map((o) => o.orderId);
      expect(await listed('')).toEqual([alsoMine.orderId, mine.orderId]);
      expect(await listed('?customerProfileId=4343')).toEqual([alsoMine.orderId, mine.orderId]);
      expect(await listed('?customerProfileId=0')).toEqual([alsoMine.orderId, mine.orderId]);
      expect((await h.call<{ orders: Order[] }>('GET', `${API}/orders`)).body.orders).toHaveLength(4);
    });

    it("another customer's order is 404 on every operation, and stays as it was", async () => {
      const theirs = await pay(h, await createOrder(h, [line(h.roles.plain), line(h.roles.plain)], {}, { customer: 5151 }));
      const id = theirs.orderId;
      const attempts: Attempt[] = [['GET', `/orders/${id}`], ...everyWrite(h, theirs)];
      for (const [method, path, body] of attempts) {
        const res = await h.call(method, `${API}${path}`, { customer: 6262, ...(body !== undefined ? { body } : {}) });
        expectProblem(res, 404);
      }
      expect(expectOrder(await h.call('GET', `${API}/orders/${id}`, { customer: 5151 }))).toEqual(theirs);
      expect(expectOrder(await h.call('GET', `${API}/orders/${id}`))).toEqual(theirs);
    });
  });
});
