import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { CounterOrder } from '../shared/ipc';
import type { CreateOrderInput } from '../shared/schemas/requests';
import { openCounterDatabase } from '../electron/core/db/database';
import { tempDir } from '../server/testing/fixtures';
import { createCounter } from '../electron/core/counter';
import { createBody } from '../electron/core/sync/plan';
import { counterToken, startTestCentral, TEST_SECRET } from '../electron/core/testing/central';
import { freePort } from '../electron/core/testing/processes';
import { startServerChild } from '../server/testing/child';
import { fmt, ratio, table } from './lib/report';

/**
 * `npm run bench -- counter`: (1) the latency of creating and validating an order with three
 * lines through the counter's IPC handler, against the same rows written by bare prepared
 * inserts in one transaction; (2) sync throughput to a local central, against that central
 * creating the same orders directly. Both baselines are measured in the same run.
 */

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const THREE_LINES = () => [
  { productId: 600, quantity: 1 },
  { productId: 601, quantity: 2, validFrom: at(1) },
  { productId: 101, quantity: 1, validFrom: at(2) },
];

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export async function offlineCounter(dir: string, token: string) {
  // Nothing listens on a free port: the counter works offline, as at a counter whose network is down.
  const url = `http://127.0.0.1:${await freePort()}`;
  // The demo staff beside the bench's central: Anna sells.
  const counter = await createCounter({
    dataDir: dir,
    vault: null,
    central: { url, bearerToken: token },
    autoSync: false,
    demoStaff: true,
  });
  const login = await counter.dispatch('session.login', { staffId: 'anna', pin: '1234' });
  if (!login.ok) throw new Error(`login failed: ${login.error.message}`);
  return counter;
}

async function handlerLatency(dir: string) {
  const counter = await offlineCounter(join(dir, 'handler'), await counterToken());
  const samples: number[] = [];
  let doc = '';
  for (let i = 0; i < ORDERS; i++) {
    const input = { languageId: 1, orderLines: THREE_LINES() };
    const start = performance.now();
    const answer = await counter.dispatch('orders.create', input);
    samples.push(performance.now() - start);
    if (!answer.ok) throw new Error(`orders.create failed: ${answer.error.message}`);
    doc ||= JSON.stringify((answer.value as CounterOrder).order);
  }
  await counter.close();

  const db = openCounterDatabase(join(dir, 'bare.sqlite'));
  const order = db.prepare(
    `INSERT INTO orders (order_id, touchpoint_id, external_order_id, order_number, customer_profile_id, customer_fixed,
       status_id, created_on, last_updated_on, version, doc) VALUES (?, 10, NULL, ?, 0, 0, 1, ?, ?, 0, ?)`,
  );
  const part = db.prepare(`INSERT INTO order_parts (part_id, kind, order_id) VALUES (?, 'line', ?)`);
  const outbox = db.prepare(`INSERT INTO outbox (order_id, change, created_at) VALUES (?, 'insert', ?)`);
  const sync = db.prepare(`INSERT INTO sync_orders (order_id, state, updated_at) VALUES (?, 'pending', ?)`);
  const write = db.transaction((id: string, n: number, now: string) => {
    order.run(id, `B-${n}`, now, now, doc);
    for (let l = 0; l < 3; l++) part.run(randomUUID(), id);
    outbox.run(id, now);
    sync.run(id, now);
  });
  const bare: number[] = [];
  for (let i = 0; i < ORDERS; i++) {
    const start = performance.now();
    write.immediate(randomUUID(), i, new Date().toISOString());
    bare.push(performance.now() - start);
  }
  db.close();
  return { handler: samples, bare };
}

async function syncThroughput(dir: string) {
  const token = await counterToken();
  const offline = await offlineCounter(join(dir, 'sync'), token);
  const inputs: CreateOrderInput[] = [];
  for (let i = 0; i < ORDERS; i++) {
    const answer = await offline.dispatch('orders.create', { languageId: 1, orderLines: THREE_LINES() });
    if (!answer.ok) throw new Error(`orders.create failed: ${answer.error.message}`);
    inputs.push(createBody((answer.value as CounterOrder).order, randomUUID()));
  }
  await offline.close();

  // The central in its own process, as a real one would be; the counter reopens its outbox.
  const central = await startServerChild(
    new URL('./servers/central.ts', import.meta.url),
    [join(dir, 'central-sync.sqlite'), TEST_SECRET],
    { cpuProfDir: process.env.BENCH_PROFILE },
  );
  const counter = await createCounter({
    dataDir: join(dir, 'sync'),
    vault: null,
    central: { url: central.url, bearerToken: token },
    autoSync: false,
  });
  const start = performance.now();
  counter.test.engine.start();
  const status = await counter.test.engine.settle();
  const syncSeconds = (performance.now() - start) / 1000;
  await counter.close();
  await central.stop();
  if (status.pending !== 0) throw new Error(`sync did not settle: ${JSON.stringify(status)}`);

  const direct = await startTestCentral(dir);
  const directStart = performance.now();
  for (const input of inputs) {
    const made = await direct.service.create(input, { touchpointId: 10, customerProfileId: null });
    if (!made.ok) throw new Error('direct create failed');
  }
  const directSeconds = (performance.now() - directStart) / 1000;
  await direct.close();
  return { sync: ORDERS / syncSeconds, direct: ORDERS / directSeconds };
}

export async function benchCounter(): Promise<void> {
  const { dir, remove } = tempDir('counter-bench-');
  try {
    console.log(`counter benchmark: ${ORDERS} orders of 3 lines each (BENCH_ORDERS to change)\n`);
    const latency = await handlerLatency(dir);
    const handlerP99 = percentile(latency.handler, 99);
    const bareP99 = percentile(latency.bare, 99);
    const p99Ratio = ratio(handlerP99, bareP99);
    console.log(
      table(
        ['write', 'p50 ms', 'p99 ms'],
        [
          ['orders.create through the handler', fmt.ms(percentile(latency.handler, 50)), fmt.ms(handlerP99)],
          ['bare prepared inserts, one transaction', fmt.ms(percentile(latency.bare, 50)), fmt.ms(bareP99)],
        ],
      ),
    );
    // On p50 too: the disk's sync tails dominate both p99s and hide the handler's own cost.
    const p50Ratio = ratio(percentile(latency.handler, 50), percentile(latency.bare, 50));
    for (const [name, value] of [
      ['p50', p50Ratio],
      ['p99', p99Ratio],
    ] as const) {
      console.log(`handler ${name} / bare ${name} = ${fmt.ratio(value)} (goal at most 2.00): ${value <= 2 ? 'PASS' : 'MISS'}`);
    }
    console.log('');

    // The disk's sync time swings from second to second here: rounds alternate the two paths
    // and the verdict takes the median round.
    const rounds = [];
    for (let round = 1; round <= ROUNDS; round++) rounds.push(await syncThroughput(join(dir, `round-${round}`)));
    const ratios = rounds.map((r) => ratio(r.sync, r.direct));
    console.log(
      table(
        ['round', 'sync orders/s', 'direct orders/s', 'sync/direct'],
        rounds.map((r, i) => [i + 1, fmt.rps(r.sync), fmt.rps(r.direct), fmt.ratio(ratios[i]!)]),
      ),
    );
    const syncRatio = percentile(ratios, 50);
    console.log(
      `sync (counter pushing to a local central) / direct (the central creating them itself), median of ${ROUNDS} = ${fmt.ratio(syncRatio)} (goal at least 0.50): ${syncRatio >= 0.5 ? 'PASS' : 'MISS'}`,
    );

    console.log('');
    await (await import('./touch')).benchTouch();
  } finally {
    remove();
  }
}
