import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { supportBundleEntry, supportBundleList, type SupportBundleEntry } from '../shared/schemas/fleet';
import { BUNDLE_LIMITS, type BundleLimits } from './supportBundles';
import { enrolDevice, operatorToken } from './testing/fleet';
import { scenarios } from './testing/fixtures';
import { API, expectProblem, harness, type Harness } from './testing/harness';

/** What the central keeps of the support bundles under a loop of uploads (docs/api.md §11.6), on both backends. */

const [scenario] = scenarios();
let h: Harness;
afterEach(() => h.close());

const bundle = {
  kind: 'counter-support-bundle',
  createdAt: '2026-06-01T08:59:00.000Z',
  versions: { app: '1.4.2' },
  log: ['x'.repeat(300)],
};

async function upload(deviceId: string, token: string): Promise<SupportBundleEntry> {
  const res = await h.call('POST', `${API}/counters/${deviceId}/support-bundles`, { auth: token, body: bundle });
  expect(res.status, res.text).toBe(201);
  return supportBundleEntry.parse(res.body);
}

/** Every file under the folder: `deviceId/id`, and their bytes together. */
function onDisk() {
  const files = readdirSync(h.supportBundles.dir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
  const names = files.map((f) => `${f.parentPath.slice(h.supportBundles.dir.length + 1)}/${f.name.replace(/\.json$/, '')}`).sort();
  return { names, bytes: files.reduce((sum, f) => sum + statSync(join(f.parentPath, f.name)).size, 0) };
}

async function start(limits: BundleLimits = BUNDLE_LIMITS) {
  h = await harness({ ...scenario!, bundleLimits: limits });
}

describe('support bundles under a loop of uploads', () => {
  it('keeps a device’s newest 5, removing its oldest', async () => {
    await start();
    const device = await enrolDevice(h);
    for (let i = 0; i < 12; i++) {
      await upload(device.deviceId, device.token);
      h.clock.advance(2 * 60_000);
      expect(onDisk().names.length).toBe(Math.min(i + 1, 5));
    }
    expect(onDisk().names).toEqual(['09-14', '09-16', '09-18', '09-20', '09-22'].map((t) => `${device.deviceId}/2026-06-01T${t}-00-000Z`));
  });

  it('keeps the whole folder within its byte budget, removing the oldest of any device first', async () => {
    // Every bundle here is the same JSON, kept pretty-printed (supportBundles.http.test.ts checks its bytes).
    const size = Buffer.byteLength(`${JSON.stringify(bundle, null, 2)}\n`);
    // Room for three bundles and a half: three are kept.
    await start({ perDevice: 5, totalBytes: Math.floor(size * 3.5), minIntervalMs: 0 });
    const devices = [await enrolDevice(h), await enrolDevice(h)];
    const made: string[] = [];
    for (let i = 0; i < 10; i++) {
      const d = devices[i % 2]!;
      const entry = await upload(d.deviceId, d.token);
      made.push(`${d.deviceId}/${entry.id}`);
      h.clock.advance(1000);
      expect(onDisk().bytes).toBeLessThanOrEqual(size * 3.5);
    }
    expect(onDisk().names).toEqual(made.slice(-3).sort());
  });

  it('pages the operators’ list newest first, each bundle once, and refuses a cursor not its own', async () => {
    await start({ ...BUNDLE_LIMITS, minIntervalMs: 0 });
    const operator = await operatorToken();
    const devices = [await enrolDevice(h), await enrolDevice(h), await enrolDevice(h)];
    const made: string[] = [];
    for (let i = 0; i < 7; i++) {
      const d = devices[i % 3]!;
      made.push(`${d.deviceId}/${(await upload(d.deviceId, d.token)).id}`);
      if (i % 2) h.clock.advance(1000);
    }
    const seen: string[] = [];
    const sizes: number[] = [];
    for (let next: string | undefined = `${API}/support-bundles?limit=3`; next;) {
      const res = await h.call('GET', next, { auth: operator });
      expect(res.status, res.text).toBe(200);
      const page = supportBundleList.parse(res.body);
      sizes.push(page.bundles.length);
      seen.push(...page.bundles.map((b) => `${b.deviceId}/${b.id}`));
      next = page._links.next?.href;
    }
    expect(sizes).toEqual([3, 3, 1]);
    expect(new Set(seen).size).toBe(7);
    expect([...seen].sort()).toEqual([...made].sort());
    const times = seen.map((s) => s.split('/')[1]!.slice(0, 24));
    expect(times).toEqual([...times].sort().reverse());
    const forged = Buffer.from(JSON.stringify(['b', '../x', 'y'])).toString('base64url');
    expectProblem(await h.call('GET', `${API}/support-bundles?cursor=${forged}`, { auth: operator }), 400);
    expectProblem(await h.call('GET', `${API}/support-bundles?limit=0`, { auth: operator }), 400);
  });
});
