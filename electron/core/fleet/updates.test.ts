import { packageVersion } from '../testing/packageVersion';
import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { FleetStatus, IpcResult } from '../../../shared/ipc';
import { tempDir } from '../../../server/testing/fixtures';
import { clerk, openCounter, value, type TestCounter } from '../testing/counter';
import { testClock } from '../testing/clock';
import type { Updater } from './updates';
import { rolloutBucket } from './updatePolicy';

/**
 * The counter's updates end to end in the core (docs/counter.md §18): an updater that
 * downloads, and the install held until no sale is open, nothing waits to be sent and no
 * payment's outcome is unknown. The central is unreachable here, so a sale stays unsent.
 */

const opened: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of opened.splice(0).reverse()) await close();
});

/** An updater standing in for electron-updater: the test says when a download is done. */
function fakeUpdater() {
  const listeners = new Map<string, (version: string) => void>();
  const updater = {
    checks: 0,
    installs: 0,
    check() {
      updater.checks++;
    },
    install() {
      updater.installs++;
    },
    on(event: 'downloading' | 'ready', listener: (version: string) => void) {
      listeners.set(event, listener);
    },
    emit: (event: 'downloading' | 'ready', version: string) => listeners.get(event)!(version),
    within: null as null | ((percentage: number | string | null | undefined) => boolean),
    rollout(within: (percentage: number | string | null | undefined) => boolean) {
      updater.within = within;
    },
  };
  return updater satisfies Updater;
}

async function counterWith(updater: Updater): Promise<TestCounter> {
  const folder = tempDir('counter-updates-');
  opened.push(() => folder.remove());
  const counter = await openCounter({
    dataDir: folder.dir,
    database: join(folder.dir, 'counter.sqlite'),
    clock: testClock('2026-03-02T10:00:00.000Z'),
    central: { url: 'http://127.0.0.1:9', bearerToken: 'unreachable-central-token' },
    autoSync: false,
    appVersion: '1.4.0',
    updater,
  });
  opened.push(() => counter.close());
  return counter;
}

const update = async (counter: TestCounter) => value((await counter.dispatch('fleet.status', {})) as IpcResult<FleetStatus>).update;

describe('updates in the core', () => {
  it('asks the feed at start, and installs a downloaded update at once when nothing holds it', async () => {
    const updater = fakeUpdater();
    const counter = await counterWith(updater);
    expect(updater.checks).toBe(1);
    expect(await update(counter)).toEqual({ current: '1.4.0', available: true, pending: null, waitingFor: [] });
    updater.emit('downloading', '1.5.0');
    expect((await update(counter)).pending).toEqual({ version: '1.5.0', phase: 'downloading' });
    updater.emit('ready', '1.5.0');
    expect(updater.installs).toBe(1);
  });

  it('holds a downloaded update while a sale is open and unsent, and says why', async () => {
    const updater = fakeUpdater();
    const counter = await counterWith(updater);
    await clerk(counter).login();
    await clerk(counter).create([{ productId: 600, quantity: 1 }]);
    updater.emit('ready', '1.5.0');
    expect(updater.installs).toBe(0);
    expect(await update(counter)).toEqual({
      current: '1.4.0',
      available: true,
      pending: { version: '1.5.0', phase: 'ready' },
      waitingFor: ['saleOpen', 'unsentSales'],
    });
  });

  it('gives the updater the staged rollout by this counter’s device id', async () => {
    const updater = fakeUpdater();
    const counter = await counterWith(updater);
    const { value: deviceId } = counter.test.db.prepare("SELECT value FROM settings WHERE key = 'deviceId'").get() as { value: string };
    const bucket = rolloutBucket(JSON.parse(deviceId) as string);
    expect([updater.within!(bucket), updater.within!(bucket + 1), updater.within!(undefined)]).toEqual([false, true, true]);
  });

  it('offers none without an updater (the browser shell)', async () => {
    const folder = tempDir('counter-updates-');
    opened.push(() => folder.remove());
    const counter = await openCounter({ dataDir: folder.dir, database: join(folder.dir, 'counter.sqlite'), autoSync: false });
    opened.push(() => counter.close());
    expect(await update(counter)).toEqual({ current: packageVersion, available: false, pending: null, waitingFor: [] });
  });
});
