import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IpcResult, SettingsView } from '../../../shared/ipc';
import { tempDir } from '../../../server/testing/fixtures';
import { loadMachineConfig, type LoadedConfig } from '../config/machineConfig';
import { testClock } from '../testing/clock';
import { clerk, openCounter, value, type TestCounter } from '../testing/counter';

/** docs/counter.md §17: cash rounding and the denominations of a count are a manager's settings, unless the machine fixes them. */

const DUTCH = [50000, 20000, 10000, 5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5];
let counter: TestCounter;
let folder: ReturnType<typeof tempDir>;

async function openAsMark(config?: LoadedConfig) {
  counter = await openCounter({
    dataDir: folder.dir,
    database: ':memory:',
    config,
    clock: testClock('2026-11-27T09:00:00.000Z'),
    central: { url: 'http://127.0.0.1:9', bearerToken: 'given-token-of-this-counter' },
  });
  await clerk(counter).login('mark', '9999');
}
const set = async (change: Record<string, unknown>) => (await counter.dispatch('settings.set', change)) as IpcResult<SettingsView>;

beforeEach(() => {
  folder = tempDir('counter-cash-settings-');
});
afterEach(async () => {
  await counter?.close();
  folder.remove();
});

describe('the cash settings', () => {
  it('default to rounding on and the Dutch notes and coins; a manager changes them, largest first', async () => {
    await openAsMark();
    expect(value(await set({}))).toMatchObject({ cashRounding: true, denominations: DUTCH, fixed: {} });
    expect(value(await set({ cashRounding: false, denominations: [5, 100, 200, 1000] }))).toMatchObject({
      cashRounding: false,
      denominations: [1000, 200, 100, 5],
    });
    // A coin that is no euro coin, none at all, or one twice: refused, nothing changed.
    for (const denominations of [[3], [], [100, 100]]) {
      expect(await set({ denominations }), JSON.stringify(denominations)).toMatchObject({
        ok: false,
        error: { kind: 'invalid', errors: [expect.objectContaining({ pointer: expect.stringMatching(/^\/denominations/) })] },
      });
    }
    expect(value(await set({})).denominations).toEqual([1000, 200, 100, 5]);
    // A clerk may not change them.
    await clerk(counter).login('anna', '1234');
    expect(await set({ cashRounding: true })).toMatchObject({ ok: false, error: { code: 'session.managerOnly' } });
  });

  it('are read-only where the machine’s configuration fixes them, from its environment or its file', async () => {
    const fromEnv = loadMachineConfig({ COUNTER_CASH_ROUNDING: '0', COUNTER_CASH_DENOMINATIONS: '2000,500,100' }, 'linux', () => null);
    if (fromEnv.kind === 'refused') throw new Error(fromEnv.message);
    await openAsMark(fromEnv.value);
    expect(value(await set({}))).toMatchObject({
      cashRounding: false,
      denominations: [2000, 500, 100],
      fixed: { cashRounding: 'environment', denominations: 'environment' },
    });
    for (const change of [{ cashRounding: true }, { denominations: [100] }]) {
      expect(await set(change)).toMatchObject({ ok: false, error: { kind: 'conflict', code: 'settings.fixed' } });
    }
    await counter.close();
    const fromFile = loadMachineConfig({}, 'linux', () => JSON.stringify({ cash: { rounding: true } }));
    if (fromFile.kind === 'refused') throw new Error(fromFile.message);
    await openAsMark(fromFile.value);
    expect(value(await set({ denominations: [500] }))).toMatchObject({
      cashRounding: true,
      denominations: [500],
      fixed: { cashRounding: 'file' },
    });
  });

  it('refuses a configuration naming a coin that is not one, naming the key', () => {
    expect(loadMachineConfig({ COUNTER_CASH_DENOMINATIONS: '500,7' }, 'linux', () => null)).toMatchObject({
      kind: 'refused',
      message: expect.stringContaining('COUNTER_CASH_DENOMINATIONS'),
    });
    expect(loadMachineConfig({ COUNTER_CASH_ROUNDING: 'maybe' }, 'linux', () => null)).toMatchObject({ kind: 'refused' });
  });
});
