import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fixtures, serviceOver } from '../server/testing/orderRecords';
import type { Caller, OrderService } from './service';
import { openDatabase } from './store/sqlite/database';
import { sqliteOrderStore } from './store/sqlite/store';
import type { OrderStore } from './store/types';

/** The service's optimistic versioning: a lost race is tried again, a hopeless one is a conflict. */

const caller: Caller = { touchpointId: fixtures.touchpoints[0]!.salesTouchpointId, customerProfileId: null };
const [plain, dayReturn] = ['Single ticket', 'Day return'].map((name) => fixtures.products.find((p) => p.productName === name)!);
const lineOf = (productId: number) => ({ productId, quantity: 1, vouchers: [] });

let store: ReturnType<typeof sqliteOrderStore>;

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

describe('OrderService retries', () => {
  it('tries a losing write five times, then answers a conflict', async () => {
    let updates = 0;
    let removals = 0;
    const losing: OrderStore = {
      ...store,
      update: async () => (updates++, null),
      remove: async () => (removals++, false),
    };
    const service = serviceOver(losing);
    const o = await created(service);
    expect(await service.patch(o.orderId, { languageId: 32 }, caller)).toEqual({
      ok: false,
      refusal: { kind: 'conflict', detail: 'The order kept changing while this change was made; try again.', errors: [] },
    });
    expect(await service.remove(o.orderId, caller)).toEqual({
      ok: false,
      refusal: { kind: 'conflict', detail: 'The order kept changing while it was being deleted; try again.', errors: [] },
    });
    expect([updates, removals]).toEqual([5, 5]);
  });

  it('a write that loses once lands on the second try, one version up', async () => {
    let lost = false;
    const service = serviceOver({
      ...store,
      update: async (record, expected) => (lost ? store.update(record, expected) : ((lost = true), null)),
    });
    const o = await created(service);
    expect((await service.patch(o.orderId, { languageId: 32 }, caller)).ok).toBe(true);
    expect((await store.get(o.orderId))!.version).toBe(1);
  });
});
