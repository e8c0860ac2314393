import { once } from 'node:events';
import { join } from 'node:path';
import { jwtVerify } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { deviceCredentials } from '../shared/schemas/fleet';
import { productionRefusal } from './commands';
import { startCli } from './testing/cli';
import { otherFixtures, tempDir } from './testing/fixtures';
import { API, harness } from './testing/harness';
import { rolesOf } from './testing/roles';
import { openCentralStore } from './store';

/** The central's commands besides serving (server/commands.ts), as an operator runs them. */

const tmp = tempDir();
afterAll(() => tmp.remove());
const fixtures = otherFixtures();
const roles = rolesOf(fixtures);
const SECRET = 'an-operator-secret-that-is-long-enough';

/** Runs `npm run central -- ARGS` to its end: exit code, stdout and stderr. */
async function run(args: string[], env: Record<string, string> = {}) {
  const child = startCli(args, env);
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number];
  return { code, out: out.trim(), err: err.trim() };
}

async function centralDatabase(name: string): Promise<string> {
  const file = join(tmp.dir, name);
  const store = await openCentralStore(file);
  await store.saveReference(fixtures, 'test', '2026-06-01T09:00:00.000Z');
  await store.close();
  return file;
}

describe('a production start', { timeout: 90_000 }, () => {
  it('is refused without CENTRAL_JWT_SECRET, by NODE_ENV=production or --production', () => {
    expect(productionRefusal(false, { NODE_ENV: 'production' })).toMatch(/CENTRAL_JWT_SECRET is not set/);
    expect(productionRefusal(true, {})).toMatch(/CENTRAL_JWT_SECRET is not set/);
    expect(productionRefusal(true, { NODE_ENV: 'production', CENTRAL_JWT_SECRET: SECRET })).toBeNull();
    expect(productionRefusal(false, { NODE_ENV: 'development' })).toBeNull();
  });

  it('stops the command with the message and exit code 1', async () => {
    const db = join(tmp.dir, 'production.sqlite');
    const flagged = await run(['--production', '--port', '0', '--db', db]);
    expect(flagged).toMatchObject({ code: 1, out: '' });
    expect(flagged.err).toMatch(/in production the central needs a fixed signing key/);
    expect((await run(['--port', '0', '--db', db], { NODE_ENV: 'production' })).code).toBe(1);
  });
});

describe('npm run central -- enrol', { timeout: 90_000 }, () => {
  it('prints a one-time code that a counter claims once', async () => {
    const db = await centralDatabase('enrol.sqlite');
    const touchpoint = roles.otherTouchpoint;
    const made = await run(['enrol', '--touchpoint', String(touchpoint.salesTouchpointId), '--db', db]);
    expect(made.code, made.err).toBe(0);
    expect(made.out).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(made.err).toContain(touchpoint.name);
    const h = await harness({ fixtures, now: new Date().toISOString(), db });
    try {
      const claimed = await h.call('POST', `${API}/enrolments/${made.out}/claim`, { auth: null });
      expect(claimed.status, claimed.text).toBe(200);
      expect(deviceCredentials.parse(claimed.body).touchpointId).toBe(touchpoint.salesTouchpointId);
      expect((await h.call('POST', `${API}/enrolments/${made.out}/claim`, { auth: null })).status).toBe(401);
    } finally {
      await h.close();
    }
  });

  it('refuses an inactive touchpoint, a missing database and a missing --touchpoint', async () => {
    const db = await centralDatabase('refuse.sqlite');
    const inactive = await run(['enrol', '--touchpoint', String(roles.inactiveTouchpoint.salesTouchpointId), '--db', db]);
    expect(inactive).toMatchObject({ code: 1, out: '' });
    expect(inactive.err).toMatch(/is not an active touchpoint/);
    // The valid ones are listed, each with its name.
    for (const t of fixtures.touchpoints.filter((t) => t.isActive)) expect(inactive.err).toContain(`${t.salesTouchpointId}  ${t.name}`);
    expect(inactive.err).not.toContain(roles.inactiveTouchpoint.name);
    expect((await run(['enrol', '--touchpoint', '10', '--db', join(tmp.dir, 'missing.sqlite')])).err).toMatch(/no central database/);
    expect(await run(['enrol', '--db', db])).toMatchObject({ code: 2, err: expect.stringMatching(/--touchpoint N is required/) });
  });
});

describe('npm run central -- token', { timeout: 90_000 }, () => {
  it('prints an operator token valid 7 days, signed with CENTRAL_JWT_SECRET', async () => {
    const printed = await run(['token', '--operator'], { CENTRAL_JWT_SECRET: SECRET });
    expect(printed.code, printed.err).toBe(0);
    const { payload } = await jwtVerify(printed.out, new TextEncoder().encode(SECRET));
    expect(payload.scope).toBe('operator');
    expect(payload.exp! - payload.iat!).toBe(7 * 86_400);
    expect(printed.err).toMatch(/^Valid for 7 days, until \d{4}-/);
  });

  it('prints a touchpoint token for --days, and refuses without the key', async () => {
    const printed = await run(['token', '--touchpoint', '11', '--days', '30'], { CENTRAL_JWT_SECRET: SECRET });
    const { payload } = await jwtVerify(printed.out, new TextEncoder().encode(SECRET));
    expect(payload).toMatchObject({ touchpointId: 11 });
    expect(payload.exp! - payload.iat!).toBe(30 * 86_400);
    expect(await run(['token', '--operator'])).toMatchObject({
      code: 1,
      out: '',
      err: expect.stringMatching(/CENTRAL_JWT_SECRET is not set/),
    });
  });
});

describe('npm run central -- backup', { timeout: 90_000 }, () => {
  it('prints the copy, refuses an existing file (1), and a missing FILE is a usage error (2)', async () => {
    const db = await centralDatabase('backup.sqlite');
    const target = join(tmp.dir, 'backup-copy.sqlite');
    const made = await run(['backup', target, '--db', db]);
    expect(made, made.err).toMatchObject({ code: 0, out: target });
    const store = await openCentralStore(target);
    expect((await store.loadReference())?.touchpoints.length).toBe(fixtures.touchpoints.length);
    await store.close();
    expect(await run(['backup', target, '--db', db])).toMatchObject({ code: 1, err: expect.stringMatching(/exists already/) });
    expect(await run(['backup', '--db', db])).toMatchObject({ code: 2, err: expect.stringMatching(/Give one FILE/) });
  });

  it('names pg_dump for a PostgreSQL central', async () => {
    const pgCentral = await run(['backup', join(tmp.dir, 'pg.sqlite'), '--db', 'postgres://central@127.0.0.1:1/central']);
    expect(pgCentral).toMatchObject({ code: 1, out: '', err: expect.stringMatching(/pg_dump/) });
  });
});

describe('--help', { timeout: 90_000 }, () => {
  it('prints the usage of serving and of every command, exit 0', async () => {
    const serving = await run(['--help']);
    expect(serving).toMatchObject({ code: 0, err: '' });
    for (const name of ['enrol', 'token', 'backup']) expect(serving.out).toContain(`npm run central -- ${name}`);
    expect(serving.out).toContain('--support-bundles DIR');
    for (const [name, flag] of [
      ['enrol', '--touchpoint N'],
      ['token', '--operator'],
      ['backup', 'backup FILE'],
    ] as const) {
      const help = await run([name, '--help']);
      expect(help, name).toMatchObject({ code: 0, err: '' });
      expect(help.out).toContain(flag);
    }
  });

  it('follows the message of an unknown option, exit 2', async () => {
    const unknown = await run(['--bogus']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/Unknown option '--bogus'[\s\S]*npm run central -- enrol/);
    expect(await run(['token', '--bogus'])).toMatchObject({ code: 2, err: expect.stringMatching(/--operator/) });
  });
});
