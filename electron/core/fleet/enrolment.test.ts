import { packageVersion } from '../testing/packageVersion';
import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { FleetStatus, IpcResult, SettingsView } from '../../../shared/ipc';
import type { CounterReport, Enrolment } from '../../../shared/schemas/fleet';
import { signOperatorToken } from '../../../server/fleetAuth';
import { tempDir } from '../../../server/testing/fixtures';
import { centralCall, centralOrders, counterToken, startTestCentral, TEST_SECRET } from '../testing/central';
import { clerk, openCounter, value, type TestCounter } from '../testing/counter';
import { countingIds } from '../testing/clock';
import { NO_CONFIG } from '../config/machineConfig';
import { claimCode } from './enrolment';

/**
 * A counter enrolled with a one-time code (docs/api.md §11.1, §11.2) against a real central in
 * this process: it sells for the touchpoint its token names (11, not the reference data's first,
 * 10), reports its heartbeat, hears that it was revoked and keeps selling, and is enrolled again.
 */

const opened: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of opened.splice(0).reverse()) await close();
});

async function world() {
  const folder = tempDir('counter-enrol-');
  opened.push(() => folder.remove());
  const central = await startTestCentral(folder.dir);
  opened.push(() => central.close());
  const operator = await signOperatorToken(TEST_SECRET);
  const code = async (touchpointId: number) =>
    (await centralCall<Enrolment>(central.url, operator, 'POST', '/enrolments', { touchpointId })).body.code;
  return { dir: folder.dir, central, operator, code };
}

/** A counter whose machine configuration names the central and a code, as a technician sets it up. */
async function configuredCounter(dir: string, url: string, code: string): Promise<TestCounter> {
  const counter = await openCounter({
    dataDir: dir,
    database: join(dir, 'counter.sqlite'),
    newId: countingIds('e1e1e1e1'),
    config: {
      ...NO_CONFIG,
      config: { central: { url }, enrolment: { code } },
      sources: { 'central.url': 'file', 'enrolment.code': 'file' },
    },
    autoSync: false,
  });
  opened.push(() => counter.close());
  return counter;
}

const fleetStatus = async (counter: TestCounter) => value((await counter.dispatch('fleet.status', {})) as IpcResult<FleetStatus>);

describe('enrolment, counter side', () => {
  it('claims the configured code at start, sells under its token’s touchpoint and reports its heartbeat', async () => {
    const { dir, central, operator, code } = await world();
    const counter = await configuredCounter(dir, central.url, await code(11));
    const { enrolment } = await fleetStatus(counter);
    expect(enrolment).toMatchObject({ state: 'enrolled', touchpointId: 11 });

    const anna = clerk(counter);
    await anna.login();
    const sale = await anna.create([{ productId: 600, quantity: 1 }]);
    expect(sale.touchPoint.salesTouchpointId).toBe(11);
    expect(await counter.test.engine.settle()).toMatchObject({ pending: 0, rejected: 0, lastError: null });
    expect((await centralOrders(central.url, await counterToken(10), 11)).map((o) => o.externalOrderId)).toEqual([sale.orderId]);

    const listed = await centralCall<{ counters: CounterReport[] }>(central.url, operator, 'GET', '/counters');
    expect(listed.body.counters).toEqual([
      expect.objectContaining({
        deviceId: enrolment.deviceId,
        touchpointId: 11,
        appVersion: packageVersion,
        // Reported before the round's pushes: the sale was still waiting.
        outboxDepth: 1,
        terminal: 'none',
        printer: 'ready',
      }),
    ]);
    // The settings name the counter by the id the central lists it by (docs/counter.md §18, Enrolment and heartbeat).
    const settings = value((await counter.dispatch('settings.get', {})) as IpcResult<SettingsView>);
    expect(settings.centralDeviceId).toBe(listed.body.counters[0]?.deviceId);
    expect(settings.centralDeviceId).not.toBe(settings.deviceId);
  });

  it('hears that it was revoked, keeps selling, and is enrolled again by a manager with a new code', async () => {
    const { dir, central, operator, code } = await world();
    const counter = await configuredCounter(dir, central.url, await code(11));
    const { deviceId } = (await fleetStatus(counter)).enrolment;
    expect((await centralCall(central.url, operator, 'DELETE', `/counters/${deviceId}`)).status).toBe(200);

    expect(await counter.test.engine.settle()).toMatchObject({ lastError: 'sync.tokenRefused' });
    expect((await fleetStatus(counter)).enrolment.state).toBe('revoked');
    const mark = clerk(counter);
    await mark.login('mark', '9999');
    const offline = await mark.create([{ productId: 600, quantity: 2 }]);

    const wrong = await counter.dispatch('fleet.enrol', { centralUrl: central.url, code: 'ABCD-EFGH' });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'fleet.codeRefused' } });
    const again = value(
      (await counter.dispatch('fleet.enrol', { centralUrl: central.url, code: await code(11) })) as IpcResult<{
        status: FleetStatus;
        restart: string;
      }>,
    );
    expect(again.restart).toBe('none');
    expect(again.status.enrolment).toMatchObject({ state: 'enrolled', touchpointId: 11 });
    expect(again.status.enrolment.deviceId).not.toBe(deviceId);
    expect(await counter.test.engine.settle()).toMatchObject({ pending: 0, lastError: null });
    expect((await centralOrders(central.url, await counterToken(10), 11)).map((o) => o.externalOrderId)).toEqual([offline.orderId]);
  });

  it('claims a code: refused when the central says the code is wrong, unknown when no central answers', async () => {
    const { central } = await world();
    expect(await claimCode(central.url, 'ABCD-EFGH')).toEqual({ kind: 'refused', retryAfterSeconds: null });
    expect(await claimCode('http://127.0.0.1:9', 'ABCD-EFGH')).toMatchObject({
      kind: 'unknown',
      reason: expect.stringMatching(/^the central did not answer/),
    });
  });

  it('lets only the first run or a manager enrol', async () => {
    const { dir, central, code } = await world();
    const counter = await configuredCounter(dir, central.url, await code(11));
    await clerk(counter).login();
    expect(await counter.dispatch('fleet.enrol', { centralUrl: central.url, code: await code(11) })).toMatchObject({
      ok: false,
      error: { code: 'session.managerOnly' },
    });
  });
});
