import cluster from 'node:cluster';
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { FixturesError } from '../domain/fixtures';
import { NewerDatabaseError } from '../domain/store/errors';
import { isPostgresUrl, READ_CONNECTIONS } from '../domain/store/postgres/database';
import { centralLogger, startCentral } from './central';
import { COMMANDS, defaultDatabase, productionRefusal, runCommand } from './commands';

/**
 * `npm run central -- [--host H] [--port P] [--db FILE|URL] [--fixtures FILE] [--workers N] [--readers N] [--db-connections N] [--updates DIR] [--support-bundles DIR]`
 * (docs/api.md §1). `--db` (or CENTRAL_DATABASE_URL) takes a SQLite file or a PostgreSQL URL;
 * `--workers N` runs N central processes on one port (node:cluster), each with its own
 * connections to the one database; `--readers N` (SQLite, default 2) runs the list queries
 * on N reader threads, off the event loop (0: on it); `--db-connections N` (PostgreSQL,
 * default 8) are the connections for reads of all the processes together, shared evenly.
 * `--ops-port P` serves /livez, /readyz and /metrics on P instead of the main port (docs/api.md §11.3).
 * `--production` (or NODE_ENV=production) refuses to start without CENTRAL_JWT_SECRET. The
 * other commands (`enrol`, `token`, `backup`) are in commands.ts.
 */

const args = z.object({
  host: z.string().min(1).default('127.0.0.1'),
  port: z.string().regex(/^\d+$/, '--port must be a number').transform(Number).pipe(z.number().max(65535)).default(8080),
  db: z.string().min(1).default(defaultDatabase()),
  fixtures: z.string().min(1).optional(),
  workers: z
    .string()
    .regex(/^\d+$/, '--workers must be a number')
    .transform(Number)
    .pipe(z.number().min(1, '--workers must be at least 1').max(64))
    .default(1),
  readers: z.string().regex(/^\d+$/, '--readers must be a number').transform(Number).pipe(z.number().max(16)).default(2),
  production: z.boolean().default(false),
  'ops-port': z.string().regex(/^\d+$/, '--ops-port must be a number').transform(Number).pipe(z.number().max(65535)).optional(),
  updates: z.string().min(1).optional(),
  'support-bundles': z.string().min(1).optional(),
  'db-connections': z
    .string()
    .regex(/^\d+$/, '--db-connections must be a number')
    .transform(Number)
    .pipe(z.number().min(1, '--db-connections must be at least 1').max(1000))
    .default(READ_CONNECTIONS),
});

type Options = z.output<typeof args>;

/** The secret every process signs and checks with: the operator's, or one made by the first process for this run. */
const DEV_SECRET_ENV = 'CENTRAL_DEV_JWT_SECRET';

/**
 * A process's share of `--db-connections`. On two cores, the first page of GET /orders went
 * from 981 req/s with one process to 1,190 with two of 4 connections each, and to 987 with two
 * of 8 (bench/README.md): more connections at work than the database server's
 * cores can serve only make them take turns.
 */
const connectionsPerProcess = (total: number, workers: number) => Math.max(1, Math.ceil(total / workers));

async function serve(
  { 'db-connections': total, production: _, 'ops-port': opsPort, updates, 'support-bundles': supportBundlesDir, ...options }: Options,
  announce: boolean,
) {
  const logger = centralLogger();
  const devSecret = process.env[DEV_SECRET_ENV];
  const connections = connectionsPerProcess(total, options.workers);
  const central = await startCentral({
    ...options,
    updatesDir: updates,
    supportBundlesDir,
    connections,
    opsPort,
    jwtSecret: process.env.CENTRAL_JWT_SECRET || devSecret,
    devSecret: !process.env.CENTRAL_JWT_SECRET && !!devSecret,
    customerJwtSecret: process.env.CENTRAL_CUSTOMER_JWT_SECRET,
    logger,
  });
  if (announce) {
    // The address stands alone, followed by a space: scripts read it from this line.
    const processes = options.workers > 1 ? `${options.workers} processes` : '';
    const reads = isPostgresUrl(options.db)
      ? `PostgreSQL reads on ${connections} connection${connections > 1 ? 's' : ''}${processes && ' each'}`
      : '';
    const about = [processes, reads].filter(Boolean).join('; ');
    console.log(`listening on ${central.url}${about && ` (${about})`}`);
    console.log(
      `order interface ${central.url}/api/2.0, lookup interface ${central.url}/crud/v1, OpenAPI ${central.url}/api/2.0/openapi.json`,
    );
    if (central.opsUrl !== central.url) console.log(`/livez, /readyz and /metrics on ${central.opsUrl}`);
    if (central.devToken) {
      console.log('CENTRAL_JWT_SECRET is not set: made a random key for this run. A bearer token for local use:');
      console.log(central.devToken);
    }
  }
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    await central.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

/**
 * The primary of several processes: starts the first, which migrates the database and
 * announces the address, then the others on the same port. A process that fails to start
 * stops them all with its exit code; one that dies later is replaced.
 */
function supervise(options: Options) {
  const env = { [DEV_SECRET_ENV]: process.env.CENTRAL_JWT_SECRET ? '' : randomBytes(32).toString('base64url') };
  let stopping = false;
  const ready = new Set<number>();
  const fork = (announce: boolean) => {
    const worker = cluster.fork({ ...env, CENTRAL_ANNOUNCE: announce ? '1' : '' });
    worker.on('listening', () => {
      const first = ready.size === 0;
      ready.add(worker.id);
      if (first) for (let i = 1; i < options.workers; i++) fork(false);
    });
    worker.on('exit', (code) => {
      if (stopping) return;
      if (!ready.has(worker.id)) {
        stopping = true;
        for (const other of Object.values(cluster.workers ?? {})) other?.kill();
        process.exit(code || 1);
      }
      ready.delete(worker.id);
      fork(false);
    });
  };
  const stop = () => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    let left = workers.length;
    if (left === 0) process.exit(0);
    for (const w of workers) {
      w.on('exit', () => --left === 0 && process.exit(0));
      w.process.kill('SIGTERM');
    }
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  fork(true);
}

const USAGE = [
  'npm run central -- [--host H] [--port P] [--db FILE|URL] [--fixtures FILE] [--workers N] [--readers N]',
  '                   [--db-connections N] [--ops-port P] [--updates DIR] [--support-bundles DIR] [--production]',
  '  Serves the order interface (/api/2.0) and the lookup interface (/crud/v1) (docs/api.md §1).',
  '',
  'Other commands (each with --help):',
  ...Object.values(COMMANDS).map((c) => `  ${c.usage.split('\n')[0]}`),
].join('\n');

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const run = command === undefined ? undefined : COMMANDS[command];
  if (run) process.exit(await runCommand(run, rest));
  if (process.argv.slice(2).some((a) => a === '--help' || a === '-h')) {
    console.log(USAGE);
    process.exit(0);
  }
  const { values } = parseArgs({
    options: {
      host: { type: 'string' },
      port: { type: 'string' },
      db: { type: 'string' },
      fixtures: { type: 'string' },
      workers: { type: 'string' },
      readers: { type: 'string' },
      'db-connections': { type: 'string' },
      production: { type: 'boolean' },
      'ops-port': { type: 'string' },
      updates: { type: 'string' },
      'support-bundles': { type: 'string' },
    },
    strict: true,
  });
  const parsed = args.safeParse(values);
  if (!parsed.success) {
    console.error(parsed.error.issues.map((i) => i.message).join('\n'));
    process.exit(2);
  }
  const options = parsed.data;
  const refusal = productionRefusal(options.production, process.env);
  if (refusal) {
    console.error(refusal);
    process.exit(1);
  }
  if (cluster.isPrimary && options.workers > 1) supervise(options);
  else await serve(options, cluster.isPrimary || process.env.CENTRAL_ANNOUNCE === '1');
}

main().catch((error: unknown) => {
  if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (error instanceof FixturesError || error instanceof NewerDatabaseError) {
    console.error(error.message);
  } else {
    console.error('The central order service could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
