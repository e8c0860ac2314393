import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CounterOrder, IpcResult, SettingsView, SyncStatus } from '../../shared/ipc';
import { tempDir } from '../../server/testing/fixtures';
import { pendingCount } from './db/outbox';
import { countingIds, testClock, type TestClock } from './testing/clock';
import { clerk, openCounter, STATUS, statusOf, value, type TestCounter } from './testing/counter';
import type { TokenVault } from './types';

/**
 * The IPC handlers on a fresh in-memory database, with a frozen clock, counting ids and a
 * central that cannot be reached (nothing listens on port 9): everything a clerk does is
 * answered locally, as a result object, and committed with its outbox row.
 */

const UNREACHABLE = 'http://127.0.0.1:9';
const TOKEN = 'central-bearer-token-of-this-counter';
const START = '2024-05-01T08:00:00.000Z';
const IDS = 'c0c0c0c0';

let counter: TestCounter;
let clock: TestClock;
let folder: ReturnType<typeof tempDir>;

async function open(vault: TokenVault | null = null) {
  clock = testClock(START);
  counter = await openCounter({
    dataDir: folder.dir,
    database: ':memory:',
    vault,
    clock,
    newId: countingIds(IDS),
    central: { url: UNREACHABLE, bearerToken: TOKEN },
  });
  return counter;
}

/** A counter as above with Anna, a clerk, logged in: her actions. */
async function openAsAnna() {
  await open();
  const anna = clerk(counter);
  await anna.login();
  return anna;
}

const outboxRows = () => (counter.test.db.prepare('SELECT COUNT(*) AS n FROM outbox').get() as { n: number }).n;
const orderRows = () => (counter.test.db.prepare('SELECT COUNT(*) AS n FROM orders').get() as { n: number }).n;
/** Everything the counter keeps of its orders: a refused call must leave it exactly as it was. */
const snapshot = () => ({
  orders: counter.test.db.prepare('SELECT order_id, version, doc FROM orders ORDER BY order_id').all(),
  outbox: counter.test.db.prepare('SELECT * FROM outbox ORDER BY seq').all(),
  parts: counter.test.db.prepare('SELECT * FROM order_parts ORDER BY part_id').all(),
});

beforeEach(() => {
  folder = tempDir('counter-handlers-');
});
afterEach(async () => {
  await counter?.close();
  folder.remove();
});

describe('who is at the counter', () => {
  it('refuses every order change until a clerk logs in, and again after logging out', async () => {
    await open();
    const create = { languageId: 1, orderLines: [{ productId: 600, quantity: 1 }] };
    const refused = await counter.dispatch('orders.create', create);
    expect(refused).toEqual({
      ok: false,
      error: { kind: 'unauthenticated', code: 'session.required', params: {}, message: 'Log in first.', errors: [] },
    });
    expect(await counter.dispatch('session.current', {})).toEqual({ ok: true, value: null });

    const wrong = await counter.dispatch('session.login', { staffId: 'anna', pin: '0000' });
    expect(wrong).toMatchObject({ ok: false, error: { kind: 'unauthenticated' } });
    const anna = await counter.dispatch('session.login', { staffId: 'anna', pin: '1234' });
    expect(anna).toEqual({ ok: true, value: { staffId: 'anna', name: 'Anna de Vries', role: 'clerk' } });
    expect(await counter.dispatch('orders.create', create)).toMatchObject({ ok: true });

    expect(await counter.dispatch('session.logout', {})).toEqual({ ok: true, value: true });
    expect(await counter.dispatch('orders.create', create)).toMatchObject({ ok: false, error: { code: 'session.required' } });
    expect(orderRows()).toBe(1);
    expect(outboxRows()).toBe(1);
  });

  it('locks a name out after five wrong PINs, until the lock has passed', async () => {
    await open();
    for (let i = 0; i < 5; i++) {
      expect(await counter.dispatch('session.login', { staffId: 'anna', pin: '4321' })).toMatchObject({ ok: false });
    }
    const locked = await counter.dispatch('session.login', { staffId: 'anna', pin: '1234' });
    expect(locked).toMatchObject({ ok: false, error: { kind: 'unauthenticated', code: 'session.lockedOut', params: { seconds: 30 } } });
    clock.advance(31_000);
    expect(await counter.dispatch('session.login', { staffId: 'anna', pin: '1234' })).toMatchObject({ ok: true });
  });

  it('lets only a manager list a whole day', async () => {
    await open();
    await clerk(counter).login();
    expect(await counter.dispatch('orders.search', { text: '' })).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    await clerk(counter).login('mark', '9999');
    expect(await counter.dispatch('orders.search', { text: '' })).toEqual({ ok: true, value: [] });
  });
});

describe('a sale, step by step', () => {
  it('answers each step with the order and its sync state, and commits each with one outbox row', async () => {
    const anna = await openAsAnna();

    const created = value(
      (await counter.dispatch('orders.create', {
        languageId: 1,
        orderLines: [
          { productId: 600, quantity: 2 },
          { productId: 601, quantity: 1, validFrom: '2024-05-02T00:00:00Z' },
        ],
      })) as IpcResult<CounterOrder>,
    );
    expect(created.sync).toEqual({ state: 'pending', centralOrderNumber: null, reasons: [] });
    const order = created.order;
    expect(order.orderId).toMatch(new RegExp(`^${IDS}-0000-4000-8000-[0-9a-f]{12}$`));
    expect(order.createdOn).toBe(START);
    expect(order.orderNumber).toMatch(/^K[0-9A-F]{4}-000001$/);
    expect(order.device?.externalDeviceId).toBe(`${IDS}-0000-4000-8000-000000000001`);
    expect(statusOf(order)).toBe(STATUS.concept);
    expect(order.totalAmount).toBe(2 * 340 + 640);
    expect(order.orderLines.map((l) => l.validationResult)).toEqual(['valid', 'valid']);
    expect(outboxRows()).toBe(1);

    clock.advance(60_000);
    const withLine = await anna.addLine(order.orderId, { productId: 600, quantity: 1 });
    expect(withLine.orderLines).toHaveLength(3);
    expect(withLine.totalAmount).toBe(3 * 340 + 640);
    expect(withLine.lastUpdatedOn).toBe('2024-05-01T08:01:00.000Z');
    expect(outboxRows()).toBe(2);

    const patched = value(
      (await counter.dispatch('lines.patch', {
        orderLineId: withLine.orderLines[2]!.orderLineId,
        patch: { quantity: 3 },
      })) as IpcResult<CounterOrder>,
    ).order;
    expect(patched.orderLines[2]!.quantity).toBe(3);
    expect(outboxRows()).toBe(3);

    const removed = await anna.removeLine(patched.orderLines[2]!.orderLineId);
    expect(removed.orderLines.map((l) => l.orderLineId)).toEqual(order.orderLines.map((l) => l.orderLineId));
    expect(outboxRows()).toBe(4);

    const pending = await anna.pay(order.orderId, removed.totalAmount, 'pin', 'terminal-77');
    expect(statusOf(pending)).toBe(STATUS.pendingPayment);
    expect(pending.payments).toHaveLength(1);
    expect(pending.payments[0]).toMatchObject({ amountDebit: 1320, operatorPaymentReference: 'terminal-77' });
    expect(pending.payments[0]!.paymentStatuses.map((s) => s.statusCode)).toEqual(['PENDING']);
    expect(outboxRows()).toBe(5);

    const paid = await anna.paymentStatus(pending.payments[0]!.paymentId, 'SETTLED');
    expect(statusOf(paid)).toBe(STATUS.paid);
    expect(outboxRows()).toBe(6);

    const delivered = value((await counter.dispatch('orders.deliver', { orderId: order.orderId })) as IpcResult<CounterOrder>);
    expect(statusOf(delivered.order)).toBe(STATUS.delivered);
    expect(delivered.order.orderLines.every((l) => l.orderLineStatus.name === 'delivered')).toBe(true);
    expect(delivered.sync.state).toBe('pending');
    expect(outboxRows()).toBe(7);

    // Six changes of one order: one pending order for sync, seven rows to send.
    expect(pendingCount(counter.test.db)).toBe(1);
    const rows = counter.test.db.prepare('SELECT order_id, change FROM outbox ORDER BY seq').all();
    expect(rows).toEqual([
      { order_id: order.orderId, change: 'insert' },
      ...Array.from({ length: 6 }, () => ({ order_id: order.orderId, change: 'update' })),
    ]);
    expect(await anna.get(order.orderId)).toEqual(delivered);
  });

  it('keeps an outbox row for every committed change of every order, deletes included', async () => {
    const anna = await openAsAnna();
    const orders = [];
    for (let i = 0; i < 5; i++) orders.push(await anna.create([{ productId: 600, quantity: i + 1 }]));
    await anna.cancel(orders[0]!.orderId);
    await anna.remove(orders[1]!.orderId);
    await anna.pay(orders[2]!.orderId, orders[2]!.totalAmount);
    await anna.deliver(orders[2]!.orderId);

    expect(outboxRows()).toBe(5 + 4);
    expect(pendingCount(counter.test.db)).toBe(5);
    const changes = counter.test.db.prepare('SELECT change, COUNT(*) AS n FROM outbox GROUP BY change ORDER BY change').all();
    expect(changes).toEqual([
      { change: 'delete', n: 1 },
      { change: 'insert', n: 5 },
      { change: 'update', n: 3 },
    ]);
    expect(orderRows()).toBe(4);
    expect(await counter.dispatch('orders.get', { orderId: orders[1]!.orderId })).toMatchObject({
      ok: false,
      error: { kind: 'not-found' },
    });
    const status = value((await counter.dispatch('sync.status', {})) as IpcResult<SyncStatus>);
    expect(status.pending).toBe(5);
  });
});

describe('invalid input', () => {
  it("answers {ok:false, kind:'invalid'} with where, and changes nothing", async () => {
    const anna = await openAsAnna();
    const order = await anna.create([{ productId: 600, quantity: 1 }]);
    const unpaid = await anna.create([{ productId: 600, quantity: 1 }]);
    const paidOrder = await anna.pay(unpaid.orderId, unpaid.totalAmount);
    const before = snapshot();

    const attempts: [string, unknown, string | null][] = [
      // Refused by the IPC schema.
      ['orders.create', { languageId: 1, orderLines: [] }, '/orderLines'],
      ['orders.create', { languageId: 1, orderLines: [{ productId: 600, quantity: 0 }] }, '/orderLines/0/quantity'],
      ['orders.create', { orderLines: [{ productId: 600, quantity: 1 }] }, '/languageId'],
      ['orders.get', { orderId: 'not-a-uuid' }, '/orderId'],
      ['lines.add', { orderId: order.orderId, line: { productId: 600 } }, '/line/quantity'],
      [
        'payments.add',
        { orderId: order.orderId, payment: { paymentMethodId: 1, amountDebit: -5, operatorPaymentReference: 'x' } },
        '/payment/amountDebit',
      ],
      ['payments.setStatus', { paymentId: paidOrder.payments[0]!.paymentId, status: { statusCode: 'PENDING' } }, '/status/statusCode'],
      ['session.login', { staffId: 'anna', pin: '12' }, '/pin'],
      // Refused by the order rules.
      ['orders.create', { languageId: 1, orderLines: [{ productId: 99_999, quantity: 1 }] }, '/orderLines/0/productId'],
      ['orders.create', { languageId: 7, orderLines: [{ productId: 600, quantity: 1 }] }, '/languageId'],
      [
        'orders.create',
        { languageId: 1, orderLines: [{ productId: 600, quantity: 1, validFrom: '2024-09-01T00:00:00Z' }] },
        '/orderLines/0/validFrom',
      ],
      [
        'payments.add',
        { orderId: order.orderId, payment: { paymentMethodId: 1, amountDebit: 341, operatorPaymentReference: 'x', statusCode: 'SETTLED' } },
        '/amountDebit',
      ],
      [
        'payments.add',
        { orderId: order.orderId, payment: { paymentMethodId: 42, amountDebit: 340, operatorPaymentReference: 'x' } },
        '/paymentMethodId',
      ],
      ['orders.deliver', { orderId: order.orderId }, '/order_OrderStatuses/0/orderStatus/orderStatusId'],
      [
        'lines.add',
        { orderId: paidOrder.orderId, line: { productId: 600, quantity: 1 } },
        '/order_OrderStatuses/0/orderStatus/orderStatusId',
      ],
      ['orders.delete', { orderId: paidOrder.orderId }, '/order_OrderStatuses/0/orderStatus/orderStatusId'],
      ['payments.setStatus', { paymentId: paidOrder.payments[0]!.paymentId, status: { statusCode: 'FAILED' } }, '/statusCode'],
      ['session.language', { languageId: 9 }, '/languageId'],
      // No such channel.
      ['orders.drop', {}, null],
    ];
    for (const [channel, input, pointer] of attempts) {
      const answer = await counter.dispatch(channel, input);
      expect(answer, `${channel} ${JSON.stringify(input)}`).toMatchObject({ ok: false, error: { kind: 'invalid' } });
      if (!answer.ok && pointer)
        expect(
          answer.error.errors.map((e) => e.pointer),
          channel,
        ).toContain(pointer);
    }
    expect(snapshot()).toEqual(before);
  });

  it('answers not-found for an unknown order, line or payment, and changes nothing', async () => {
    await open();
    await clerk(counter).login();
    const before = snapshot();
    const nobody = '99999999-0000-4000-8000-000000000000';
    expect(await counter.dispatch('orders.get', { orderId: nobody })).toMatchObject({ ok: false, error: { kind: 'not-found' } });
    expect(await counter.dispatch('lines.remove', { orderLineId: nobody })).toMatchObject({ ok: false, error: { kind: 'not-found' } });
    expect(await counter.dispatch('payments.setStatus', { paymentId: nobody, status: { statusCode: 'SETTLED' } })).toMatchObject({
      ok: false,
      error: { kind: 'not-found' },
    });
    expect(snapshot()).toEqual(before);
  });
});

describe('lookups without the central', () => {
  it('answers tokens and mandates from the cache, marked stale with their age', async () => {
    await openAsAnna();
    clock.advance(3_600_000);
    const tokens = await counter.dispatch('lookup.tokens', { passNumber: '3528 0100 0000 4411' });
    expect(tokens).toMatchObject({ ok: true, value: { source: 'cache', stale: true, ageSeconds: 3600 } });
    expect(tokens.ok && (tokens.value as { records: { transitTokenId: number }[] }).records.map((r) => r.transitTokenId)).toEqual([880001]);

    // Lookup queries are the lookup interface's query parameters: text, as the renderer sends them.
    const mandates = await counter.dispatch('lookup.mandates', { customerProfileId: '50002' });
    expect(mandates).toMatchObject({ ok: true, value: { source: 'cache', stale: true, ageSeconds: 3600 } });
    const ids = mandates.ok
      ? (mandates.value as { records: { directDebitMandateId: number }[] }).records.map((r) => r.directDebitMandateId)
      : [];
    expect(ids.sort()).toEqual([70002, 70003]);

    const none = await counter.dispatch('lookup.tokens', { passNumber: '0000 0000 0000 0000' });
    expect(none).toEqual({ ok: true, value: { records: [], source: 'cache', stale: true, ageSeconds: null } });
  });
});

describe('the bearer token', () => {
  /** A stand-in for Electron's safeStorage: sealed bytes that do not show the token. */
  const fakeVault = (available = true): TokenVault & { sealed: number } => {
    const vault = {
      sealed: 0,
      isAvailable: () => available,
      encrypt(plain: string) {
        vault.sealed++;
        return Buffer.from(`sealed:${Buffer.from(Buffer.from(plain, 'utf8').map((b) => b ^ 0x5a)).toString('hex')}`);
      },
      decrypt(sealed: Buffer) {
        const hex = sealed.toString().replace(/^sealed:/, '');
        return Buffer.from(Buffer.from(hex, 'hex').map((b) => b ^ 0x5a)).toString('utf8');
      },
    };
    return vault;
  };
  const NEW_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.new-token-for-the-central.signature';
  const settingsRows = () => JSON.stringify(counter.test.db.prepare('SELECT key, value FROM settings').all());
  const forms = (token: string) => [token, Buffer.from(token).toString('base64'), Buffer.from(token).toString('hex'), 'new-token-for'];

  it('is sealed with the vault before it is stored, and never shown', async () => {
    const vault = fakeVault();
    await open(vault);
    await clerk(counter).login();
    const byClerk = await counter.dispatch('settings.set', { bearerToken: NEW_TOKEN });
    expect(byClerk).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(vault.sealed).toBe(0);

    await clerk(counter).login('mark', '9999');
    const view = value((await counter.dispatch('settings.set', { bearerToken: NEW_TOKEN })) as IpcResult<SettingsView>);
    expect(view).toMatchObject({ hasBearerToken: true, tokenStorage: 'safeStorage' });
    expect(vault.sealed).toBe(1);
    expect(JSON.stringify(view)).not.toContain('new-token-for');
    expect(JSON.stringify(await counter.dispatch('settings.get', {}))).not.toContain('new-token-for');

    const rows = settingsRows();
    expect(rows).toContain('central.bearerTokenSealed');
    for (const form of forms(NEW_TOKEN)) expect(rows).not.toContain(form);
  });

  it('is kept in memory only where no vault is available', async () => {
    await open(fakeVault(false));
    await clerk(counter).login('mark', '9999');
    const view = value((await counter.dispatch('settings.set', { bearerToken: NEW_TOKEN })) as IpcResult<SettingsView>);
    expect(view).toMatchObject({ hasBearerToken: true, tokenStorage: 'memory-only' });
    const rows = settingsRows();
    expect(rows).not.toContain('central.bearerTokenSealed');
    for (const form of forms(NEW_TOKEN)) expect(rows).not.toContain(form);
  });
});

describe('sync while the central cannot be reached', () => {
  it('reports offline, the reason and what is pending; nothing is lost', async () => {
    const anna = await openAsAnna();
    const a = await anna.create([{ productId: 600, quantity: 1 }]);
    await anna.create([{ productId: 600, quantity: 2 }]);
    await anna.pay(a.orderId, a.totalAmount);

    const now = value((await counter.dispatch('sync.now', {})) as IpcResult<SyncStatus>);
    expect(now).toEqual({
      online: false,
      state: 'offline',
      pending: 2,
      rejected: 0,
      setAside: 0,
      lastSuccessAt: null,
      lastError: 'sync.unreachable',
      embeddedCentral: false,
      clockOffsetMs: null,
    });
    expect(value((await counter.dispatch('sync.status', {})) as IpcResult<SyncStatus>)).toEqual(now);
    expect(outboxRows()).toBe(3);
    expect((await anna.get(a.orderId)).sync.state).toBe('pending');
  });

  it('reports a change to the status as it happens', async () => {
    const anna = await openAsAnna();
    await anna.create([{ productId: 600, quantity: 1 }]);
    const seen: SyncStatus[] = [];
    const off = counter.on('sync.changed', (s) => seen.push(s));
    await counter.dispatch('sync.now', {});
    off();
    expect(seen.at(-1)).toMatchObject({ online: false, pending: 1 });
  });
});
