import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { TEST_SECRET } from '../electron/core/testing/central';
import { demoFixturesPath, loadFixturesFile } from '../domain/fixtures';
import { tempDir } from '../server/testing/fixtures';
import { startServerChild, type ServerChild } from './lib/child';
import { runLoad } from './lib/load';
import { failedIn, get, headersFor, med, scaleRatios } from './lib/measure';
import { probes, type Probe } from './lib/probes';
import { fmt, goalVerdict, summary, table } from './lib/report';
import { interleaved } from './lib/rounds';
import { seedSqlite } from './lib/seedSqlite';

/**
 * `npm run bench -- central`: the central order service at scale, on SQLite.
 *
 * 1. GET /orders, each filter, the customer scope and the change feed (probes.ts), against a
 *    bare node:http server running the same SQL and joining the same stored docs
 *    (servers/bare.ts), both on a copy of one database of BENCH_SCALE varied orders.
 * 2. The same requests one at a time on a central holding BENCH_SCALE orders and one holding
 *    BENCH_SMALL: each request's p50 may grow at most GOALS.scale times.
 * 3. POST /orders against the bare server writing the same rows through the same group
 *    commit with the same durability.
 * Every comparison runs in interleaved rounds (interleaved.ts); printed are medians with
 * their spread and PASS/MISS. Reports, never fails: exit 0 on a MISS.
 */

const env = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const SCALE = env('BENCH_SCALE', 1_000_000);
const SMALL = Math.min(env('BENCH_SMALL', 10_000), SCALE);
const ROUNDS = Math.max(3, env('BENCH_ROUNDS', 3));
const SECONDS = env('BENCH_SECONDS', 2);
const WARMUP = env('BENCH_WARMUP', 3);
const CONNECTIONS = env('BENCH_CONNECTIONS', 50);
const READERS = env('BENCH_READERS', 2);
const ONLY = process.env.BENCH_ONLY?.toLowerCase();
const PROFILE_DIR = process.env.BENCH_PROFILE;

const GOALS = { get: 0.9, post: 0.9, scale: 2 } as const;
const ORDER_BODY = JSON.stringify({ languageId: 1, externalDeviceId: null, orderLines: [{ productId: 600, quantity: 1, vouchers: [] }] });

type Servers = { central: ServerChild; bare: ServerChild; small: ServerChild };

/** Each probe answers 200 with the same orders on the central and the bare server: they do the same work. */
async function checkProbes(servers: Servers, list: Probe[], headersOf: (p: Probe) => Record<string, string>) {
  const rows: (string | number)[][] = [];
  for (const probe of list) {
    const bodies = await Promise.all(
      [servers.central, servers.bare].map(async (s) => {
        const res = await fetch(`${s.url}${probe.path}`, { headers: headersOf(probe) });
        if (res.status !== 200) throw new Error(`${probe.name}: ${s.url} answered ${res.status}: ${await res.text()}`);
        return (await res.json()) as { orders: { orderId: string }[] };
      }),
    );
    const [central, bare] = bodies.map((b) => b.orders.map((o) => o.orderId).join(','));
    if (central !== bare) throw new Error(`${probe.name}: the central and the bare server answered different orders`);
    rows.push([probe.name, bodies[0]!.orders.length, probe.path.length > 90 ? `${probe.path.slice(0, 87)}...` : probe.path]);
  }
  console.log(`\n${table(['request', 'orders', 'path'], rows)}`);
}

/** 1: every probe, central against bare, at CONNECTIONS. */
async function getAgainstBare(servers: Servers, list: Probe[], headersOf: (p: Probe) => Record<string, string>) {
  const rows: (string | number)[][] = [];
  for (const probe of list) {
    const runs = await interleaved(['bare', 'central'] as const, ROUNDS, (name) =>
      get(servers[name], probe, headersOf(probe), CONNECTIONS, SECONDS),
    );
    const ratios = summary(runs.central.map((c, i) => c.rps / runs.bare[i]!.rps));
    rows.push([
      probe.name,
      fmt.rps(med(runs.central, (f) => f.rps)),
      fmt.rps(med(runs.bare, (f) => f.rps)),
      fmt.spread(ratios),
      `${fmt.ms(med(runs.central, (f) => f.p50))} / ${fmt.ms(med(runs.central, (f) => f.p99))}`,
      `${fmt.ms(med(runs.bare, (f) => f.p50))} / ${fmt.ms(med(runs.bare, (f) => f.p99))}`,
      goalVerdict(ratios.median, GOALS.get, '>=', failedIn(runs.central, runs.bare)),
    ]);
  }
  console.log(`\nGET at ${SCALE} orders, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s (goal central/bare >= ${GOALS.get})`);
  console.log(
    table(['request', 'central req/s', 'bare req/s', 'ratio (spread)', 'central p50/p99 ms', 'bare p50/p99 ms', 'verdict'], rows),
  );
}

/** 3: POST, central against the bare server's same group commit. */
async function postAgainstBare(servers: Servers, headers: Record<string, string>) {
  const post = (server: ServerChild, seconds: number) =>
    runLoad({ url: `${server.url}/api/2.0/orders`, method: 'POST', headers, body: ORDER_BODY, connections: CONNECTIONS, seconds });
  for (const name of ['bare', 'central'] as const) await post(servers[name], WARMUP);
  const runs = await interleaved(['bare', 'central'] as const, ROUNDS, (name) => post(servers[name], SECONDS));
  const ratios = summary(runs.central.map((c, i) => c.rps / runs.bare[i]!.rps));
  console.log(`\nPOST /orders, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s (goal central/bare >= ${GOALS.post})`);
  console.log(
    table(
      ['server', 'req/s per round', 'p50 ms', 'p99 ms'],
      (['central', 'bare'] as const).map((name) => [
        name,
        runs[name].map((f) => fmt.rps(f.rps)).join(' '),
        fmt.ms(med(runs[name], (f) => f.p50)),
        fmt.ms(med(runs[name], (f) => f.p99)),
      ]),
    ),
  );
  console.log(
    `central/bare req/s ${fmt.spread(ratios)}: ${goalVerdict(ratios.median, GOALS.post, '>=', failedIn(runs.central, runs.bare))}`,
  );
}

export async function benchCentral(): Promise<void> {
  if (process.env.BENCH_DB === 'postgres') {
    const { benchCentralPostgres } = await import('./centralPostgres');
    return benchCentralPostgres({
      scale: SCALE,
      small: SMALL,
      rounds: ROUNDS,
      seconds: SECONDS,
      connections: CONNECTIONS,
      goal: GOALS.scale,
    });
  }
  const { dir, remove: cleanup } = tempDir('bench-central-');
  process.once('SIGINT', () => {
    cleanup();
    process.exit(130);
  });
  const running: ServerChild[] = [];
  try {
    // One time line for both scales: the newest order an hour ago, an order every 30 s before it.
    const newest = Date.now() - 3_600_000;
    const files = { central: join(dir, 'central.sqlite'), bare: join(dir, 'bare.sqlite'), small: join(dir, 'small.sqlite') };
    const big = await seedSqlite(files.central, SCALE, newest);
    console.log(`seeded ${SCALE} orders in ${big.seconds.toFixed(1)} s`);
    const small = await seedSqlite(files.small, SMALL, newest);
    console.log(`seeded ${SMALL} orders in ${small.seconds.toFixed(1)} s`);
    copyFileSync(files.central, files.bare);
    const child = (entry: string, args: string[]) =>
      startServerChild(new URL(entry, import.meta.url), args, { cpuProfDir: PROFILE_DIR }).then((s) => (running.push(s), s));
    const servers: Servers = {
      central: await child('./servers/central.ts', [files.central, TEST_SECRET, String(READERS)]),
      bare: await child('./servers/bare.ts', [files.bare]),
      small: await child('./servers/central.ts', [files.small, TEST_SECRET, String(READERS)]),
    };
    console.log(
      `central pid ${servers.central.pid} (${READERS} reader threads), bare pid ${servers.bare.pid}, central at ${SMALL} pid ${servers.small.pid}; ` +
        `autocannon in pid ${process.pid}`,
    );
    const xTat = loadFixturesFile(demoFixturesPath()).transitTokens.find(
      (t) => t.transitTokenId === big.options.heavy.transitTokenId,
    )!.xTat;
    const list = probes(big.options, xTat);
    const smallList = probes(small.options, xTat);
    const headersOf = await headersFor(big.options.heavy.customerProfileId);
    await checkProbes(servers, list, headersOf);
    for (const name of ['bare', 'central', 'small'] as const) {
      for (const probe of [list[0]!, list[13]!]) await get(servers[name], probe, headersOf(probe), CONNECTIONS, WARMUP / 2);
    }
    if (!ONLY || ONLY === 'get') await getAgainstBare(servers, list, headersOf);
    if (!ONLY || ONLY === 'scale')
      await scaleRatios(servers, list, smallList, headersOf, {
        scale: SCALE,
        small: SMALL,
        rounds: ROUNDS,
        seconds: SECONDS,
        goal: GOALS.scale,
      });
    if (!ONLY || ONLY === 'post') await postAgainstBare(servers, headersOf({}));
  } finally {
    for (const server of running) await server.stop();
    cleanup();
  }
  if (PROFILE_DIR) console.log(`\nCPU profiles in ${PROFILE_DIR} (summarise one with: npm run bench -- profile FILE)`);
}
