import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { supportBundleEntry, supportBundleList } from '../shared/schemas/fleet';
import { enrolDevice, operatorToken } from './testing/fleet';
import { scenarios } from './testing/fixtures';
import { API, expectProblem, harness, type Harness } from './testing/harness';

/** Support bundles uploaded to the central (docs/api.md §11.6), on both backends. */

const [scenario] = scenarios();

let h: Harness;
let operator: string;
beforeEach(async () => {
  h = await harness(scenario!);
  operator = await operatorToken();
});
afterEach(() => h.close());

const bundle = (extra: Record<string, unknown> = {}) => ({
  kind: 'counter-support-bundle',
  createdAt: '2026-06-01T08:59:00.000Z',
  versions: { app: '1.4.2', node: '22.0.0' },
  outbox: { pending: 3 },
  log: ['2026-06-01T08:58:00.000Z sync: the central answered again'],
  ...extra,
});

const upload = (deviceId: string, token: string | null, body: unknown = bundle()) =>
  h.call('POST', `${API}/counters/${deviceId}/support-bundles`, { auth: token, body });

describe('uploading a support bundle', () => {
  it('keeps a counter’s own bundle as a file under its device id, answered 201 with its id', async () => {
    const device = await enrolDevice(h);
    const res = await upload(device.deviceId, device.token);
    expect(res.status, res.text).toBe(201);
    const entry = supportBundleEntry.parse(res.body);
    expect(entry).toMatchObject({ id: '2026-06-01T09-00-00-000Z', deviceId: device.deviceId, receivedAt: '2026-06-01T09:00:00.000Z' });
    const stored = readFileSync(join(h.supportBundles.dir, device.deviceId, `${entry.id}.json`), 'utf8');
    expect(JSON.parse(stored)).toEqual(bundle());
    expect(entry.bytes).toBe(Buffer.byteLength(stored));
  });

  it('refuses a second upload of a device within 2 minutes with 429 and Retry-After, keeping nothing', async () => {
    const device = await enrolDevice(h);
    const other = await enrolDevice(h);
    expect((await upload(device.deviceId, device.token)).status).toBe(201);
    h.clock.advance(30_000);
    const refused = await upload(device.deviceId, device.token, bundle({ log: [] }));
    expectProblem(refused, 429);
    expect(refused.headers['retry-after']).toBe('90');
    // Another device is not held back by it.
    expect((await upload(other.deviceId, other.token)).status).toBe(201);
    expect(readdirSync(join(h.supportBundles.dir, device.deviceId))).toEqual(['2026-06-01T09-00-00-000Z.json']);
    h.clock.advance(90_000);
    expect((await upload(device.deviceId, device.token)).status).toBe(201);
  });

  it('refuses a bundle over 2 MiB with 413, and keeps nothing', async () => {
    const device = await enrolDevice(h);
    const big = bundle({ log: Array.from({ length: 2200 }, () => 'x'.repeat(1000)) });
    const problem = expectProblem(await upload(device.deviceId, device.token, big), 413);
    expect(problem.detail).toBe('The body may be at most 2097152 bytes.');
    expect((await h.call('GET', `${API}/support-bundles`, { auth: operator })).body).toMatchObject({ bundles: [] });
  });

  it('refuses another counter’s device id, an operator’s or a touchpoint’s token, and no token', async () => {
    const device = await enrolDevice(h);
    const other = await enrolDevice(h);
    expectProblem(await upload(other.deviceId, device.token), 403);
    expectProblem(await upload(device.deviceId, operator), 403);
    expectProblem(await upload(device.deviceId, await h.token()), 403);
    expectProblem(await upload(device.deviceId, null), 401);
  });

  it('refuses a body that is not a support bundle with 400', async () => {
    const device = await enrolDevice(h);
    expectProblem(await upload(device.deviceId, device.token, { kind: 'something-else', createdAt: 'yesterday' }), 400);
  });

  it('refuses a revoked counter’s upload', async () => {
    const device = await enrolDevice(h);
    await h.call('DELETE', `${API}/counters/${device.deviceId}`, { auth: operator });
    expectProblem(await upload(device.deviceId, device.token), 401);
  });
});

describe('the operator’s bundles', () => {
  it('lists every counter’s bundles newest first, and answers one as uploaded', async () => {
    const first = await enrolDevice(h);
    const second = await enrolDevice(h);
    await upload(first.deviceId, first.token);
    h.clock.advance(60_000);
    await upload(second.deviceId, second.token, bundle({ outbox: { pending: 0 } }));
    const res = await h.call('GET', `${API}/support-bundles`, { auth: operator });
    expect(res.status, res.text).toBe(200);
    const { bundles } = supportBundleList.parse(res.body);
    expect(bundles.map((b) => [b.deviceId, b.receivedAt])).toEqual([
      [second.deviceId, '2026-06-01T09:01:00.000Z'],
      [first.deviceId, '2026-06-01T09:00:00.000Z'],
    ]);
    const one = await h.call('GET', `${API}/counters/${first.deviceId}/support-bundles/${bundles[1]!.id}`, { auth: operator });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(bundle());
    expectProblem(await h.call('GET', `${API}/counters/${first.deviceId}/support-bundles/${bundles[0]!.id}`, { auth: operator }), 404);
    expectProblem(await h.call('GET', `${API}/counters/${first.deviceId}/support-bundles/..%2F..%2Fsecret`, { auth: operator }), 404);
  });

  it('is refused to a counter’s and a touchpoint’s token', async () => {
    const device = await enrolDevice(h);
    await upload(device.deviceId, device.token);
    expectProblem(await h.call('GET', `${API}/support-bundles`, { auth: device.token }), 403);
    expectProblem(await h.call('GET', `${API}/support-bundles`), 403);
    const id = '2026-06-01T09-00-00-000Z';
    expectProblem(await h.call('GET', `${API}/counters/${device.deviceId}/support-bundles/${id}`, { auth: device.token }), 403);
  });

  it('is in the OpenAPI document', async () => {
    const doc = (await h.call('GET', `${API}/openapi.json`, { auth: null })).body as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        `${API}/counters/{deviceId}/support-bundles`,
        `${API}/support-bundles`,
        `${API}/counters/{deviceId}/support-bundles/{bundleId}`,
      ]),
    );
  });
});
