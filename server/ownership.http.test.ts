import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Order } from '../shared/schemas/order';
import type { TransitTokenRecord } from '../shared/schemas/reference';
import { scenarios } from './testing/fixtures';
import { API, CRUD, expectOrder, expectProblem, harness, pointers, type Harness } from './testing/harness';
import { createOrder, line, pay, registered } from './testing/orders';
import { everyWrite } from './testing/writes';

/** docs/api.md §7.3 and §7.4: who may change an order, and what a customer sees. */

describe.each(scenarios())('ownership and customer scoping ($name)', ({ fixtures, now }) => {
  let h: Harness;
  beforeEach(async () => {
    h = await harness({ fixtures, now });
  });
  afterEach(() => h.close());

  const foreignToken = (claims: { scope?: string } = {}) => h.token({ touchpointId: h.roles.otherTouchpoint.salesTouchpointId, ...claims });

  it('refuses every write from another touchpoint with 403 and changes nothing; reads stay open', async () => {
    const order = await pay(h, await createOrder(h, [line(h.roles.plain), line(h.roles.plain)]));
    const auth = await foreignToken();
    for (const [method, path, body] of everyWrite(h, order)) {
      const p = expectProblem(await h.call(method, `${API}${path}`, { auth, ...(body !== undefined ? { body } : {}) }), 403);
      expect(p.type, `${method} ${path}`).toBe('urn:counter:problem:forbidden');
    }
    expect(expectOrder(await h.call('GET', `${API}/orders/${order.orderId}`, { auth }))).toEqual(order);
    expect(expectOrder(await h.call('GET', `${API}/orders/${order.orderId}`))).toEqual(order);
  });

  it('lets a payment provider (scope payments:status) of any touchpoint report a payment outcome, and nothing else', async () => {
    const order = await pay(h, await createOrder(h, [line(h.roles.plain), line(h.roles.plain)]));
    const auth = await foreignToken({ scope: 'openid payments:status' });
    for (const [method, path, body] of everyWrite(h, order).filter(([, path]) => !path.startsWith('/payments/'))) {
      expectProblem(await h.call(method, `${API}${path}`, { auth, ...(body !== undefined ? { body } : {}) }), 403);
    }
    const settled = expectOrder(
      await h.call('POST', `${API}/payments/${order.payments[0]!.paymentId}/status`, { auth, body: { statusCode: 'SETTLED' } }),
    );
    expect(settled.order_OrderStatuses[0]!.orderStatus.name).toBe('paid');
  });

  it("hides another customer's order from every write, refunds included (404)", async () => {
    const theirs = await pay(h, await createOrder(h, [line(h.roles.plain), line(h.roles.plain)], {}, { customer: 5151 }));
    for (const [method, path, body] of everyWrite(h, theirs)) {
      expectProblem(await h.call(method, `${API}${path}`, { customer: 6262, ...(body !== undefined ? { body } : {}) }), 404);
    }
    expect(expectOrder(await h.call('GET', `${API}/orders/${theirs.orderId}`))).toEqual(theirs);
  });

  describe('under a customer JWT', () => {
    const mine = () => h.roles.registeredToken;
    const theirs = () => h.roles.otherCustomerToken;
    const product = () => h.roles.needsRegistered;

    it("refuses another customer's registered token on a line as unknown (400), on create, add and change", async () => {
      const customer = mine().customerProfileId;
      const foreign = [registered(theirs())];
      const created = expectProblem(
        await h.call('POST', `${API}/orders`, {
          customer,
          body: { languageId: h.roles.language.languageId, orderLines: [line(product(), { customerTokens: foreign })] },
        }),
        400,
      );
      expect(created.errors).toEqual([
        expect.objectContaining({ pointer: '/orderLines/0/customerTokens/0/transitTokenId', transitTokenId: theirs().transitTokenId }),
      ]);
      expect(created.errors[0]!.detail).toBe(`there is no transit token ${theirs().transitTokenId}`);

      const order = await createOrder(h, [line(product(), { customerTokens: [registered(mine())] })], {}, { customer });
      expectProblem(
        await h.call('POST', `${API}/orders/${order.orderId}/orderlines`, { customer, body: line(product(), { customerTokens: foreign }) }),
        400,
      );
      const patched = expectProblem(
        await h.call('PATCH', `${API}/orderlines/${order.orderLines[0]!.orderLineId}`, { customer, body: { customerTokens: foreign } }),
        400,
      );
      expect(pointers(patched)).toEqual(['/customerTokens/0/transitTokenId']);
      const after = expectOrder(await h.call('GET', `${API}/orders/${order.orderId}`, { customer }));
      expect(after.orderLines.map((l) => l.customerTokens?.[0]?.transitTokenId)).toEqual([mine().transitTokenId]);
      expect(JSON.stringify(after)).not.toContain(theirs().alias);
    });

    it("shows a customer only their own tokens' records on an order that carries another traveller's too", async () => {
      const customer = mine().customerProfileId;
      const family = await createOrder(h, [
        line(product(), { customerTokens: [registered(mine())] }),
        line(product(), { customerTokens: [registered(theirs())] }),
      ]);
      expect(family.customerProfileId).toBe(customer);
      const nested = (o: Order) => o.orderLines.map((l) => l.customerTokens?.[0]?.transitToken?.transitTokenId ?? null);
      expect(nested(family)).toEqual([mine().transitTokenId, theirs().transitTokenId]);
      const asCustomer = expectOrder(await h.call('GET', `${API}/orders/${family.orderId}`, { customer }));
      expect(nested(asCustomer)).toEqual([mine().transitTokenId, null]);
      expect(JSON.stringify(asCustomer)).not.toContain(theirs().alias);
      const listed = await h.call<{ orders: Order[] }>('GET', `${API}/orders`, { customer });
      expect(listed.body.orders.map(nested)).toEqual([[mine().transitTokenId, null]]);
    });

    it("lists only that customer's tokens and mandates, whatever the query asks", async () => {
      const customer = mine().customerProfileId;
      const all = await h.call<{ transitTokens: TransitTokenRecord[] }>('GET', `${CRUD}/transittokens`, { customer });
      expect(all.status).toBe(200);
      expect(all.body.transitTokens.length).toBeGreaterThan(0);
      expect(new Set(all.body.transitTokens.map((t) => t.customerProfileId))).toEqual(new Set([customer]));
      const asked = await h.call<{ transitTokens: TransitTokenRecord[] }>(
        'GET',
        `${CRUD}/transittokens?customerProfileId=${theirs().customerProfileId}`,
        { customer },
      );
      expect(asked.body.transitTokens).toEqual([]);
      const byId = await h.call<{ transitTokens: TransitTokenRecord[] }>(
        'GET',
        `${CRUD}/transittokens?transitTokenId=${theirs().transitTokenId}`,
        { customer },
      );
      expect(byId.body.transitTokens).toEqual([]);

      const mandated = [...h.roles.signedCustomers][0]!;
      const others = await h.call<{ customerProfileId: number }[]>('GET', `${CRUD}/directdebitmandates?customerProfileId=${mandated}`, {
        customer: mandated + 1_000_000,
      });
      expect(others.body).toEqual([]);
      const own = await h.call<{ customerProfileId: number }[]>('GET', `${CRUD}/directdebitmandates`, { customer: mandated });
      expect(own.body.length).toBeGreaterThan(0);
      expect(own.body.every((m) => m.customerProfileId === mandated)).toBe(true);
      // Without a customer JWT a channel still finds every customer's records.
      const channel = await h.call<{ transitTokens: TransitTokenRecord[] }>(
        'GET',
        `${CRUD}/transittokens?customerProfileId=${theirs().customerProfileId}`,
      );
      expect(channel.body.transitTokens.length).toBeGreaterThan(0);
    });

    it('names the existing order in a 409 only to a caller who may read it', async () => {
      const first = await createOrder(h, [line(h.roles.plain)], { externalOrderId: 'web-1' }, { customer: 5151 });
      const body = { externalOrderId: 'web-1', languageId: h.roles.language.languageId, orderLines: [line(h.roles.plain)] };
      const stranger = expectProblem(await h.call('POST', `${API}/orders`, { customer: 6262, body }), 409);
      expect(stranger.errors).toEqual([{ detail: 'the externalOrderId is already used', pointer: '/externalOrderId' }]);
      const owner = expectProblem(await h.call('POST', `${API}/orders`, { customer: 5151, body }), 409);
      expect(owner.errors[0]!.orderId).toBe(first.orderId);
      const channel = expectProblem(await h.call('POST', `${API}/orders`, { body }), 409);
      expect(channel.errors[0]!.orderId).toBe(first.orderId);
    });

    it.each([0, -1, 1.5])('refuses a customer JWT with customerProfileId %s (401)', async (id) => {
      const customer = await h.customerToken(id);
      expectProblem(await h.call('GET', `${API}/orders`, { customer }), 401);
      expectProblem(await h.call('GET', `${CRUD}/transittokens`, { customer }), 401);
    });
  });
});
