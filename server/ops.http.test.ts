import { afterEach, describe, expect, it, vi } from 'vitest';
import { startCentral } from './central';
import { scenarios } from './testing/fixtures';
import { enrolDevice, heartbeat, makeCode, report } from './testing/fleet';
import { API, expectProblem, freshTestStore, harness, type Harness, type HarnessOptions } from './testing/harness';
import { createOrder } from './testing/orders';
import { parsePrometheus, sampleValue } from './testing/prometheus';

/** The operations endpoints (docs/api.md §11.3) on both backends: liveness, readiness, metrics, load shedding. */

const [scenario] = scenarios();

let h: Harness;
const start = async (extra: Partial<HarnessOptions> = {}) => (h = await harness({ ...scenario!, ...extra }));
afterEach(() => h.close());

/** Takes the store's connection away, as a database that stopped would. */
async function databaseGone(store: Harness['store']) {
  if ('db' in store) (store as unknown as { db: { close(): void } }).db.close();
  else await (store as unknown as { pool: { end(): Promise<void> } }).pool.end();
}

const scrape = async () => {
  const res = await h.call('GET', '/metrics', { auth: null });
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return { text: res.text, ...parsePrometheus(res.text) };
};

describe('/livez and /readyz', () => {
  it('answer without a token while the database answers', async () => {
    await start();
    expect((await h.call('GET', '/livez', { auth: null })).body).toEqual({ status: 'live' });
    expect((await h.call('GET', '/readyz', { auth: null })).body).toEqual({ status: 'ready' });
  });

  it('/readyz turns 503 when the database goes away; /livez stays 200', async () => {
    await start({ metrics: true });
    await databaseGone(h.store);
    expect(expectProblem(await h.call('GET', '/readyz', { auth: null }), 503).detail).toMatch(/database does not answer/);
    expect((await h.call('GET', '/livez', { auth: null })).status).toBe(200);
    expect(sampleValue((await scrape()).samples, 'central_ready')).toBe(0);
  });
});

describe('/metrics', () => {
  it('counts requests by templated route and status, orders created and commit batches, and holds no id, token or code', async () => {
    await start({ metrics: true });
    const order = await createOrder(h);
    expect((await h.call('GET', `${API}/orders/${order.orderId}`)).status).toBe(200);
    expectProblem(await h.call('GET', `/no/such/${order.orderId}`), 404);
    const device = await enrolDevice(h);
    const { code } = await makeCode(h);
    const { text, samples, types } = await scrape();
    expect(sampleValue(samples, 'http_requests_total', { method: 'POST', route: `${API}/orders`, status: '201' })).toBe(1);
    expect(sampleValue(samples, 'http_requests_total', { method: 'GET', route: `${API}/orders/:orderId`, status: '200' })).toBe(1);
    expect(sampleValue(samples, 'http_requests_total', { method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    expect(sampleValue(samples, 'http_request_duration_seconds_count', { method: 'POST', route: `${API}/orders` })).toBe(1);
    expect(types.get('http_request_duration_seconds')).toBe('histogram');
    expect(sampleValue(samples, 'central_orders_created_total')).toBe(1);
    expect(types.get('central_group_commit_batch_size')).toBe('histogram');
    expect(sampleValue(samples, 'central_group_commit_batch_size_count')).toBe(1);
    expect(sampleValue(samples, 'central_group_commit_batch_size_sum')).toBe(1);
    expect(sampleValue(samples, 'central_ready')).toBe(1);
    expect(sampleValue(samples, 'central_counters_stale')).toBe(0);
    // Names, labels and help texts; not the sample values, where a byte count may spell an order number by chance.
    const withoutValues = text.replace(/ [^ \n]+$/gm, '');
    for (const secret of [order.orderId, order.orderNumber, device.deviceId, device.token, code])
      expect(withoutValues).not.toContain(secret);
  });

  it('central_counters_stale counts devices with a sale unsent over 15 minutes, or silent 15 minutes with one', async () => {
    await start({ metrics: true });
    const [late, silent, fine] = [await enrolDevice(h), await enrolDevice(h), await enrolDevice(h)];
    await report(h, late, heartbeat({ outboxDepth: 3, oldestUnsentAgeSeconds: 15 * 60 + 1 }));
    await report(h, silent, heartbeat({ outboxDepth: 1, oldestUnsentAgeSeconds: 5 }));
    await report(h, fine, heartbeat());
    expect(sampleValue((await scrape()).samples, 'central_counters_stale')).toBe(1);
    h.clock.advance(15 * 60 * 1000 + 1);
    expect(sampleValue((await scrape()).samples, 'central_counters_stale')).toBe(2);
    // A fresh heartbeat with nothing unsent is no longer stale.
    await report(h, silent, heartbeat());
    expect(sampleValue((await scrape()).samples, 'central_counters_stale')).toBe(1);
  });

  it('is absent when the metrics are off', async () => {
    await start();
    expectProblem(await h.call('GET', '/metrics', { auth: null }), 404);
  });
});

describe('load shedding', () => {
  it('answers 503 with Retry-After while the event loop lags, but /livez and /metrics still answer', async () => {
    await start({ metrics: true, maxEventLoopDelayMs: 50 });
    // The event loop held up again and again, as a burst of work would: under-pressure looks at the mean lag of each second.
    const busy = (ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until);
    };
    await vi.waitFor(
      () => {
        busy(80);
        expect(h.app.isUnderPressure()).toBe(true);
      },
      { timeout: 10_000, interval: 1 },
    );
    const shed = await h.call('GET', `${API}/orders`);
    expect(expectProblem(shed, 503).detail).toMatch(/overloaded/);
    expect(shed.headers['retry-after']).toBe('10');
    expect((await h.call('GET', '/livez', { auth: null })).status).toBe(200);
    expect((await h.call('GET', '/metrics', { auth: null })).status).toBe(200);
  });
});

describe('--ops-port', () => {
  it('serves /livez, /readyz and /metrics on its own port only', async () => {
    const central = await startCentral({ db: await freshTestStore(), fixtures: undefined, opsPort: 0 });
    try {
      expect(central.opsUrl).not.toBe(central.url);
      for (const path of ['/livez', '/readyz', '/metrics']) {
        expect((await fetch(`${central.url}${path}`)).status).toBe(404);
        expect((await fetch(`${central.opsUrl}${path}`)).status).toBe(200);
      }
    } finally {
      await central.close();
    }
    // The harness of afterEach.
    await start();
  });
});
