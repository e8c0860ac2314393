import { afterEach, describe, expect, it } from 'vitest';
import type { IpcResult, SetAsideOrder, SyncStatus } from '../../../shared/ipc';
import type { Central } from '../../../server/central';
import { tempDir } from '../../../server/testing/fixtures';
import { centralOrders, counterToken, startTestCentral, TOUCHPOINT } from '../testing/central';
import { clerk, counterSyncingWith, localOrders, NOTHING_WRONG, reconcile, value, type TestCounter } from '../testing/counter';
import { FaultyProxy, type FaultyProxyOptions } from '../testing/faultyProxy';
import { MAX_ATTEMPTS } from './round';

/**
 * The sync engine's pace: it goes on while rounds get on, backs off only from a round that
 * got nowhere, sets aside an order the central keeps failing so the others pass, and says
 * offline only when the central cannot be reached. Backoff jitter is 0 and the idle
 * interval an hour: a test that waits for an event it would only get from a timer fails.
 */

let central: Central;
let proxy: FaultyProxy;
let counter: TestCounter;
let token: string;
/** What each test opened, closed after it in reverse order. */
const opened: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of opened.splice(0).reverse()) await close();
});

/** A central, a proxy with these faults before it, and a counter behind that (its engine not started); Anna logged in. */
async function counterBehindProxy(faults: Omit<FaultyProxyOptions, 'target'> = {}) {
  const folder = tempDir('counter-engine-');
  opened.push(() => folder.remove());
  token = await counterToken();
  central = await startTestCentral(folder.dir);
  opened.push(() => central.close());
  proxy = await new FaultyProxy({ target: central.url, ...faults }).start();
  opened.push(() => proxy.close());
  counter = await counterSyncingWith(folder.dir, proxy.url, token, 'e0e0e0e0', { autoSync: false, random: () => 0 });
  opened.push(() => counter.close());
  const anna = clerk(counter);
  await anna.login();
  return anna;
}

const engineState = () => counter.test.engine as unknown as { failures: number };

/** Every status the engine reports, with its backoff count at that moment, until `done` holds. */
function statusesUntil(done: (s: SyncStatus) => boolean): Promise<(SyncStatus & { failures: number })[]> {
  const seen: (SyncStatus & { failures: number })[] = [];
  return new Promise((resolve) => {
    const off = counter.on('sync.changed', (s) => {
      seen.push({ ...s, failures: engineState().failures });
      if (!done(s)) return;
      off();
      resolve(seen);
    });
  });
}

async function makeOrders(anna: ReturnType<typeof clerk>, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) ids.push((await anna.create([{ productId: 600, quantity: 1 + (i % 3) }])).orderId);
  return ids;
}

describe('the engine’s pace', () => {
  it('sends more orders than one batch holds in one round', async () => {
    const anna = await counterBehindProxy();
    const ids = await makeOrders(anna, 300);
    const rounds = statusesUntil(() => true);
    const status = await counter.test.engine.settle();
    expect(status).toMatchObject({ online: true, pending: 0, lastError: null });
    expect(await rounds).toHaveLength(1);
    expect(reconcile(await localOrders(counter, ids), await centralOrders(central.url, token, TOUCHPOINT, 1000))).toEqual(NOTHING_WRONG);
  });

  it('goes on at once after a round that got on despite lost answers; backs off only from one that got nowhere', async () => {
    const anna = await counterBehindProxy({ seed: 99, dropRate: 0.3, resetRate: 0.05 });
    const ids = await makeOrders(anna, 60);
    const reported = statusesUntil((s) => s.pending === 0 && s.lastError === null);
    counter.test.engine.start();
    const statuses = await reported;
    let lastPending = ids.length;
    let gotOnDespiteFailures = 0;
    for (const s of statuses) {
      if (s.pending < lastPending) {
        // This round made progress: no backoff, and the central counts as reachable.
        expect(s).toMatchObject({ failures: 0, online: true });
        if (s.lastError !== null) gotOnDespiteFailures++;
      }
      lastPending = s.pending;
    }
    expect(gotOnDespiteFailures).toBeGreaterThan(0);
    expect(proxy.count('drop')).toBeGreaterThan(0);
    expect(reconcile(await localOrders(counter, ids), await centralOrders(central.url, token))).toEqual(NOTHING_WRONG);
  });

  it(`sets aside an order the central fails ${MAX_ATTEMPTS} times while the others pass, shows why, and lets a manager retry it`, async () => {
    const anna = await counterBehindProxy();
    let poison: string | null = null;
    proxy.decide = ({ path, body }) => (poison && (path.includes(poison) || body.includes(poison)) ? 'fail' : undefined);
    const ids = await makeOrders(anna, 5);
    poison = ids[2]!;
    const reported = statusesUntil((s) => s.setAside === 1 && s.pending === 0 && s.lastError === null);
    counter.test.engine.start();
    const statuses = await reported;
    // One order failing on the central is no reason to say offline.
    expect(statuses.every((s) => s.online)).toBe(true);
    expect(statuses.some((s) => s.lastError === 'sync.orderFailed')).toBe(true);
    const held = await centralOrders(central.url, token);
    expect(held.map((o) => o.externalOrderId).sort()).toEqual(ids.filter((id) => id !== poison).sort());

    const setAside = value((await counter.dispatch('sync.setAside', {})) as IpcResult<SetAsideOrder[]>);
    expect(setAside.map((s) => [s.order.orderId, s.attempts, s.lastError])).toEqual([[poison, MAX_ATTEMPTS, 'the central answered 500']]);
    expect((await anna.get(poison)).sync.state).toBe('pending');

    // Set aside, it holds up nothing: a new sale goes through.
    const next = statusesUntil((s) => s.pending === 0);
    const later = await anna.create([{ productId: 600, quantity: 1 }]);
    expect((await next).at(-1)).toMatchObject({ pending: 0, setAside: 1 });
    expect((await centralOrders(central.url, token)).map((o) => o.externalOrderId)).toContain(later.orderId);

    // Only a manager retries; once the central takes it, it is sent like any other.
    const refused = (await counter.dispatch('sync.retry', { orderId: poison })) as IpcResult<SyncStatus>;
    expect(refused).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    await clerk(counter).login('mark', '9999');
    poison = null;
    const retried = statusesUntil((s) => s.setAside === 0 && s.pending === 0);
    value((await counter.dispatch('sync.retry', { orderId: ids[2]! })) as IpcResult<SyncStatus>);
    await retried;
    expect(value((await counter.dispatch('sync.setAside', {})) as IpcResult<SetAsideOrder[]>)).toEqual([]);
    expect((await counter.dispatch('sync.retry', { orderId: ids[2]! })) as IpcResult<SyncStatus>).toMatchObject({
      ok: false,
      error: { kind: 'not-found' },
    });
    const all = [...ids, later.orderId];
    expect(reconcile(await localOrders(counter, all), await centralOrders(central.url, token))).toEqual(NOTHING_WRONG);
  });

  it('says offline when the central cannot be reached, not when it answers with errors', async () => {
    const anna = await counterBehindProxy();
    await makeOrders(anna, 2);
    proxy.decide = () => 'reset';
    expect(await counter.test.engine.settle()).toMatchObject({ online: false, pending: 2 });
    // A central that answers every request with a 500 is reachable, however broken.
    proxy.decide = () => 'fail';
    expect(await counter.test.engine.settle()).toMatchObject({ online: true, pending: 2, setAside: 0, lastError: 'sync.centralError' });
    proxy.decide = null;
    expect(await counter.test.engine.settle()).toMatchObject({ online: true, pending: 0, lastError: null });
  });
});
