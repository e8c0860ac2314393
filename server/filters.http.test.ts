import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderList, type Order } from '../shared/schemas/order';
import { scenarios } from './testing/fixtures';
import { API, expectOrder, harness, type Harness } from './testing/harness';
import { createOrder, line, pay, registered } from './testing/orders';
import { daysAfter } from './testing/roles';

/** docs/api.md §3.4: each filter of GET /orders, alone and combined (AND). */

const MINUTE = 60_000;

describe.each(scenarios())('GET /orders filters ($name)', ({ fixtures, now }) => {
  let h: Harness;
  /** A: concept, external id, changed later. B: paid, customer X. C: pendingPayment, other touchpoint. D: concept, customer Y. */
  const o: Record<'A' | 'B' | 'C' | 'D', Order> = {} as never;
  const at = (minutes: number) => new Date(Date.parse(now) + minutes * MINUTE).toISOString();

  beforeAll(async () => {
    h = await harness({ fixtures, now });
    const { plain, needsRegistered, registeredToken, otherCustomerToken, otherTouchpoint } = h.roles;
    o.A = await createOrder(h, [line(plain)], { externalOrderId: 'ext-A' });
    h.clock.set(at(1));
    o.B = await pay(h, await createOrder(h, [line(needsRegistered, { customerTokens: [registered(registeredToken)] })]), {
      statusCode: 'SETTLED',
    });
    h.clock.set(at(2));
    const other = await h.token({ touchpointId: otherTouchpoint.salesTouchpointId });
    o.C = await pay(h, await createOrder(h, [line(plain)], {}, { auth: other }), {}, { auth: other });
    h.clock.set(at(3));
    o.D = await createOrder(h, [line(needsRegistered, { customerTokens: [registered(otherCustomerToken)] })]);
    h.clock.set(at(10));
    o.A = expectOrder(await h.call('PATCH', `${API}/orders/${o.A.orderId}`, { body: { languageId: h.roles.otherLanguage.languageId } }));
  });
  afterAll(() => h.close());

  /** The letters of the orders a query answers, in the order answered. */
  async function found(query: string): Promise<string> {
    const res = await h.call('GET', `${API}/orders?${query}`);
    expect(res.status, res.text).toBe(200);
    const list = orderList.parse(res.body);
    const letter = (x: Order) => (Object.keys(o) as (keyof typeof o)[]).find((k) => o[k].orderId === x.orderId) ?? '?';
    return list.orders.map(letter).join('');
  }

  it('without filters: every order, newest createdOn first', async () => {
    expect(await found('')).toBe('DCBA');
  });

  it('orderId, orderNumber and externalOrderId', async () => {
    expect(await found(`orderId=${o.C.orderId}`)).toBe('C');
    expect(await found(`orderNumber=${o.D.orderNumber}`)).toBe('D');
    expect(await found('externalOrderId=ext-A')).toBe('A');
    expect(await found('externalOrderId=ext-Z')).toBe('');
    expect(await found('orderId=00000000-0000-4000-8000-00000000abcd')).toBe('');
  });

  it('createdAfter is inclusive, createdBefore exclusive', async () => {
    expect(await found(`createdAfter=${encodeURIComponent(at(1))}`)).toBe('DCB');
    expect(await found(`createdBefore=${encodeURIComponent(at(1))}`)).toBe('A');
    expect(await found(`createdAfter=${encodeURIComponent(at(1))}&createdBefore=${encodeURIComponent(at(3))}`)).toBe('CB');
    // A bound without a zone is UTC.
    expect(await found(`createdAfter=${at(2).slice(0, 19)}`)).toBe('DC');
  });

  it('updatedAfter is inclusive, updatedBefore exclusive (pages by lastUpdatedOn ascending)', async () => {
    expect(await found(`updatedAfter=${encodeURIComponent(at(2))}`)).toBe('CDA');
    expect(await found(`updatedAfter=${encodeURIComponent(at(0))}&updatedBefore=${encodeURIComponent(at(10))}`)).toBe('BCD');
    expect(await found(`updatedBefore=${encodeURIComponent(at(3))}`)).toBe('CB');
  });

  it('orderStatusId matches the most recent status; a comma list matches any', async () => {
    expect(await found('orderStatusId=1')).toBe('DA');
    expect(await found('orderStatusId=3')).toBe('C');
    expect(await found('orderStatusId=4,3')).toBe('CB');
    expect(await found('orderStatusId=2,5,6')).toBe('');
  });

  it('customerProfileId', async () => {
    expect(await found(`customerProfileId=${h.roles.registeredToken.customerProfileId}`)).toBe('B');
    expect(await found(`customerProfileId=${h.roles.otherCustomerToken.customerProfileId}`)).toBe('D');
    expect(await found('customerProfileId=0')).toBe('CA');
  });

  it('xTat: orders with a line whose registered token has it, in any letter case', async () => {
    expect(await found(`xTat=${h.roles.registeredToken.xTat}`)).toBe('B');
    expect(await found(`xTat=${h.roles.otherCustomerToken.xTat.toUpperCase()}`)).toBe('D');
    expect(await found('xTat=ffffffff-ffff-4fff-8fff-ffffffffffff')).toBe('');
  });

  it('touchpointId', async () => {
    expect(await found(`touchpointId=${h.roles.otherTouchpoint.salesTouchpointId}`)).toBe('C');
    expect(await found(`touchpointId=${h.roles.touchpoint.salesTouchpointId}`)).toBe('DBA');
  });

  it('filters combine with AND', async () => {
    const tp = h.roles.touchpoint.salesTouchpointId;
    expect(await found(`touchpointId=${tp}&orderStatusId=1`)).toBe('DA');
    expect(await found(`touchpointId=${tp}&orderStatusId=1&createdAfter=${encodeURIComponent(at(1))}`)).toBe('D');
    expect(
      await found(`orderStatusId=4&customerProfileId=${h.roles.registeredToken.customerProfileId}&xTat=${h.roles.registeredToken.xTat}`),
    ).toBe('B');
    expect(await found(`orderStatusId=1&xTat=${h.roles.registeredToken.xTat}`)).toBe('');
    expect(await found(`externalOrderId=ext-A&updatedAfter=${encodeURIComponent(daysAfter(now, 1))}`)).toBe('');
  });

  // The page is written by hand in one corked write (server/routes/orders.ts sendChunks): a HEAD
  // answers the same headers, and its length is the GET's body's, with no body of its own.
  it('HEAD /orders: the headers of the GET, its length, and no body', async () => {
    const get = await h.call('GET', `${API}/orders?limit=2`);
    const head = await h.call('HEAD', `${API}/orders?limit=2`);
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(get.text));
    expect(Number(get.headers['content-length'])).toBe(Buffer.byteLength(get.text));
  });
});
