import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import type { CounterOrder, SyncStatus } from '../shared/ipc';
import { order as orderSchema } from '../shared/schemas/order';
import type { CreateOrderInput } from '../shared/schemas/requests';
import { tempDir } from '../server/testing/fixtures';
import { CentralClient } from '../electron/core/central/centralClient';
import { createCounter } from '../electron/core/counter';
import { createBody } from '../electron/core/sync/plan';
import { counterToken, TEST_SECRET } from '../electron/core/testing/central';
import { offlineCounter, percentile } from './counter';
import { startServerChild } from '../server/testing/child';
import { mapLimited } from './lib/limit';
import { fmt, ratio, table } from './lib/report';

/**
 * `npm run bench -- sync`: how long a counter takes, left alone, to bring a queue of orders
 * made offline to a central behind a lossy network (the faulty proxy drops answers after
 * the central carried the request out, and resets connections), against the same queue
 * with no loss; and its no-loss throughput against an HTTP client posting the same orders
 * with the same concurrency through the same proxy. Rounds alternate the measures, and every
 * other round runs them in reverse order: a measure that always followed the baseline paid for
 * the baseline's disk write-back (sync at 0 % loss came out slower than at 2 %). Each measure
 * also starts with the disk's dirty pages written (`sync`), so none pays for the one before.
 */

const SMALL = Number(process.env.BENCH_SYNC_SMALL ?? 1000);
const LARGE = Number(process.env.BENCH_SYNC_LARGE ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
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

/** Seconds from the engine's start until it reports, by itself, nothing pending and no error. */
async function converge(queue: Queue, dir: string, loss: number, seed: number, token: string): Promise<number> {
  mkdirSync(dir, { recursive: true });
  copyFileSync(queue.file, join(dir, 'counter.sqlite'));
  const central = await lossyCentral(dir, loss, seed);
  const counter = await createCounter({ dataDir: dir, vault: null, central: { url: central.url, bearerToken: token }, autoSync: false });
  try {
    const done = new Promise<SyncStatus>((resolve) => {
      counter.on('sync.changed', (s) => s.pending === 0 && s.lastError === null && resolve(s));
    });
    const start = performance.now();
    counter.test.engine.start();
    const status = await done;
    const seconds = (performance.now() - start) / 1000;
    if (status.rejected > 0 || status.setAside > 0) throw new Error(`sync did not take every order: ${JSON.stringify(status)}`);
    return seconds;
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

const spread = (xs: number[]) => `${fmt.ms(Math.min(...xs))}–${fmt.ms(Math.max(...xs))}`;

export async function benchSync(): Promise<void> {
  const { dir, remove } = tempDir('sync-bench-');
  try {
    console.log(
      `sync benchmark: ${SMALL} and ${LARGE} queued orders (BENCH_SYNC_SMALL, BENCH_SYNC_LARGE), ${ROUNDS} rounds (BENCH_ROUNDS)\n`,
    );
    const token = await counterToken();
    const small = await queued(join(dir, 'queue-small'), SMALL, token);
    const large = await queued(join(dir, 'queue-large'), LARGE, token);
    const measures = {
      'HTTP client, large, 0 %': (r: number) => baseline(large, join(dir, `r${r}-base`), token),
      'sync, large, 0 %': (r: number) => converge(large, join(dir, `r${r}-large-0`), 0, r, token),
      'sync, large, 2 %': (r: number) => converge(large, join(dir, `r${r}-large-2`), 0.02, r, token),
      'sync, small, 0 %': (r: number) => converge(small, join(dir, `r${r}-small-0`), 0, r, token),
      'sync, small, 30 %': (r: number) => converge(small, join(dir, `r${r}-small-30`), 0.3, r, token),
    };
    const seconds: Record<string, number[]> = Object.fromEntries(Object.keys(measures).map((k) => [k, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      const order = Object.entries(measures);
      for (const [name, run] of round % 2 === 1 ? order : order.reverse()) {
        execFileSync('sync');
        const s = await run(round);
        seconds[name]!.push(s);
        console.log(`round ${round}: ${name}: ${fmt.ms(s)} s`);
      }
    }
    const perRound = (a: string, b: string) => seconds[a]!.map((s, i) => ratio(s, seconds[b]![i]!));
    const median = (xs: number[]) => percentile(xs, 50);
    console.log(
      '\n' +
        table(
          ['measure', 'orders', 'median s', 'spread s', 'orders/s'],
          Object.entries(seconds).map(([name, xs]) => {
            const n = name.includes('small') ? SMALL : LARGE;
            return [name, n, fmt.ms(median(xs)), spread(xs), fmt.rps(n / median(xs))];
          }),
        ),
    );
    const lossLarge = median(perRound('sync, large, 2 %', 'sync, large, 0 %'));
    const lossSmall = median(perRound('sync, small, 30 %', 'sync, small, 0 %'));
    const throughput = median(perRound('HTTP client, large, 0 %', 'sync, large, 0 %'));
    const smallSeconds = median(seconds['sync, small, 30 %']!);
    const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
    console.log(
      `\n${LARGE} at 2 % loss / no loss, median of per-round ratios = ${fmt.ratio(lossLarge)} (goal at most 1.50): ${verdict(lossLarge <= 1.5)}`,
    );
    console.log(
      `${SMALL} at 30 % loss / no loss = ${fmt.ratio(lossSmall)}; median ${fmt.ms(smallSeconds)} s (goal within 60 s): ${verdict(smallSeconds <= 60)}`,
    );
    console.log(`no-loss throughput, sync / HTTP client = ${fmt.ratio(throughput)} (goal at least 0.80): ${verdict(throughput >= 0.8)}`);
  } finally {
    remove();
  }
}
