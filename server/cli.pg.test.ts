import { once } from 'node:events';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { order } from '../shared/schemas/order';
import { devTokenLine, lineMatching, startCli } from './testing/cli';
import { otherFixtures, tempDir, writeFixturesFile } from './testing/fixtures';
import { freshPostgresUrl } from './testing/postgres';
import { rolesOf } from './testing/roles';

/** `npm run central` on PostgreSQL: CENTRAL_DATABASE_URL, --workers, a newer database refused. */

const tmp = tempDir();
afterAll(() => tmp.remove());
const fixtures = otherFixtures();
const roles = rolesOf(fixtures);
const fixturesFile = writeFixturesFile(tmp.dir, fixtures, 'fixtures.json');

describe('npm run central on PostgreSQL', () => {
  it('runs --workers 2 on CENTRAL_DATABASE_URL: one address, one dev token, numbers from one sequence', async () => {
    const db = await freshPostgresUrl();
    const child = startCli(['--port', '0', '--workers', '2', '--fixtures', fixturesFile], { CENTRAL_DATABASE_URL: db });
    try {
      const tokenLine = devTokenLine(child);
      // --db-connections (8) is shared between the processes.
      const { match } = await lineMatching(
        child,
        /listening on (http:\/\/127\.0\.0\.1:\d+) \(2 processes; PostgreSQL reads on 4 connections each\)$/,
      );
      const token = await tokenLine;
      const post = () =>
        fetch(`${match[1]}/api/2.0/orders`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', connection: 'close' },
          body: JSON.stringify({
            languageId: roles.language.languageId,
            orderLines: [{ productId: roles.plain.productId, quantity: 1, vouchers: [] }],
          }),
        });
      const answers = await Promise.all(Array.from({ length: 12 }, post));
      expect(answers.map((a) => a.status)).toEqual(Array(12).fill(201));
      const numbers = await Promise.all(answers.map(async (a) => order.parse(await a.json()).orderNumber));
      expect(new Set(numbers).size).toBe(12);
      // The orders are in the PostgreSQL database, not in some file.
      const check = new pg.Client({ connectionString: db });
      await check.connect();
      expect((await check.query('SELECT count(*)::int AS n FROM orders')).rows).toEqual([{ n: 12 }]);
      await check.end();
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      expect((await exited)[0]).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('reads on --db-connections connections, however many reads wait at once', async () => {
    const url = await freshPostgresUrl();
    // Named, so that only this central's connections are counted on the shared test server.
    const db = new URL(url);
    db.searchParams.set('application_name', 'cli-connections-test');
    const child = startCli(['--port', '0', '--db-connections', '3', '--db', db.href, '--fixtures', fixturesFile]);
    // One client holds a lock; another counts (statistics read in a transaction stay as first read).
    const [admin, watcher] = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
    await Promise.all([admin.connect(), watcher.connect()]);
    try {
      const tokenLine = devTokenLine(child);
      const { match } = await lineMatching(child, /listening on (http:\/\/127\.0\.0\.1:\d+) \(PostgreSQL reads on 3 connections\)$/);
      const token = await tokenLine;
      const connections = async () =>
        (
          await watcher.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'cli-connections-test'",
          )
        ).rows[0]!.n;
      // Every read waits on a lock, so the process opens all the connections it may.
      await admin.query('BEGIN');
      await admin.query('LOCK TABLE orders IN ACCESS EXCLUSIVE MODE');
      const list = () =>
        fetch(`${match[1]}/api/2.0/orders?limit=5`, { headers: { authorization: `Bearer ${token}`, connection: 'close' } });
      const answers = Promise.all(Array.from({ length: 40 }, list));
      await expect.poll(connections).toBeGreaterThanOrEqual(3);
      await admin.query('COMMIT');
      expect((await answers).map((a) => a.status)).toEqual(Array(40).fill(200));
      // The connections stay open a while after use: 3, no more.
      expect(await connections()).toBe(3);
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      expect((await exited)[0]).toBe(0);
    } finally {
      await Promise.all([admin.end(), watcher.end()]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('refuses a database migrated by a newer program, saying so, and exits non-zero', async () => {
    const db = await freshPostgresUrl();
    const admin = new pg.Client({ connectionString: db });
    await admin.connect();
    await admin.query('CREATE TABLE schema_migrations (version integer PRIMARY KEY, applied_on timestamptz NOT NULL DEFAULT now())');
    await admin.query('INSERT INTO schema_migrations (version) VALUES (99)');
    await admin.end();
    const child = startCli(['--port', '0', '--db', db, '--fixtures', fixturesFile]);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(stderr).toMatch(/written by a newer version of this program \(schema 99/);
    expect(stderr).not.toContain('test-only-password');
  });
});
