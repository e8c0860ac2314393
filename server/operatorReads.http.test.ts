import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { orderList } from '../shared/schemas/order';
import { operatorToken } from './testing/fleet';
import { scenarios } from './testing/fixtures';
import { API, expectOrder, expectProblem, harness, type Harness } from './testing/harness';
import { createOrder } from './testing/orders';

/** docs/api.md §11.7: an operator's token reads orders and deletions of every touchpoint, and changes none; on both backends. */

const [scenario] = scenarios();
let h: Harness;
let operator: string;
beforeEach(async () => {
  h = await harness(scenario!);
  operator = await operatorToken();
});
afterEach(() => h.close());

describe('an operator’s token', () => {
  it('lists and reads any touchpoint’s orders and the deletions', async () => {
    const mine = await createOrder(h);
    const theirs = await createOrder(
      h,
      undefined,
      {},
      { auth: await h.token({ touchpointId: h.roles.otherTouchpoint.salesTouchpointId }) },
    );
    const gone = await createOrder(h);
    expect((await h.call('DELETE', `${API}/orders/${gone.orderId}`)).status).toBe(200);
    const list = await h.call('GET', `${API}/orders?orderNumber=${theirs.orderNumber}`, { auth: operator });
    expect(list.status, list.text).toBe(200);
    expect(orderList.parse(list.body).orders.map((o) => o.orderId)).toEqual([theirs.orderId]);
    expect(expectOrder(await h.call('GET', `${API}/orders/${mine.orderId}`, { auth: operator })).orderId).toBe(mine.orderId);
    const deleted = await h.call('GET', `${API}/deletedorders?updatedAfter=2020-01-01T00:00:00.000Z`, { auth: operator });
    expect(deleted.status, deleted.text).toBe(200);
    expect((deleted.body as { deletedOrders: { orderId: string }[] }).deletedOrders.map((d) => d.orderId)).toEqual([gone.orderId]);
  });

  it('changes no order: every write is 403 and the order stays as it was', async () => {
    const o = await createOrder(h);
    expectProblem(await h.call('DELETE', `${API}/orders/${o.orderId}`, { auth: operator }), 403);
    expectProblem(await h.call('PATCH', `${API}/orders/${o.orderId}`, { auth: operator, body: { externalOrderId: 'x' } }), 403);
    expectProblem(await h.call('POST', `${API}/orders/${o.orderId}/cancellation`, { auth: operator, body: {} }), 403);
    expectProblem(
      await h.call('POST', `${API}/orders`, {
        auth: operator,
        body: { languageId: h.roles.language.languageId, orderLines: [{ productId: h.roles.plain.productId, quantity: 1, vouchers: [] }] },
      }),
      403,
    );
    expect(expectOrder(await h.call('GET', `${API}/orders/${o.orderId}`))).toEqual(o);
  });
});
