import { beforeEach, describe, expect, it } from 'vitest';
import type { IpcResult, SettingsView, SyncStatus, UnsentOrder } from '../../../shared/ipc';
import { clerk, value, type TestCounter } from '../testing/counter';
import { offlineCounterPerTest } from '../testing/offlineCounter';
import { markOutcomeUnknown } from '../db/syncOrders';

/**
 * The counter's setup for its clerks (quick keys, receipt paper and printer), the receipt's
 * print channel where no printer is attached, and what the sync panel and the top bar learn
 * of unsent sales: on a fresh in-memory counter whose central cannot be reached.
 */

// No sync rounds of its own: each test says when to sync.
const current = offlineCounterPerTest('setup', '5e7c0000', { autoSync: false });
let counter: TestCounter;
beforeEach(() => {
  counter = current();
});

const settings = async () => value((await counter.dispatch('settings.get', {})) as IpcResult<SettingsView>);

describe('the counter setup', () => {
  it('starts with the catalogue’s quick keys, 80 mm receipts and the default printer', async () => {
    await clerk(counter).login();
    expect(await settings()).toMatchObject({ quickKeys: null, receiptLayout: '80mm', printerName: null });
  });

  it('is set by a manager, kept as set, and refused to a clerk without changing anything', async () => {
    await clerk(counter).login();
    const change = { quickKeys: [600, null, 101], receiptLayout: 'A4', printerName: 'Epson TM-T88' };
    const refused = await counter.dispatch('settings.set', change);
    expect(refused).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect((await settings()).quickKeys).toBeNull();

    await clerk(counter).login('mark', '9999');
    expect(value((await counter.dispatch('settings.set', change)) as IpcResult<SettingsView>)).toMatchObject(change);
    expect(await settings()).toMatchObject(change);
    expect(counter.test.db.prepare("SELECT value FROM settings WHERE key = 'quickKeys'").get()).toEqual({ value: '[600,null,101]' });
  });

  it('refuses a product the catalogue does not have, a tenth key and an unknown paper', async () => {
    await clerk(counter).login('mark', '9999');
    const unknown = await counter.dispatch('settings.set', { quickKeys: [600, 4242] });
    expect(unknown).toMatchObject({ ok: false, error: { kind: 'invalid', errors: [{ pointer: '/quickKeys' }] } });
    expect(await counter.dispatch('settings.set', { quickKeys: Array.from({ length: 10 }, () => 600) })).toMatchObject({ ok: false });
    expect(await counter.dispatch('settings.set', { receiptLayout: '58mm' })).toMatchObject({ ok: false });
    expect(await settings()).toMatchObject({ quickKeys: null, receiptLayout: '80mm' });
  });

  it('answers the print channel with via: page for the OS printer (the page prints itself)', async () => {
    const anna = clerk(counter);
    await anna.login();
    const { orderId } = await anna.create([{ productId: 600, quantity: 1 }]);
    await counter.dispatch('session.logout', {});
    expect(await counter.dispatch('receipt.print', { orderId })).toMatchObject({ ok: false });
    await anna.login();
    expect(await counter.dispatch('receipt.print', { orderId })).toEqual({
      ok: true,
      value: { via: 'page', printed: false, duplicate: false, problem: null },
    });
    // A report prints as the page shows it.
    expect(await counter.dispatch('page.print', {})).toEqual({ ok: true, value: { printed: false } });
  });
});

describe('unsent sales', () => {
  it('are counted the moment they are committed, before any sync round', async () => {
    const anna = clerk(counter);
    await anna.login();
    const seen: SyncStatus[] = [];
    counter.on('sync.changed', (s) => seen.push(s));
    await anna.create([{ productId: 600, quantity: 1 }]);
    expect(seen[0]).toMatchObject({ pending: 1 });
  });

  it('are listed by number, oldest first, with their waiting changes, state and the last error', async () => {
    const anna = clerk(counter);
    expect(await counter.dispatch('sync.unsent', {})).toMatchObject({ ok: false, error: { code: 'session.required' } });
    await anna.login();
    const first = await anna.create([{ productId: 600, quantity: 1 }]);
    await anna.pay(first.orderId, first.totalAmount);
    const second = await anna.create([{ productId: 600, quantity: 2 }]);
    const before = value((await counter.dispatch('sync.unsent', {})) as IpcResult<UnsentOrder[]>);
    expect(before.map((o) => [o.orderNumber, o.changes, o.state, o.lastError])).toEqual([
      [first.orderNumber, 2, 'waiting', null],
      [second.orderNumber, 1, 'waiting', null],
    ]);

    // A try refused at connect (nothing listens): nothing left, so both still simply wait, with the round's error.
    await counter.dispatch('sync.now', {});
    const refused = value((await counter.dispatch('sync.unsent', {})) as IpcResult<UnsentOrder[]>);
    expect(refused.map((o) => [o.orderNumber, o.state, o.lastError])).toEqual([
      [first.orderNumber, 'waiting', 'sync.unreachable'],
      [second.orderNumber, 'waiting', 'sync.unreachable'],
    ]);
    // A try whose answer was lost (a time-out, a reset): the engine asks the central before it sends again.
    markOutcomeUnknown(counter.test.db, first.orderId, '2024-05-01T08:00:00.000Z');
    const unsent = value((await counter.dispatch('sync.unsent', {})) as IpcResult<UnsentOrder[]>);
    expect(unsent.map((o) => [o.orderNumber, o.changes, o.state])).toEqual([
      [first.orderNumber, 2, 'unknown'],
      [second.orderNumber, 1, 'waiting'],
    ]);
    expect(unsent[0]!.lastError).toBe('sync.unreachable');
    expect(unsent[0]!.since).toBe('2024-05-01T08:00:00.000Z');
  });
});
