import pg from 'pg';
import { NewerDatabaseError } from '../errors';
import { PG_MIGRATIONS } from './migrations';

/** The same key in every central process: the one that migrates holds it, the others wait. */
const MIGRATION_LOCK = 7_283_001;

/** Where a database is, for messages: never its password. */
export function describeDatabase(url: string): string {
  const u = new URL(url);
  return `PostgreSQL database ${decodeURIComponent(u.pathname.slice(1)) || '(default)'} on ${u.host || 'localhost'}`;
}

/** Whether `location` names a PostgreSQL server rather than a SQLite file. */
export const isPostgresUrl = (location: string) => /^postgres(ql)?:\/\//i.test(location);

/**
 * Brings the schema up to date: the migrations not yet run, all in one transaction, under an
 * advisory lock so that several central processes starting together run each once. A
 * database with more migrations than this program knows is refused, untouched.
 */
export async function migrate(pool: pg.Pool, where: string, migrations: readonly string[] = PG_MIGRATIONS): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_on timestamptz NOT NULL DEFAULT now())',
    );
    const { rows } = await client.query<{ version: number }>('SELECT COALESCE(MAX(version), 0)::integer AS version FROM schema_migrations');
    const version = rows[0]!.version;
    if (version > migrations.length) throw new NewerDatabaseError(where, version, migrations.length);
    for (let i = version; i < migrations.length; i++) {
      await client.query(migrations[i]!);
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [i + 1]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

/** A pool of at most `max` connections to `url`. */
export function connectPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection that breaks (the server restarted) is dropped by the pool; without a
  // listener its error would end the process.
  pool.on('error', () => {});
  return pool;
}

/**
 * A process's connections for reads when not told otherwise. The connections that work at once
 * on a database server should stay near a few per core of it: a central started with several
 * processes shares one budget among them (`--db-connections`, server/cli.ts).
 */
export const READ_CONNECTIONS = 8;

/** A pool of at most `connections` on `url`, its schema brought up to date. */
export async function openPostgres(
  url: string,
  migrations: readonly string[] = PG_MIGRATIONS,
  connections = READ_CONNECTIONS,
): Promise<pg.Pool> {
  const pool = connectPool(url, connections);
  try {
    await migrate(pool, describeDatabase(url), migrations);
    return pool;
  } catch (error) {
    await pool.end();
    throw error;
  }
}

/**
 * A URL for a new, empty schema `name` on the database at `url`: the store's tables go there
 * (through the search_path), apart from any other schema's. Each test gets one.
 */
export async function urlOfNewSchema(url: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA ${admin.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${name}`);
  return scoped.toString();
}
