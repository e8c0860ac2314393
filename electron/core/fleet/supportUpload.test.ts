import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FleetStatus, IpcResult } from '../../../shared/ipc';
import type { SupportUpload } from '../../../shared/ipc/fleet';
import type { Enrolment, SupportBundleEntry } from '../../../shared/schemas/fleet';
import { signOperatorToken } from '../../../server/fleetAuth';
import { tempDir } from '../../../server/testing/fixtures';
import { NO_CONFIG } from '../config/machineConfig';
import { centralCall, startTestCentral, TEST_SECRET } from '../testing/central';
import { testClock } from '../testing/clock';
import { clerk, openCounter, value, type TestCounter } from '../testing/counter';
import { BEARER, expectNoPersonalData, seedPersonalData } from '../testing/personalData';

/**
 * The support bundle uploaded to a real central in this process (docs/api.md §11.6,
 * docs/counter.md §18): the file the central keeps holds no customer's name, birth date,
 * e-mail, IBAN, photo, nor any token; offline, the manager is told so (not enrolled, and a
 * clerk: supportBundle.test.ts).
 */

const opened: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of opened.splice(0).reverse()) await close();
});

/** Any JSON Web Token: the counter's device token above all, which the test cannot read. */
const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]+/;

async function enrolledCounter() {
  const folder = tempDir('counter-upload-');
  opened.push(() => folder.remove());
  const central = await startTestCentral(folder.dir);
  opened.push(() => central.close());
  const operator = await signOperatorToken(TEST_SECRET);
  const { code } = (await centralCall<Enrolment>(central.url, operator, 'POST', '/enrolments', { touchpointId: 10 })).body;
  const counter = await openCounter({
    dataDir: folder.dir,
    database: join(folder.dir, 'counter.sqlite'),
    clock: testClock('2026-03-02T10:00:00.000Z'),
    config: {
      ...NO_CONFIG,
      config: { central: { url: central.url }, enrolment: { code } },
      sources: { 'central.url': 'file', 'enrolment.code': 'file' },
    },
    autoSync: false,
    appVersion: '1.4.0',
  });
  opened.push(() => counter.close());
  return { dir: folder.dir, central, operator, counter };
}

const upload = async (counter: TestCounter) => (await counter.dispatch('fleet.uploadSupportBundle', {})) as IpcResult<SupportUpload>;

describe('uploading the support bundle', () => {
  it('sends the bundle to the central, which keeps it as a file without personal data or token', async () => {
    const { dir, central, operator, counter } = await enrolledCounter();
    await seedPersonalData(counter);
    expect(await counter.test.engine.settle()).toMatchObject({ online: true, pending: 0, rejected: 0 });
    const { enrolment } = value((await counter.dispatch('fleet.status', {})) as IpcResult<FleetStatus>);

    const uploaded = value(await upload(counter), 'upload');

    const listed = await centralCall<{ bundles: SupportBundleEntry[] }>(central.url, operator, 'GET', '/support-bundles');
    expect(listed.body.bundles).toEqual([{ id: expect.any(String), deviceId: enrolment.deviceId, ...uploaded }]);
    const stored = readFileSync(join(dir, 'support-bundles', enrolment.deviceId!, `${listed.body.bundles[0]!.id}.json`), 'utf8');
    expect(JSON.parse(stored)).toMatchObject({
      kind: 'counter-support-bundle',
      createdAt: '2026-03-02T10:00:00.000Z',
      versions: { app: '1.4.0' },
      outbox: { pending: 0, rejected: 0 },
      sync: { online: true },
      enrolment: { state: 'enrolled', deviceId: enrolment.deviceId, touchpointId: 10 },
    });
    expectNoPersonalData(stored, [BEARER]);
    expect(stored).not.toMatch(JWT);
    // The upload is instead of the file: nothing is kept in the data folder.
    expect(existsSync(join(dir, 'support'))).toBe(false);
  });

  it('is refused in words while the central does not answer, and nothing is queued', async () => {
    const { dir, central, counter } = await enrolledCounter();
    await clerk(counter).login('mark', '9999');
    await central.close();
    expect(await counter.test.engine.settle()).toMatchObject({ online: false });
    expect(await upload(counter)).toMatchObject({ ok: false, error: { code: 'fleet.offline' } });
    expect(existsSync(join(dir, 'support-bundles'))).toBe(false);
  });
});
