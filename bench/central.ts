import { join } from 'node:path';
import { counterToken, TEST_SECRET } from '../electron/core/testing/central';
import { tempDir } from '../server/testing/fixtures';
import { startServerChild, type ServerChild } from './lib/child';
import { runLoad } from './lib/load';
import { fmt, mergeSlices, ratio, table, verdict, type Figures } from './lib/report';
import { seedClones } from './lib/seed';

/**
 * `npm run bench -- central`: the central order service against a bare node:http +
 * better-sqlite3 server doing the same SQLite work, on GET /orders?limit=50 and POST
 * /orders with 100,000 orders stored. Reports, never fails: exit 0 on a MISS.
 */

const env = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const SECONDS = env('BENCH_SECONDS', 10);
const WARMUP = env('BENCH_WARMUP', 5);
const CONNECTIONS = env('BENCH_CONNECTIONS', 50);
const SEED = env('BENCH_SEED', 100_000);
// Each server's SECONDS are run as slices taking turns with the other server's: on this
// machine the disk's fsync rate swings between 1,000 and 11,000 a second from one second
// to the next, and back-to-back 10 s runs put 40% between two runs of the same server.
// Taking turns exposes both to the same weather.
const SLICE = Math.min(env('BENCH_SLICE', 2), SECONDS);
// BENCH_PROFILE=DIR writes a --cpu-prof of each server child there (kept after the run).
const PROFILE_DIR = process.env.BENCH_PROFILE;
// BENCH_ONLY=get or post: measure one endpoint, for a profile of that path alone.
const ONLY = process.env.BENCH_ONLY?.toLowerCase();

const ORDER_BODY = JSON.stringify({ languageId: 1, externalDeviceId: null, orderLines: [{ productId: 600, quantity: 1, vouchers: [] }] });
const GOALS = { GET: 0.7, POST: 0.6 } as const;
type Endpoint = keyof typeof GOALS;
const PATHS: Record<Endpoint, string> = { GET: '/api/2.0/orders?limit=50', POST: '/api/2.0/orders' };
const NAMES = ['central', 'bare'] as const;
type Name = (typeof NAMES)[number];

/** Starts a server on its own database and fills it with SEED orders. */
async function prepare(name: Name, start: (db: string) => Promise<ServerChild>, db: string, headers: Record<string, string>) {
  const server = await start(db);
  try {
    // The seed template is an order made through the server's own API, so the central's
    // copies are docs it wrote itself and can read back.
    const made = await fetch(`${server.url}${PATHS.POST}`, { method: 'POST', headers, body: ORDER_BODY });
    if (made.status !== 201) throw new Error(`${name}: POST answered ${made.status}: ${await made.text()}`);
    const t0 = performance.now();
    const { docBytes } = seedClones(db, SEED);
    const page = await fetch(`${server.url}${PATHS.GET}`, { headers });
    const pageBytes = (await page.arrayBuffer()).byteLength;
    if (page.status !== 200) throw new Error(`${name}: GET answered ${page.status}`);
    console.log(
      `${name.padEnd(7)} pid ${server.pid}: seeded ${SEED} orders in ${((performance.now() - t0) / 1000).toFixed(1)} s; ` +
        `doc ${docBytes} B, GET page ${pageBytes} B`,
    );
    return server;
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** Warms both servers up, then gives them SECONDS each in alternating slices. */
async function compare(servers: Record<Name, ServerChild>, endpoint: Endpoint, headers: Record<string, string>) {
  const load = (name: Name, seconds: number) =>
    runLoad({
      url: `${servers[name].url}${PATHS[endpoint]}`,
      method: endpoint,
      headers,
      body: endpoint === 'POST' ? ORDER_BODY : undefined,
      connections: CONNECTIONS,
      seconds,
    });
  // Warm-up: let V8 optimise the hot paths before measuring, on both servers alike. In
  // reverse order, so the server measured first has just warmed up instead of idling through
  // the other's warm-up (its first slice was then repeatedly its slowest).
  for (const name of [...NAMES].reverse()) await load(name, WARMUP);
  const slices: Record<Name, Figures[]> = { central: [], bare: [] };
  const count = Math.max(1, Math.round(SECONDS / SLICE));
  for (let i = 0; i < count; i++) {
    // ABBA order, so neither server always follows the other.
    for (const name of i % 2 === 0 ? NAMES : [...NAMES].reverse()) slices[name].push(await load(name, SLICE));
  }
  for (const name of NAMES)
    console.log(`${endpoint.padEnd(4)} ${name.padEnd(7)} req/s per slice: ${slices[name].map((f) => fmt.rps(f.rps)).join(' ')}`);
  return { central: mergeSlices(slices.central), bare: mergeSlices(slices.bare) };
}

export async function benchCentral(): Promise<void> {
  const { dir, remove: cleanup } = tempDir('bench-central-');
  // Ctrl-C: the children exit when the IPC channel drops; the temp databases go with us.
  process.once('SIGINT', () => {
    cleanup();
    process.exit(130);
  });
  const token = await counterToken();
  // Both servers get the same headers, so requests are byte-identical; the bare ignores auth.
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const starters: Record<Name, (db: string) => Promise<ServerChild>> = {
    central: (db) => startServerChild(new URL('./servers/central.ts', import.meta.url), [db, TEST_SECRET], { cpuProfDir: PROFILE_DIR }),
    bare: (db) => startServerChild(new URL('./servers/bare.ts', import.meta.url), [db], { cpuProfDir: PROFILE_DIR }),
  };
  console.log(
    `central vs bare: ${CONNECTIONS} connections, ${SECONDS} s per server and endpoint in ${SLICE} s slices taking turns ` +
      `(+${WARMUP} s warm-up), ${SEED} seeded orders; servers in child processes, autocannon in pid ${process.pid}`,
  );
  const running: ServerChild[] = [];
  try {
    // Both up at once (an idle server costs nothing), each with its own database.
    const servers = {} as Record<Name, ServerChild>;
    for (const name of NAMES) running.push((servers[name] = await prepare(name, starters[name], join(dir, `${name}.sqlite`), headers)));
    const results: Partial<Record<Endpoint, Record<Name, Figures>>> = {};
    // GET before POST: the page then holds seeded rows, the same on both servers.
    for (const endpoint of ['GET', 'POST'] as const) {
      if (!ONLY || ONLY === endpoint.toLowerCase()) results[endpoint] = await compare(servers, endpoint, headers);
    }
    printSummary(results);
  } finally {
    for (const server of running) await server.stop();
    cleanup();
  }
  if (PROFILE_DIR) console.log(`\nCPU profiles in ${PROFILE_DIR} (summarise one with: npm run bench -- profile FILE)`);
}

function printSummary(results: Partial<Record<Endpoint, Record<Name, Figures>>>) {
  const endpoints = (Object.keys(GOALS) as Endpoint[]).filter((e) => results[e]);
  const rows = endpoints.flatMap((e) =>
    NAMES.map((name) => {
      const f = results[e]![name];
      return [`${e} ${PATHS[e]}`, name, fmt.rps(f.rps), fmt.ms(f.p99), f.failed];
    }),
  );
  console.log(`\n${table(['endpoint', 'server', 'req/s', 'p99 ms', 'failed'], rows)}\n`);
  const verdicts = endpoints.map((e) => {
    const { central, bare } = results[e]!;
    const value = ratio(central.rps, bare.rps);
    return [e, fmt.ratio(value), `>= ${GOALS[e]}`, verdict(value, GOALS[e], central, bare)];
  });
  console.log(table(['endpoint', 'central/bare req/s', 'goal', 'verdict'], verdicts));
}
