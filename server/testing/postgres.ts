import { inject } from 'vitest';
import { urlOfNewSchema } from '../../domain/store/postgres/database';

/**
 * A database of its own for each test on the run's PostgreSQL server (postgresSetup.ts):
 * a fresh schema, reached through the URL's search_path, so tests never see each other's
 * orders and need no cleaning up.
 */

let made = 0;

/** The run's server, when this is the postgres project; undefined in the sqlite one. */
export const testPostgresUrl = (): string | undefined => inject('postgresUrl');

export function freshPostgresUrl(): Promise<string> {
  const base = testPostgresUrl();
  if (!base) throw new Error('no test PostgreSQL server: run this file in the postgres project (vitest --project postgres)');
  return urlOfNewSchema(base, `t_${process.pid}_${++made}_${Date.now().toString(36)}`);
}
