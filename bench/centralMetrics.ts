import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { TEST_SECRET } from '../electron/core/testing/central';
import { tempDir } from '../server/testing/fixtures';
import { CENTRAL_NODE_FLAGS } from '../server/nodeFlags';
import { startServerChild, type ServerChild } from '../server/testing/child';
import { runLoad } from './lib/load';
import { failedIn, get, headersFor } from './lib/measure';
import { probes } from './lib/probes';
import { comparison, type Figures } from './lib/report';
import { envNumber, interleaved, ROUNDS } from './lib/rounds';
import { seedSqlite } from './lib/seedSqlite';

/**
 * `npm run bench -- central metrics` (and the last part of `npm run bench -- central`): what
 * the Prometheus metrics cost the central (docs/api.md §11.3). The same central, twice, on
 * copies of one database: with its metrics on (request counters and durations by route, the
 * group commit's batch sizes, the default process metrics) and with them off
 * (`startCentral({ metrics: false })`). GET the first page of orders and POST /orders, each in
 * its own interleaved rounds. Goal: on / off req/s at least 0.97 on each. Both shed no
 * load (`maxEventLoopDelayMs: 0`): shedding is the same code on both sides, and on a machine
 * busy with other work its 503s would only make the rounds INVALID.
 */

const SCALE = envNumber('BENCH_METRICS_SCALE', 20_000);
const SECONDS = envNumber('BENCH_SECONDS', 2);
const WARMUP = envNumber('BENCH_WARMUP', 3);
const CONNECTIONS = envNumber('BENCH_CONNECTIONS', 50);
const READERS = envNumber('BENCH_READERS', 2);
const GOAL = 0.97;

const ORDER_BODY = JSON.stringify({ languageId: 1, externalDeviceId: null, orderLines: [{ productId: 600, quantity: 1, vouchers: [] }] });

type Sides = { on: ServerChild; off: ServerChild };

async function compare(what: string, sides: Sides, load: (server: ServerChild, seconds: number) => Promise<Figures>): Promise<void> {
  for (const name of ['off', 'on'] as const) await load(sides[name], WARMUP);
  const runs = await interleaved(['off', 'on'] as const, ROUNDS, (name) => load(sides[name], SECONDS));
  console.log(`\n${what}, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s`);
  console.log(
    comparison(
      { name: 'metrics on', rounds: runs.on },
      { name: 'metrics off', rounds: runs.off },
      [
        { label: 'req/s', of: (f) => f.rps, goal: { direction: '>=', value: GOAL }, digits: 0 },
        { label: 'p50 ms', of: (f) => f.p50, digits: 1 },
        { label: 'p99 ms', of: (f) => f.p99, digits: 1 },
      ],
      failedIn(runs.on, runs.off),
    ),
  );
  const failed = failedIn(runs.on, runs.off);
  if (failed > 0)
    console.log(`failed requests (non-2xx, errors, time-outs): ${failed} of ${[...runs.on, ...runs.off].reduce((n, f) => n + f.total, 0)}`);
}

export async function benchCentralMetrics(): Promise<void> {
  const { dir, remove } = tempDir('bench-metrics-');
  const running: ServerChild[] = [];
  try {
    const files = { on: join(dir, 'on.sqlite'), off: join(dir, 'off.sqlite') };
    const seeded = await seedSqlite(files.on, SCALE, Date.now() - 3_600_000);
    copyFileSync(files.on, files.off);
    console.log(`\nmetrics on against off: seeded ${SCALE} orders (BENCH_METRICS_SCALE) in ${seeded.seconds.toFixed(1)} s`);
    const start = async (file: string, metrics: 'on' | 'off') => {
      const server = await startServerChild(
        new URL('./servers/central.ts', import.meta.url),
        [file, TEST_SECRET, String(READERS), '0', metrics, '0'],
        { cpuProfDir: process.env.BENCH_PROFILE, nodeFlags: CENTRAL_NODE_FLAGS },
      );
      running.push(server);
      return server;
    };
    const sides: Sides = { on: await start(files.on, 'on'), off: await start(files.off, 'off') };
    console.log(`metrics on: pid ${sides.on.pid}, metrics off: pid ${sides.off.pid}; autocannon in pid ${process.pid}`);
    // Both answer, and only the one with metrics serves them.
    const scraped = await Promise.all([sides.on, sides.off].map(async (s) => (await fetch(`${s.url}/metrics`)).status));
    if (scraped[0] !== 200 || scraped[1] !== 404) throw new Error(`/metrics answered ${scraped.join(' and ')}, not 200 (on) and 404 (off)`);

    const headersOf = await headersFor(seeded.options.heavy.customerProfileId);
    const list = probes(seeded.options, 'unused');
    const firstPage = list.find((p) => p.name === 'first page')!;
    await compare('GET the first page', sides, (server, seconds) => get(server, firstPage, headersOf(firstPage), CONNECTIONS, seconds));
    await compare('POST /orders', sides, (server, seconds) =>
      runLoad({
        url: `${server.url}/api/2.0/orders`,
        method: 'POST',
        headers: headersOf({}),
        body: ORDER_BODY,
        connections: CONNECTIONS,
        seconds,
      }),
    );
  } finally {
    for (const server of running) await server.stop();
    remove();
  }
}
