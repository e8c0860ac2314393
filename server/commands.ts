import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { isPostgresUrl } from '../domain/store/postgres/database';
import { signChannelToken } from './auth';
import { makeEnrolmentCode } from './fleet';
import { OPERATOR_TOKEN_DAYS, signOperatorToken } from './fleetAuth';
import { backupSqlite } from '../domain/store/sqlite/backup';
import { openCentralStore } from './store';

/**
 * The central's commands besides serving (docs/api.md §11, docs/operations.md §11):
 * `enrol --touchpoint N [--db …]` prints a one-time enrolment code; `token --operator` or
 * `token --touchpoint N` (`[--days N]`) prints a bearer token signed with CENTRAL_JWT_SECRET;
 * `backup FILE [--db …]` copies a SQLite central while it serves (domain/store/sqlite/backup.ts); `--help` on each.
 * Each answers the process's exit code: 0 done, 1 refused, 2 a usage error.
 */

function defaultDataDir(): string {
  const base =
    process.env.XDG_DATA_HOME ??
    (process.platform === 'win32' ? process.env.APPDATA : undefined) ??
    (process.platform === 'darwin' ? join(homedir(), 'Library', 'Application Support') : join(homedir(), '.local', 'share'));
  return join(base ?? join(process.cwd(), 'data'), 'counter-central');
}

/** `--db` when not given: CENTRAL_DATABASE_URL, else the user's data directory (docs/api.md §1). */
export const defaultDatabase = () => process.env.CENTRAL_DATABASE_URL || join(defaultDataDir(), 'central.sqlite');

/**
 * Why a production start is refused, or null: without a fixed key every restart would make a
 * new one and silently invalidate every counter's token (docs/api.md §11.1).
 */
export function productionRefusal(production: boolean, env: NodeJS.ProcessEnv): string | null {
  if (!(production || env.NODE_ENV === 'production') || env.CENTRAL_JWT_SECRET) return null;
  return (
    'CENTRAL_JWT_SECRET is not set: in production the central needs a fixed signing key, or every restart ' +
    "would invalidate every counter's token. Set it to a long random value (e.g. `openssl rand -base64 48`) and start again."
  );
}

const whole = (value: string | undefined, name: string, min: number, max: number): number => {
  const n = /^\d+$/.test(value ?? '') ? Number(value) : NaN;
  if (!(n >= min && n <= max)) throw new UsageError(`${name} must be a whole number from ${min} to ${max}.`);
  return n;
};

class UsageError extends Error {}

async function enrol(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: { touchpoint: { type: 'string' }, db: { type: 'string' } }, strict: true });
  if (values.touchpoint === undefined) throw new UsageError('--touchpoint N is required: the touchpoint the counter will sell for.');
  const touchpointId = whole(values.touchpoint, '--touchpoint', 1, 2_147_483_647);
  const db = values.db ?? defaultDatabase();
  if (!isPostgresUrl(db) && !existsSync(db)) {
    console.error(`There is no central database at ${db}: give the central's --db.`);
    return 1;
  }
  const store = await openCentralStore(db);
  try {
    const touchpoint = (await store.loadReference())?.touchpoints.find((t) => t.salesTouchpointId === touchpointId && t.isActive);
    if (!touchpoint) {
      const active = (await store.loadReference())?.touchpoints.filter((t) => t.isActive) ?? [];
      const valid = active.map((t) => `  ${t.salesTouchpointId}  ${t.name}`).join('\n');
      console.error(
        `Touchpoint ${touchpointId} is not an active touchpoint of this central's reference data. ` +
          (valid ? `The active ones:\n${valid}` : 'It has no active touchpoint: check its fixtures.'),
      );
      return 1;
    }
    const made = await makeEnrolmentCode(store.fleet, touchpointId, new Date());
    console.log(made.code);
    console.error(`One counter may claim this code for touchpoint ${touchpointId} (${touchpoint.name}) until ${made.expiresAt}.`);
    return 0;
  } finally {
    await store.close();
  }
}

async function token(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { operator: { type: 'boolean' }, touchpoint: { type: 'string' }, days: { type: 'string' } },
    strict: true,
  });
  if (values.operator === (values.touchpoint !== undefined)) throw new UsageError('Give either --operator or --touchpoint N.');
  const secret = process.env.CENTRAL_JWT_SECRET;
  if (!secret) {
    console.error('CENTRAL_JWT_SECRET is not set: give the key the central runs with, or the token would not pass there.');
    return 1;
  }
  const days = values.days === undefined ? OPERATOR_TOKEN_DAYS : whole(values.days, '--days', 1, 365);
  const signed = values.operator
    ? await signOperatorToken(secret, days)
    : await signChannelToken(
        secret,
        { sub: `touchpoint-${values.touchpoint}`, touchpointId: whole(values.touchpoint, '--touchpoint', 1, 2_147_483_647) },
        `${days}d`,
      );
  console.log(signed);
  console.error(`Valid for ${days} days, until ${new Date(Date.now() + days * 86_400_000).toISOString()}.`);
  return 0;
}

async function backup(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options: { db: { type: 'string' } }, allowPositionals: true, strict: true });
  if (positionals.length !== 1) throw new UsageError('Give one FILE to write the copy to: backup FILE [--db …].');
  const db = values.db ?? defaultDatabase();
  const done = await backupSqlite(db, positionals[0]!);
  if (done.kind === 'refused') {
    console.error(done.reason);
    return 1;
  }
  console.log(positionals[0]);
  console.error(`Copied ${db} (${done.value.pages} pages) while it served: start a central with --db ${positionals[0]} to restore it.`);
  return 0;
}

export interface Command {
  /** What `--help` prints. */
  usage: string;
  run(argv: string[]): Promise<number>;
}

export const COMMANDS: Record<string, Command> = {
  enrol: {
    usage:
      'npm run central -- enrol --touchpoint N [--db FILE|URL]\n' +
      '  Prints a one-time enrolment code (valid 24 hours, one counter) for active touchpoint N (docs/api.md §11.1).',
    run: enrol,
  },
  token: {
    usage:
      'npm run central -- token (--operator | --touchpoint N) [--days N]\n' +
      '  Prints a bearer token signed with CENTRAL_JWT_SECRET: an operator token (default 7 days) or a touchpoint token.',
    run: token,
  },
  backup: {
    usage:
      'npm run central -- backup FILE [--db FILE]\n' +
      '  Writes a consistent copy of a SQLite central to FILE (new) while it serves (docs/api.md §11.5).\n' +
      '  A PostgreSQL central is backed up with pg_dump (docs/operations.md §7).',
    run: backup,
  },
};

const HELP = new Set(['--help', '-h']);

/**
 * Runs a command: `--help` prints its usage; a usage error (a flag missing, unknown or
 * malformed) prints its message and the usage, exit code 2.
 */
export async function runCommand({ usage, run }: Command, argv: string[]): Promise<number> {
  if (argv.some((a) => HELP.has(a))) {
    console.log(usage);
    return 0;
  }
  try {
    return await run(argv);
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`${(error as Error).message}\n\n${usage}`);
      return 2;
    }
    throw error;
  }
}
