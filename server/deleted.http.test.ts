import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deletedOrderList, type DeletedOrderList } from '../shared/schemas/deleted';
import { signChannelToken } from './auth';
import { scenarios } from './testing/fixtures';
import { API, CHANNEL_SECRET, expectProblem, harness, pointers, type Harness } from './testing/harness';
import { createOrder } from './testing/orders';

/** docs/api.md §8: GET /deletedorders, paged like GET /orders with updatedAfter. */

const [scenario] = scenarios();

let h: Harness;
beforeEach(async () => {
  h = await harness(scenario!);
});
afterEach(() => h.close());

async function deleted(url: string, options: Parameters<Harness['call']>[2] = {}): Promise<DeletedOrderList> {
  const res = await h.call('GET', url, options);
  expect(res.status, res.text).toBe(200);
  return deletedOrderList.parse(res.body);
}

/** Follows `_links.next` from `url`: every deletion, and the page sizes. */
async function walk(url: string) {
  const rows: DeletedOrderList['deletedOrders'] = [];
  const sizes: number[] = [];
  for (let next: string | undefined = url; next;) {
    const page: DeletedOrderList = await deleted(next);
    rows.push(...page.deletedOrders);
    sizes.push(page.deletedOrders.length);
    next = page._links.next?.href;
  }
  return { rows, sizes };
}

let tills = 0;
async function createAndDelete(n: number) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const o = await createOrder(h, undefined, { externalOrderId: `till-${++tills}` });
    expect((await h.call('DELETE', `${API}/orders/${o.orderId}`)).status).toBe(200);
    ids.push(o.orderId);
  }
  return ids;
}

describe('GET /deletedorders', () => {
  it('lists each deletion once, paged by (deletedOn, orderId), with the order’s keys', async () => {
    const kept = await createOrder(h);
    // The clock stands still: deletions in one group commit share a stamp, the case paging must not split.
    const ids = await createAndDelete(3);
    const together = await Promise.all([createOrder(h), createOrder(h), createOrder(h)]);
    await Promise.all(together.map((o) => h.call('DELETE', `${API}/orders/${o.orderId}`)));
    const { rows, sizes } = await walk(`${API}/deletedorders?limit=2`);
    expect(sizes).toEqual([2, 2, 2]);
    expect(rows.map((r) => r.orderId).sort()).toEqual([...ids, ...together.map((o) => o.orderId)].sort());
    expect(rows.map((r) => r.orderId)).not.toContain(kept.orderId);
    const keys = rows.map((r) => `${r.deletedOn}|${r.orderId}`);
    expect(keys).toEqual([...keys].sort());
    expect(rows[0]).toEqual({
      orderId: ids[0],
      externalOrderId: expect.stringMatching(/^till-\d+$/),
      touchpointId: h.roles.touchpoint.salesTouchpointId,
      deletedOn: expect.any(String),
    });
    // deletedOn comes from the same clock as lastUpdatedOn: after the order's last change.
    const latest = (await h.call<{ lastUpdatedOn: string }>('GET', `${API}/orders/${kept.orderId}`)).body.lastUpdatedOn;
    expect(rows[0]!.deletedOn > latest).toBe(true);
  });

  it('updatedAfter is inclusive; a later deletion is found from the greatest deletedOn seen', async () => {
    await createAndDelete(2);
    const first = await deleted(`${API}/deletedorders`);
    const seen = first.deletedOrders.at(-1)!.deletedOn;
    // The clock steps two minutes back: the next deletion still comes after what was seen.
    h.clock.advance(-120_000);
    const [later] = await createAndDelete(1);
    const since = await deleted(`${API}/deletedorders?updatedAfter=${encodeURIComponent(seen)}`);
    expect(since.deletedOrders.map((r) => r.orderId)).toEqual([first.deletedOrders.at(-1)!.orderId, later]);
    expect(since.href).toBe(`${API}/deletedorders?updatedAfter=${encodeURIComponent(seen)}`);
  });

  it('filters by touchpoint, and shows a customer only the deletions of their own orders', async () => {
    const [anonymousOne] = await createAndDelete(1);
    const mine = await createOrder(h, undefined, {}, { customer: 4242 });
    await h.call('DELETE', `${API}/orders/${mine.orderId}`, { customer: 4242 });
    const all = await deleted(`${API}/deletedorders`);
    expect(all.deletedOrders.map((r) => r.orderId)).toEqual([anonymousOne, mine.orderId]);
    const asCustomer = await deleted(`${API}/deletedorders`, { customer: 4242 });
    expect(asCustomer.deletedOrders.map((r) => r.orderId)).toEqual([mine.orderId]);
    const other = h.fixtures.touchpoints.find((t) => t.salesTouchpointId !== h.roles.touchpoint.salesTouchpointId)!;
    expect((await deleted(`${API}/deletedorders?touchpointId=${other.salesTouchpointId}`)).deletedOrders).toEqual([]);
  });

  it('needs a token with a touchpoint, and refuses a bad query or cursor with a problem', async () => {
    expectProblem(await h.call('GET', `${API}/deletedorders`, { auth: null }), 401);
    const noTouchpoint = await signChannelToken(CHANNEL_SECRET, { sub: 'lookup-only' });
    expectProblem(await h.call('GET', `${API}/deletedorders`, { auth: noTouchpoint }), 403);
    expect(pointers(expectProblem(await h.call('GET', `${API}/deletedorders?limit=0`), 400))).toContain('/limit');
    expect(pointers(expectProblem(await h.call('GET', `${API}/deletedorders?updatedAfter=yesterday`), 400))).toContain('/updatedAfter');
    expect(pointers(expectProblem(await h.call('GET', `${API}/deletedorders?cursor=bm9wZQ`), 400))).toEqual(['/cursor']);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await h.call<{ paths: Record<string, { get?: { parameters?: { name: string }[] } }> }>('GET', `${API}/openapi.json`)).body;
    expect(doc.paths[`${API}/deletedorders`]?.get?.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['updatedAfter', 'limit', 'cursor', 'touchpointId']),
    );
  });
});
