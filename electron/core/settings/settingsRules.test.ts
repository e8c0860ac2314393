import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CounterOrder, IpcResult, SettingsChange, SettingsView } from '../../../shared/ipc';
import type { Order } from '../../../shared/schemas/order';
import { tempDir } from '../../../server/testing/fixtures';
import { purgePersonalData } from './retention';
import { loadMachineConfig, type LoadedConfig } from '../config/machineConfig';
import { countingIds, testClock, type TestClock } from '../testing/clock';
import { clerk, openCounter, value, type TestCounter } from '../testing/counter';

/**
 * The central's settings (address, token, touchpoint: who changed them and when) and the
 * retention of personal data, on a fresh database with a frozen clock.
 */

const START = '2024-05-01T08:00:00.000Z';
const DAY = 24 * 60 * 60 * 1000;
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.token-of-the-first-central.signature';

let counter: TestCounter;
let clock: TestClock;
let folder: ReturnType<typeof tempDir>;

async function openAsMark(database = ':memory:', config?: LoadedConfig) {
  clock = testClock(START);
  counter = await openCounter({
    dataDir: folder.dir,
    database,
    config,
    clock,
    newId: countingIds('5e771495'),
    central: { url: 'http://127.0.0.1:9', bearerToken: 'given' },
  });
  await clerk(counter).login('mark', '9999');
}

const set = async (change: Record<string, unknown>) => (await counter.dispatch('settings.set', change)) as IpcResult<SettingsView>;

/** The configuration a machine with these variables and no config file has. */
function configured(env: Record<string, string>): LoadedConfig {
  const loaded = loadMachineConfig(env, 'linux', () => null);
  if (loaded.kind === 'refused') throw new Error(loaded.message);
  return loaded.value;
}

beforeEach(() => {
  folder = tempDir('counter-settings-');
});
afterEach(async () => {
  await counter?.close();
  folder.remove();
});

describe('the central’s address', () => {
  it('must be https://, except for this computer itself', async () => {
    await openAsMark();
    for (const url of [
      'http://central.example.org',
      'http://10.0.0.5:8080',
      'ftp://central.example.org',
      'http://127.0.0.1.evil.example',
    ]) {
      expect(await set({ centralUrl: url }), url).toMatchObject({
        ok: false,
        error: { kind: 'invalid', errors: expect.arrayContaining([expect.objectContaining({ pointer: '/centralUrl' })]) },
      });
    }
    for (const url of ['https://central.example.org', 'http://127.0.0.1:8080', 'http://localhost:3000', 'http://[::1]:3000']) {
      expect(value(await set({ centralUrl: url })).centralUrl, url).toBe(url);
    }
  });

  it('forgets the bearer token when it changes: the token is entered again for the new central', async () => {
    await openAsMark();
    value(await set({ centralUrl: 'https://central.example.org', bearerToken: TOKEN }));
    expect(value(await set({}))).toMatchObject({ hasBearerToken: true, tokenStorage: 'memory-only' });
    // The same address again keeps it; another forgets it.
    expect(value(await set({ centralUrl: 'https://central.example.org' }))).toMatchObject({ hasBearerToken: true });
    expect(value(await set({ centralUrl: 'https://attacker.example.net' }))).toMatchObject({ hasBearerToken: false, tokenStorage: 'none' });
  });

  it('shows a central the machine’s configuration fixes read-only: its address and token stay, and its token goes nowhere else', async () => {
    const env = { COUNTER_CENTRAL_URL: 'https://central.example.org', COUNTER_CENTRAL_TOKEN: TOKEN };
    const config = configured(env);
    await openAsMark(undefined, config);
    expect(value(await set({}))).toMatchObject({
      centralUrl: 'https://central.example.org',
      hasBearerToken: true,
      tokenStorage: 'configuration',
      fixed: { centralUrl: 'environment', bearerToken: 'environment' },
    });
    for (const change of [{ centralUrl: 'https://elsewhere.example.net' }, { bearerToken: 'another-token-of-this-counter' }]) {
      expect(await set(change)).toMatchObject({ ok: false, error: { kind: 'conflict', code: 'settings.fixed' } });
    }
    expect(value(await set({}))).toMatchObject({ centralUrl: 'https://central.example.org', hasBearerToken: true });
    await counter.close();
    // A token configured without its central's address is sent nowhere: the settings' central gets none.
    await openAsMark(undefined, configured({ COUNTER_CENTRAL_TOKEN: TOKEN }));
    value(await set({ centralUrl: 'https://elsewhere.example.net' }));
    expect(value(await set({}))).toMatchObject({ centralUrl: 'https://elsewhere.example.net', hasBearerToken: false, fixed: {} });
  });

  it('records every change of central, token, touchpoint and retention with who and when, never the token', async () => {
    await openAsMark();
    value(await set({ centralUrl: 'https://central.example.org', bearerToken: TOKEN }));
    clock.advance(60_000);
    value(await set({ touchpointId: 10, retentionDays: 14 }));
    value(await set({ touchpointId: 10 }));
    const history = value((await counter.dispatch('settings.history', {})) as IpcResult<SettingsChange[]>);
    const by = { staffId: 'mark', staffName: 'Mark Jansen' };
    expect(history).toEqual([
      { at: '2024-05-01T08:01:00.000Z', ...by, setting: 'retentionDays', value: '14' },
      { at: '2024-05-01T08:00:00.000Z', ...by, setting: 'bearerToken', value: null },
      { at: '2024-05-01T08:00:00.000Z', ...by, setting: 'centralUrl', value: 'https://central.example.org' },
    ]);
    expect(JSON.stringify(counter.test.db.prepare('SELECT * FROM settings_audit').all())).not.toContain('token-of-the-first');
  });

  it('refuses a touchpoint that does not exist', async () => {
    await openAsMark();
    expect(await set({ touchpointId: 4242 })).toMatchObject({ ok: false, error: { code: 'settings.unknownTouchpoint' } });
  });
});

describe('the retention of personal data', () => {
  const CUSTOMER = {
    birthname: 'Jan',
    surname: 'Berg',
    prefix: 'van den',
    emailAddress: 'jan@example.org',
    dateOfBirth: '1980-02-03',
    orderCustomerAddresses: [
      { addressTypeId: 3, street: 'Dorpsstraat', houseNumber: 1, houseNumberSuffix: '', postalCode: '1234AB', city: 'Ede', country: 'NL' },
    ],
  };

  /** An order with a customer, as if sync had brought it to the central: nothing left in the outbox. */
  async function syncedOrderWithCustomer(): Promise<Order> {
    const order = await clerk(counter).create([{ productId: 600, quantity: 1 }]);
    const answer = value(
      (await counter.dispatch('orders.setCustomer', { orderId: order.orderId, customer: CUSTOMER })) as IpcResult<CounterOrder>,
    );
    markSynced(order.orderId);
    return answer.order;
  }
  function markSynced(orderId: string) {
    const db = counter.test.db;
    db.prepare('DELETE FROM outbox WHERE order_id = ?').run(orderId);
    db.prepare("UPDATE sync_orders SET state = 'synced' WHERE order_id = ?").run(orderId);
  }
  const stored = (orderId: string) =>
    JSON.parse((counter.test.db.prepare('SELECT doc FROM orders WHERE order_id = ?').get(orderId) as { doc: string }).doc) as Order;

  it('keeps personal data for the period (default 30 days), then removes it from orders that reached the central', async () => {
    await openAsMark();
    expect(value(await set({})).retentionDays).toBe(30);
    const synced = await syncedOrderWithCustomer();
    const pending = await clerk(counter).create([{ productId: 600, quantity: 1 }]);
    value(await counter.dispatch('orders.setCustomer', { orderId: pending.orderId, customer: CUSTOMER }));
    expect(JSON.stringify(stored(synced.orderId))).toContain('jan@example.org');

    clock.advance(29 * DAY);
    expect(purgePersonalData(counter.test.db, 30, clock())).toMatchObject({ orders: 0 });
    expect(stored(synced.orderId).orderCustomer?.emailAddress).toBe('jan@example.org');

    clock.advance(2 * DAY);
    expect(purgePersonalData(counter.test.db, 30, clock())).toMatchObject({ orders: 1 });
    const purged = stored(synced.orderId);
    expect(purged.orderCustomer).toBeNull();
    expect(JSON.stringify(purged)).not.toMatch(/jan@example\.org|1980-02-03|Dorpsstraat/);
    // What the day's list and the receipt need stays.
    expect(purged).toMatchObject({ orderNumber: synced.orderNumber, totalAmount: synced.totalAmount });
    expect(purged.orderLines.map((l) => l.productId)).toEqual([600]);
    // Not yet at the central: kept, whatever its age.
    expect(stored(pending.orderId).orderCustomer?.emailAddress).toBe('jan@example.org');
    // A second run finds nothing more to do.
    expect(purgePersonalData(counter.test.db, 30, clock())).toMatchObject({ orders: 0 });
  });

  it('reads a page at a time, and reads an order again only when a newer version of it came', async () => {
    await openAsMark();
    const orders = [await syncedOrderWithCustomer(), await syncedOrderWithCustomer(), await syncedOrderWithCustomer()];
    clock.advance(31 * DAY);
    // Pages of two: the third order is on the second page.
    expect(purgePersonalData(counter.test.db, 30, clock(), 2)).toMatchObject({ orders: 3 });
    for (const order of orders) expect(stored(order.orderId).orderCustomer).toBeNull();

    // The version looked at is not read again: personal data put back under the same version stays.
    const db = counter.test.db;
    const [first] = orders;
    const restore = db.prepare('UPDATE orders SET doc = ? WHERE order_id = ?');
    restore.run(JSON.stringify({ ...stored(first!.orderId), orderCustomer: first!.orderCustomer }), first!.orderId);
    expect(purgePersonalData(db, 30, clock(), 2)).toMatchObject({ orders: 0 });
    expect(stored(first!.orderId).orderCustomer?.emailAddress).toBe('jan@example.org');

    // A newer version (as a pull from the central brings) is looked at again.
    db.prepare('UPDATE orders SET last_updated_on = ? WHERE order_id = ?').run(
      new Date(Date.parse(START) + DAY / 2).toISOString(),
      first!.orderId,
    );
    expect(purgePersonalData(db, 30, clock(), 2)).toMatchObject({ orders: 1 });
    expect(stored(first!.orderId).orderCustomer).toBeNull();
  });

  it('is set by a manager and applies at once; cached token and mandate records age out too', async () => {
    await openAsMark();
    const synced = await syncedOrderWithCustomer();
    const cached = () => (counter.test.db.prepare('SELECT COUNT(*) AS n FROM lookup_cache').get() as { n: number }).n;
    expect(cached()).toBeGreaterThan(0);
    clock.advance(8 * DAY);
    expect(await set({ retentionDays: 0 })).toMatchObject({ ok: false, error: { errors: [{ pointer: '/retentionDays' }] } });
    expect(value(await set({ retentionDays: 7 })).retentionDays).toBe(7);
    expect(stored(synced.orderId).orderCustomer).toBeNull();
    expect(cached()).toBe(0);
  });

  it('runs when the counter starts', async () => {
    const file = `${folder.dir}/counter.sqlite`;
    clock = testClock(START);
    counter = await openCounter({
      dataDir: folder.dir,
      database: file,
      clock,
      central: { url: 'http://127.0.0.1:9', bearerToken: 'given' },
    });
    await clerk(counter).login();
    const synced = await syncedOrderWithCustomer();
    await counter.close();
    clock.advance(31 * DAY);
    counter = await openCounter({
      dataDir: folder.dir,
      database: file,
      clock,
      central: { url: 'http://127.0.0.1:9', bearerToken: 'given' },
    });
    expect(stored(synced.orderId).orderCustomer).toBeNull();
  });
});
