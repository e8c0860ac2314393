import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SettingsView } from '../../../shared/ipc';
import { kicksDrawer, printedText, startFakePrinter, type FakePrinter } from '../../../devtools/escposPrinter/fakePrinter';
import { tempDir } from '../../../server/testing/fixtures';
import type { LoadedConfig } from '../config/machineConfig';
import { countingIds, testClock } from '../testing/clock';
import { clerk, openCounter, value, type TestCounter } from '../testing/counter';

/**
 * The receipt printer and the drawer from the manager's settings (docs/api.md §9.1, §9.3),
 * against the fake ESC/POS printer: a printer set in the settings prints at once, with the
 * drawer as set; one fixed by the machine's configuration is shown with where, and refused.
 */

let fake: FakePrinter;
let folder: ReturnType<typeof tempDir>;
let counter: TestCounter;
beforeEach(async () => {
  fake = await startFakePrinter();
  folder = tempDir('counter-printer-settings-');
});
afterEach(async () => {
  await counter.close();
  await fake.close();
  folder.remove();
});

async function open(config?: LoadedConfig) {
  counter = await openCounter({
    dataDir: folder.dir,
    database: ':memory:',
    clock: testClock('2026-11-27T10:00:00.000Z'),
    newId: countingIds('d1d1d1d1'),
    central: { url: 'http://127.0.0.1:9', bearerToken: 'unreachable-central-token' },
    devicePollMs: 0,
    ...(config && { config }),
  });
  await clerk(counter).login('mark', '9999');
}
const settings = async () => value((await counter.dispatch('settings.get', {})) as { ok: true; value: SettingsView });

describe('a receipt printer set by the manager', () => {
  it('is the system’s by default, and prints the next receipt once set, the drawer opening on it', async () => {
    await open();
    expect(await settings()).toMatchObject({ printerUrl: 'system', drawer: 'none', fixed: {} });
    expect(await counter.dispatch('printer.test', {})).toMatchObject({ ok: true, value: { via: 'page' } });

    const set = await counter.dispatch('settings.set', { printerUrl: fake.url, drawer: 'printer' });
    expect(set).toMatchObject({ ok: true, value: { printerUrl: fake.url, drawer: 'printer' } });
    expect(await counter.dispatch('printer.test', {})).toMatchObject({ ok: true, value: { via: 'printer', printed: true } });
    expect(printedText(await fake.nextJob(0))).toContain('Testafdruk');
    expect(await counter.dispatch('devices.states', {})).toMatchObject({ ok: true, value: { printer: 'ready' } });

    // A cash sale opens the drawer on it; with the drawer set off, it does not.
    const order = await clerk(counter).create([{ productId: 600, quantity: 1 }]);
    await clerk(counter).pay(order.orderId, order.totalAmount, 'cash');
    expect(kicksDrawer(await fake.nextJob(1))).toBe(true);
    expect(counter.test.devices.drawer.present).toBe(true);
    await counter.dispatch('settings.set', { drawer: 'none' });
    expect(counter.test.devices.drawer.present).toBe(false);
    expect(await counter.test.devices.openDrawer('change for the float')).toEqual({ kind: 'refused', problem: 'noDrawer' });
  });

  it('is refused when not a printer address, and nothing changes', async () => {
    await open();
    expect(await counter.dispatch('settings.set', { printerUrl: 'http://printer:9100' })).toMatchObject({
      ok: false,
      error: { kind: 'invalid' },
    });
    expect((await settings()).printerUrl).toBe('system');
  });
});

describe('a receipt printer fixed by the machine’s configuration', () => {
  it('is in force, shown as fixed with where, and a change of it or the drawer is refused', async () => {
    await open({
      config: { printer: { url: fake.url }, drawer: 'printer' },
      sources: { 'printer.url': 'environment', drawer: 'file' },
      file: null,
    });
    expect(await settings()).toMatchObject({
      printerUrl: fake.url,
      drawer: 'printer',
      fixed: { printerUrl: 'environment', drawer: 'file' },
    });
    expect(await counter.dispatch('settings.set', { printerUrl: 'none' })).toMatchObject({
      ok: false,
      error: { code: 'settings.fixed', errors: [{ pointer: '/printerUrl' }] },
    });
    expect(await counter.dispatch('settings.set', { drawer: 'none' })).toMatchObject({ ok: false, error: { code: 'settings.fixed' } });
    expect(await counter.dispatch('printer.test', {})).toMatchObject({ ok: true, value: { via: 'printer', printed: true } });
    expect(printedText(await fake.nextJob(0))).toContain('Testafdruk');
  });
});
