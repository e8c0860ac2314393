import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { TEST_SECRET } from '../electron/core/testing/central';
import { demoFixturesPath, loadFixturesFile } from '../domain/fixtures';
import { tempDir } from '../server/testing/fixtures';
import { CENTRAL_NODE_FLAGS } from '../server/nodeFlags';
import { startServerChild, type ServerChild } from '../server/testing/child';
import { checkProbes, getAgainstBare, postAgainstBare, type GetVerdict } from './lib/againstBare';
import { get, headersFor, scaleRatios } from './lib/measure';
import { probes } from './lib/probes';
import { envNumber, ROUNDS } from './lib/rounds';
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
 * Every comparison runs in interleaved rounds (rounds.ts); printed are medians with their
 * spread, p50 and p99 beside the goal's figure, and PASS/MISS. Reports, never fails: exit 0
 * on a MISS.
 */

/** How the central is measured: each from its variable (bench/README), or what the CI's budget sets (readBudget.ts). */
export interface CentralBench {
  scale: number;
  small: number;
  seconds: number;
  warmup: number;
  connections: number;
  readers: number;
  /** One part only: `get`, `scale` or `post`. */
  only: string | undefined;
  profileDir: string | undefined;
  goals: { get: number; post: number; scale: number };
}

const SCALE = envNumber('BENCH_SCALE', 1_000_000);

export const centralBenchFromEnv = (): CentralBench => ({
  scale: SCALE,
  small: Math.min(envNumber('BENCH_SMALL', 10_000), SCALE),
  seconds: envNumber('BENCH_SECONDS', 2),
  warmup: envNumber('BENCH_WARMUP', 3),
  connections: envNumber('BENCH_CONNECTIONS', 50),
  readers: envNumber('BENCH_READERS', 2),
  only: process.env.BENCH_ONLY?.toLowerCase(),
  profileDir: process.env.BENCH_PROFILE,
  goals: { get: 0.9, post: 0.9, scale: 2 },
});

/** Runs the parts asked for; answers the GET comparison's verdicts (none when it did not run). */
export async function benchCentral(b: CentralBench = centralBenchFromEnv()): Promise<GetVerdict[]> {
  const { scale: SCALE, small: SMALL, seconds: SECONDS, warmup: WARMUP, connections: CONNECTIONS, readers: READERS, goals: GOALS } = b;
  const { only: ONLY, profileDir: PROFILE_DIR } = b;
  if (process.env.BENCH_DB === 'postgres') {
    const { benchCentralPostgres } = await import('./centralPostgres');
    await benchCentralPostgres({
      scale: SCALE,
      small: SMALL,
      rounds: ROUNDS,
      seconds: SECONDS,
      warmup: WARMUP,
      connections: CONNECTIONS,
      goals: GOALS,
      goal: GOALS.scale,
    });
    return [];
  }
  const { dir, remove: cleanup } = tempDir('bench-central-');
  process.once('SIGINT', () => {
    cleanup();
    process.exit(130);
  });
  const running: ServerChild[] = [];
  let verdicts: GetVerdict[] = [];
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
      startServerChild(new URL(entry, import.meta.url), args, { cpuProfDir: PROFILE_DIR, nodeFlags: CENTRAL_NODE_FLAGS }).then(
        (s) => (running.push(s), s),
      );
    const servers = {
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
    const measure = { scale: SCALE, rounds: ROUNDS, seconds: SECONDS, warmup: WARMUP, connections: CONNECTIONS, goals: GOALS };
    await checkProbes(servers, list, headersOf);
    for (const name of ['bare', 'central', 'small'] as const) {
      for (const probe of [list[0]!, list[13]!]) await get(servers[name], probe, headersOf(probe), CONNECTIONS, WARMUP / 2);
    }
    if (!ONLY || ONLY === 'get') verdicts = await getAgainstBare(servers, list, headersOf, measure);
    if (!ONLY || ONLY === 'scale')
      await scaleRatios(servers, list, smallList, headersOf, {
        scale: SCALE,
        small: SMALL,
        rounds: ROUNDS,
        seconds: SECONDS,
        goal: GOALS.scale,
      });
    if (!ONLY || ONLY === 'post') await postAgainstBare(servers, headersOf({}), measure);
  } finally {
    for (const server of running) await server.stop();
    cleanup();
  }
  if (PROFILE_DIR) console.log(`\nCPU profiles in ${PROFILE_DIR} (summarise one with: npm run bench -- profile FILE)`);
  return verdicts;
}
