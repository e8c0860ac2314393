import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderList, type OrderList } from '../shared/schemas/order';
import { decodeCursor, encodeCursor } from './paging';
import { scenarios } from './testing/fixtures';
import { API, expectOrder, expectProblem, harness, pointers, type Harness } from './testing/harness';
import { createOrder } from './testing/orders';

/** docs/api.md §3.4: limit, cursor and _links.next, with many orders sharing one time stamp. */

const [scenario] = scenarios();
const COUNT = 230;

describe('GET /orders paging', () => {
  let h: Harness;
  let created: string[];
  const since = encodeURIComponent('2000-01-01T00:00:00Z');

  beforeAll(async () => {
    h = await harness(scenario!);
    created = [];
    // The clock is frozen: most orders share one createdOn and lastUpdatedOn, the case where
    // paging by time stamp alone would lose or repeat rows.
    for (let i = 0; i < COUNT; i++) {
      if (i === 100 || i === 200) h.clock.advance(1);
      created.push((await createOrder(h)).orderId);
    }
  });
  afterAll(() => h.close());

  async function page(url: string): Promise<OrderList> {
    const res = await h.call('GET', url);
    expect(res.status, res.text).toBe(200);
    return orderList.parse(res.body);
  }

  /** Follows _links.next from `url` to the end; answers the order ids and the page sizes. */
  async function walk(url: string) {
    const ids: string[] = [];
    const sizes: number[] = [];
    let next: string | undefined = url;
    while (next) {
      const p = await page(next);
      ids.push(...p.orders.map((o) => o.orderId));
      sizes.push(p.orders.length);
      expect(p._links.self.href).toBe(next);
      expect(p.href).toBe(next);
      if (p._links.next) expect(p._links.next).toMatchObject({ method: 'GET', templated: false });
      next = p._links.next?.href;
    }
    return { ids, sizes };
  }

  it('pages 100 orders at a time by default, newest first, losing and repeating none', async () => {
    const { ids, sizes } = await walk(`${API}/orders`);
    expect(sizes).toEqual([100, 100, 30]);
    expect(new Set(ids).size).toBe(COUNT);
    expect(ids.slice(0, 30).every((id) => created.indexOf(id) >= 200)).toBe(true);
    expect([...ids].sort()).toEqual([...created].sort());
  });

  it('with updatedAfter pages by (lastUpdatedOn, orderId) ascending, losing and repeating none', async () => {
    const { ids, sizes } = await walk(`${API}/orders?updatedAfter=${since}&limit=37`);
    expect(sizes).toEqual([37, 37, 37, 37, 37, 37, 8]);
    // The ids count up with creation, so ascending (time, id) is creation order.
    expect(ids).toEqual(created);
  });

  it('keeps the filters in the next link', async () => {
    const first = await page(`${API}/orders?orderStatusId=1&limit=5`);
    const next = new URL(first._links.next!.href, 'http://x');
    expect(next.searchParams.get('orderStatusId')).toBe('1');
    expect(next.searchParams.get('limit')).toBe('5');
    expect(next.searchParams.get('cursor')).not.toBeNull();
    const second = await page(first._links.next!.href);
    expect(second.orders.map((o) => o.orderId)).not.toContain(first.orders[0]!.orderId);
  });

  it('takes up to 1000 at once; the last page has no next link', async () => {
    const all = await page(`${API}/orders?limit=1000`);
    expect(all.orders).toHaveLength(COUNT);
    expect(all._links.next).toBeUndefined();
    const exact = await page(`${API}/orders?limit=${COUNT}`);
    expect(exact._links.next).toBeUndefined();
  });

  it('a change made while pulling is pulled too', async () => {
    const first = await page(`${API}/orders?updatedAfter=${since}&limit=50`);
    const seen = first.orders[0]!.orderId;
    h.clock.advance(1000);
    expectOrder(await h.call('PATCH', `${API}/orders/${seen}`, { body: { languageId: h.roles.otherLanguage.languageId } }));
    const { ids } = await walk(first._links.next!.href);
    expect(ids.at(-1)).toBe(seen);
    expect(ids).toHaveLength(COUNT - 50 + 1);
  });

  it('refuses a cursor it did not give out, or one of the other ordering', async () => {
    const byCreation = (await page(`${API}/orders?limit=2`))._links.next!.href;
    const cursor = new URL(byCreation, 'http://x').searchParams.get('cursor')!;
    for (const bad of ['nonsense', 'W10', Buffer.from('["c",1,2]').toString('base64url')]) {
      expect(pointers(expectProblem(await h.call('GET', `${API}/orders?cursor=${bad}`), 400))).toEqual(['/cursor']);
    }
    expectProblem(await h.call('GET', `${API}/orders?updatedAfter=${since}&cursor=${cursor}`), 400);
  });
});

describe('cursor encoding', () => {
  it('round-trips and is bound to its ordering', () => {
    const after = { key: '2030-01-01T00:00:00.000Z', orderId: 'abc' };
    expect(decodeCursor(encodeCursor(after, true), true)).toEqual(after);
    expect(decodeCursor(encodeCursor(after, false), false)).toEqual(after);
    expect(decodeCursor(encodeCursor(after, false), true)).toBe('invalid');
    expect(decodeCursor(undefined, false)).toBeNull();
  });
});
