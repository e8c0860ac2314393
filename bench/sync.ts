import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import type { CounterOrder } from '../shared/ipc';
import { order as orderSchema } from '../shared/schemas/order';
import type { CreateOrderInput } from '../shared/schemas/requests';
import { tempDir } from '../server/testing/fixtures';
import { CentralClient } from '../electron/core/central/centralClient';
import { createCounter } from '../electron/core/counter';
import { createBody } from '../electron/core/sync/plan';
import { counterToken, TEST_SECRET } from '../electron/core/testing/central';
import { offlineCounter } from './counter';
import { benchOutage } from './outage';
import { benchMonthOffline } from './monthOffline';
import { startServerChild } from '../server/testing/child';
import { mapLimited } from './lib/limit';
import { secondsUntilSent } from './lib/untilSent';
import { comparison, fmt, goalVerdict, summary } from './lib/report';
import { envNumber, interleaved, ROUNDS } from './lib/rounds';

/**
 * `npm run bench -- sync`: how long a counter takes, left alone, to bring a queue of orders
 * made offline to a central behind a lossy network (the faulty proxy drops answers after
 * the central carried the request out, and resets connections), against the same queue
 * with no loss; and its no-loss throughput against an HTTP client posting the same orders
 * with the same concurrency through the same proxy. Rounds take turns (rounds.ts): every
 * other round runs the measures in reverse order, as a measure that always followed the
 * baseline paid for the baseline's disk write-back (sync at 0 % loss came out slower than at
 * 2 %). Each measure also starts with the disk's dirty pages written (`sync`), so none pays for
 * the one before. The goals are on whole queues' times: there is no per-request p50 or p99.
 */

const SMALL = envNumber('BENCH_SYNC_SMALL', 1000);
const LARGE = envNumber('BENCH_SYNC_LARGE', 10_000);
/** Sales made while the central was down, counted from its return (docs/counter.md §18). */
const OUTAGE = envNumber('BENCH_SYNC_OUTAGE', 2000);
/** `outage` or `month`: only the outage comparison, or only the month offline (BENCH_SYNC_PART). */
const PART = process.env.BENCH_SYNC_PART ?? 'all';
const GOALS = { loss: 1.5, lossySeconds: 60, throughput: 0.8 } as const;
/** The sync engine's own: orders pushed at once. */
const CONCURRENCY = 32;

interface Queue {
  file: string;
  bodies: CreateOrderInput[];
}

/** A counter's database with `n` orders waiting in its outbox, made while its central was down. */
async function queued(dir: string, n: number, token: string): Promise<Queue> {
  const counter = await offlineCounter(dir, token);
  const bodies: CreateOrderInput[] = [];
  for (let i = 0; i < n; i++) {
    const answer = await counter.dispatch('orders.create', { languageId: 1, orderLines: [{ productId: 600, quantity: 1 + (i % 3) }] });
    if (!answer.ok) throw new Error(`orders.create failed: ${answer.error.message}`);
    bodies.push(createBody((answer.value as CounterOrder).order, randomUUID()));
  }
  await counter.close();
  return { file: join(dir, 'counter.sqlite'), bodies };
}

/**
 * A fresh central in its own process, behind a proxy (in a process of its own, as a network is)
 * losing `loss` of the answers, half dropped, half reset.
 */
async function lossyCentral(dir: string, loss: number, seed: number) {
  const central = await startServerChild(new URL('./servers/central.ts', import.meta.url), [join(dir, 'central.sqlite'), TEST_SECRET]);
  const proxy = await startServerChild(new URL('./servers/proxy.ts', import.meta.url), [
    central.url,
    String(seed),
    String(loss / 2),
    String(loss / 2),
  ]);
  return {
    url: proxy.url,
    async stop() {
      await proxy.stop();
      await central.stop();
    },
  };
}

/** Seconds for the counter to send its queue through a proxy losing `loss` of the answers. */
async function converge(queue: Queue, dir: string, loss: number, seed: number, token: string): Promise<number> {
  mkdirSync(dir, { recursive: true });
  copyFileSync(queue.file, join(dir, 'counter.sqlite'));
  const central = await lossyCentral(dir, loss, seed);
  const counter = await createCounter({ dataDir: dir, vault: null, central: { url: central.url, bearerToken: token }, autoSync: false });
  try {
    return await secondsUntilSent(counter);
  } finally {
    await counter.close();
    await central.stop();
  }
}

/** Seconds for a plain HTTP client to POST the same orders, CONCURRENCY at a time, through a loss-free proxy. */
async function baseline(queue: Queue, dir: string, token: string): Promise<number> {
  mkdirSync(dir, { recursive: true });
  const central = await lossyCentral(dir, 0, 1);
  const client = new CentralClient({ baseUrl: central.url, token: () => token });
  try {
    const start = performance.now();
    await mapLimited(queue.bodies, CONCURRENCY, async (body) => {
      const answer = await client.request('POST', `${client.orderBase}/orders`, orderSchema, body);
      if (answer.kind !== 'ok') throw new Error(`baseline POST failed: ${JSON.stringify(answer)}`);
    });
    return (performance.now() - start) / 1000;
  } finally {
    client.close();
    await central.stop();
  }
}

export async function benchSync(): Promise<void> {
  const { dir, remove } = tempDir('sync-bench-');
  try {
    console.log(
      `sync benchmark: ${SMALL} and ${LARGE} queued orders (BENCH_SYNC_SMALL, BENCH_SYNC_LARGE), ${ROUNDS} rounds (BENCH_ROUNDS)\n`,
    );
    const token = await counterToken();
    if (PART === 'month') return await benchMonthOffline(dir, token);
    const outage = await queued(join(dir, 'queue-outage'), OUTAGE, token);
    await benchOutage(outage.file, OUTAGE, join(dir, 'outage'), token);
    if (PART === 'outage') return;
    const small = await queued(join(dir, 'queue-small'), SMALL, token);
    const large = await queued(join(dir, 'queue-large'), LARGE, token);
    const measures = {
      'HTTP client, large, 0 %': (r: number) => baseline(large, join(dir, `r${r}-base`), token),
      'sync, large, 0 %': (r: number) => converge(large, join(dir, `r${r}-large-0`), 0, r, token),
      'sync, large, 2 %': (r: number) => converge(large, join(dir, `r${r}-large-2`), 0.02, r, token),
      'sync, small, 0 %': (r: number) => converge(small, join(dir, `r${r}-small-0`), 0, r, token),
      'sync, small, 30 %': (r: number) => converge(small, join(dir, `r${r}-small-30`), 0.3, r, token),
    };
    const names = Object.keys(measures) as (keyof typeof measures)[];
    const seconds = await interleaved(names, ROUNDS, async (name, round) => {
      execFileSync('sync');
      const s = await measures[name](round + 1);
      console.log(`round ${round + 1}: ${name}: ${fmt.ms(s)} s`);
      return s;
    });
    const of = (name: keyof typeof measures, as: string) => ({ name: as, rounds: seconds[name] });
    const time = (goal?: number) => [
      { label: 'seconds', of: (s: number) => s, goal: goal === undefined ? undefined : { direction: '<=' as const, value: goal } },
    ];

    console.log(`\n${LARGE} queued orders, 2 % loss against none`);
    console.log(comparison(of('sync, large, 2 %', '2 % loss'), of('sync, large, 0 %', 'no loss'), time(GOALS.loss)));
    console.log(`\n${SMALL} queued orders, 30 % loss against none`);
    console.log(comparison(of('sync, small, 30 %', '30 % loss'), of('sync, small, 0 %', 'no loss'), time()));
    const lossy = summary(seconds['sync, small, 30 %']);
    console.log(
      `at 30 % loss, median ${fmt.spread(lossy, 1)} s (goal within ${GOALS.lossySeconds} s): ${goalVerdict(lossy.median, GOALS.lossySeconds, '<=', 0)}`,
    );
    console.log(`\n${LARGE} queued orders with no loss, sync against the HTTP client`);
    const rate = (name: keyof typeof measures, as: string) => ({ name: as, rounds: seconds[name].map((s) => LARGE / s) });
    console.log(
      comparison(rate('sync, large, 0 %', 'sync'), rate('HTTP client, large, 0 %', 'HTTP client'), [
        { label: 'orders/s', of: (r) => r, goal: { direction: '>=', value: GOALS.throughput }, digits: 0 },
      ]),
    );
    await benchMonthOffline(dir, token);
  } finally {
    remove();
  }
}
