import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { otherFixtures } from '../server/testing/fixtures';
import { countingIds } from '../server/testing/harness';
import { Catalog } from './catalog';
import { OrderService, type Caller } from './service';
import { openDatabase } from './store/sqlite/database';
import { sqliteOrderStore } from './store/sqlite/store';
import type { OrderStore } from './store/types';

/** The service's optimistic versioning: a lost race is tried again, a hopeless one is a conflict. */

const fixtures = otherFixtures();
const catalog = new Catalog(fixtures);
const caller: Caller = { touchpointId: fixtures.touchpoints[0]!.salesTouchpointId, customerProfileId: null };
const [plain, dayReturn] = ['Single ticket', 'Day return'].map((name) => fixtures.products.find((p) => p.productName === name)!);
const lineOf = (productId: number) => ({ productId, quantity: 1, vouchers: [] });

let store: ReturnType<typeof sqliteOrderStore>;
const serviceOver = (s: OrderStore) =>
  new OrderService({ store: s, catalog: () => catalog, clock: () => new Date('2031-03-02T08:30:00.000Z'), newId: countingIds() });

beforeEach(() => {
  store = sqliteOrderStore(openDatabase(':memory:'));
});
afterEach(() => store.close());

async function created(service: OrderService) {
  const made = await service.create({ externalOrderId: null, languageId: 31, orderLines: [lineOf(plain!.productId)] }, caller);
  if (!made.ok) throw new Error(JSON.stringify(made.refusal));
  return made.value;
}

describe('OrderService versioning', () => {
  it('two changes racing on one order both land', async () => {
    let lost = 0;
    const counting: OrderStore = {
      ...store,
      update: async (record, expected) => (await store.update(record, expected)) ?? (lost++, null),
    };
    const service = serviceOver(counting);
    const o = await created(service);
    const results = await Promise.all([
      service.addLine(o.orderId, lineOf(dayReturn!.productId), caller),
      service.addLine(o.orderId, lineOf(plain!.productId), caller),
      service.patch(o.orderId, { languageId: 32 }, caller),
    ]);
    expect(results.every((r) => r.ok)).toBe(true);
    const stored = await store.get(o.orderId);
    expect(stored!.order.orderLines).toHaveLength(3);
    expect(stored!.order.language.languageId).toBe(32);
    expect(stored!.version).toBe(3);
    // The race really happened: some writes lost and were made again over the newer version.
    expect(lost).toBeGreaterThan(0);
  });

  it('gives up with a conflict when every write loses', async () => {
    const losing: OrderStore = { ...store, update: async () => null, remove: async () => false };
    const service = serviceOver(losing);
    const o = await created(service);
    const changed = await service.patch(o.orderId, { languageId: 32 }, caller);
    expect(changed).toEqual({ ok: false, refusal: expect.objectContaining({ kind: 'conflict' }) });
    expect(await service.remove(o.orderId, caller)).toEqual({ ok: false, refusal: expect.objectContaining({ kind: 'conflict' }) });
    expect((await store.get(o.orderId))!.order.language.languageId).toBe(31);
  });

  it('numbers orders with 9 digits from 100000001', async () => {
    const service = serviceOver(store);
    expect([(await created(service)).orderNumber, (await created(service)).orderNumber]).toEqual(['100000001', '100000002']);
  });
});
