import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConnectionTest, IpcResult, SyncStatus } from '../../../shared/ipc';
import { startCentral, type Central } from '../../../server/central';
import { tempDir } from '../../../server/testing/fixtures';
import { counterToken, TEST_SECRET } from '../testing/central';
import { countingIds, testClock } from '../testing/clock';
import { clerk, openCounter, value, type TestCounter } from '../testing/counter';
import { freePort } from '../testing/processes';
import { testConnection } from './connectionTest';

/**
 * The sync state and "test connection" (docs/counter.md §20) against a real central on a
 * fixed port: one that takes the counter's token, the same central started again with
 * another key (every token it had given is refused), none at all, one spoken to in another
 * version of the interface, a counter whose clock is an hour ahead, and a certificate that
 * is not valid.
 */

const ANOTHER_SECRET = 'a-central-started-again-with-another-key-987654';
let folder: ReturnType<typeof tempDir>;
let port: number;
let central: Central | null = null;
let counter: TestCounter;

const startOn = async (jwtSecret: string) => {
  // The central shares the test's event loop: shedding load (503) is not what is tested here.
  central = await startCentral({ db: join(folder.dir, 'central.sqlite'), port, jwtSecret, maxEventLoopDelayMs: 0 });
};
const stopCentral = async () => {
  await central?.close();
  central = null;
};
const syncNow = async (c = counter) => value((await c.dispatch('sync.now', {})) as IpcResult<SyncStatus>);
const tested = async (c = counter) => value((await c.dispatch('sync.testConnection', {})) as IpcResult<ConnectionTest>);
const outcomes = (test: ConnectionTest) => test.steps.map((s) => [s.step, s.outcome, s.reason]);

beforeAll(async () => {
  folder = tempDir('counter-connection-');
  port = await freePort();
  await startOn(TEST_SECRET);
  counter = await openCounter({
    dataDir: folder.dir,
    database: join(folder.dir, 'counter.sqlite'),
    clock: testClock(new Date().toISOString()),
    newId: countingIds('c0ec0000'),
    central: { url: `http://127.0.0.1:${port}`, bearerToken: await counterToken() },
  });
  await clerk(counter).login('mark', '9999');
});

afterAll(async () => {
  await counter?.close();
  await stopCentral();
  folder?.remove();
});

describe('the sync state and test connection against a real central', () => {
  it('says online, and every step passes, while the central takes the token', async () => {
    expect((await syncNow()).state).toBe('online');
    expect(outcomes(await tested())).toEqual([
      ['reach', 'ok', null],
      ['tls', 'skipped', 'plain'],
      ['token', 'ok', null],
      ['clock', 'ok', null],
    ]);
  });

  it('says the token is refused (never online) once the central runs with another key, and the test names the token', async () => {
    await stopCentral();
    await startOn(ANOTHER_SECRET);
    const status = await syncNow();
    expect(status).toMatchObject({ state: 'tokenRefused', online: true, lastError: 'sync.tokenRefused' });
    expect(value((await counter.dispatch('sync.status', {})) as IpcResult<SyncStatus>).state).toBe('tokenRefused');
    expect(outcomes(await tested())).toEqual([
      ['reach', 'ok', null],
      ['tls', 'skipped', 'plain'],
      ['token', 'failed', 'tokenRefused'],
      ['clock', 'ok', null],
    ]);
  });

  it('says offline when nothing answers, and skips the steps after reaching it', async () => {
    await stopCentral();
    expect((await syncNow()).state).toBe('offline');
    expect(outcomes(await tested())).toEqual([
      ['reach', 'failed', 'refused'],
      ['tls', 'skipped', 'earlier'],
      ['token', 'skipped', 'earlier'],
      ['clock', 'skipped', 'earlier'],
    ]);
    await startOn(TEST_SECRET);
    expect((await syncNow()).state).toBe('online');
  });

  it('tells a central that does not speak this version of the interface', async () => {
    const test = await testConnection({
      baseUrl: `http://127.0.0.1:${port}`,
      orderBase: `http://127.0.0.1:${port}/api/9.0`,
      token: await counterToken(),
      touchpointId: 10,
      embeddedCentral: false,
      now: () => new Date(),
    });
    expect(test.steps[2]).toEqual({ step: 'token', outcome: 'failed', reason: 'versionRefused' });
  });

  it('says the clock is wrong when the counter is an hour ahead of the central, sales still going', async () => {
    const dir = tempDir('counter-clock-');
    const ahead = await openCounter({
      dataDir: dir.dir,
      database: join(dir.dir, 'counter.sqlite'),
      clock: testClock(new Date(Date.now() + 3_600_000).toISOString()),
      newId: countingIds('c0ec1111'),
      central: { url: `http://127.0.0.1:${port}`, bearerToken: await counterToken() },
      measureClock: true,
    });
    try {
      await clerk(ahead).login('mark', '9999');
      expect((await syncNow(ahead)).state).toBe('clockOff');
      const clock = (await tested(ahead)).steps[3];
      expect(clock).toMatchObject({ step: 'clock', outcome: 'failed', reason: 'clockOff' });
      expect(Math.abs((clock?.offsetMs ?? 0) - 3_600_000)).toBeLessThan(10_000);
    } finally {
      await ahead.close();
      dir.remove();
    }
  });

  it('refuses a certificate that is not valid (self-signed) and checks nothing after it', async () => {
    const dir = tempDir('counter-tls-');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-keyout',
        join(dir.dir, 'key.pem'),
        '-out',
        join(dir.dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const server: Server = createServer(
      { key: readFileSync(join(dir.dir, 'key.pem')), cert: readFileSync(join(dir.dir, 'cert.pem')) },
      (_req, res) => res.end('{}'),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port: tlsPort } = server.address() as { port: number };
    try {
      const base = `https://127.0.0.1:${tlsPort}`;
      const test = await testConnection({
        baseUrl: base,
        orderBase: `${base}/api/2.0`,
        token: 'x',
        touchpointId: 10,
        embeddedCentral: false,
        now: () => new Date(),
      });
      expect(outcomes(test)).toEqual([
        ['reach', 'ok', null],
        ['tls', 'failed', 'certificate'],
        ['token', 'skipped', 'earlier'],
        ['clock', 'skipped', 'earlier'],
      ]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      dir.remove();
    }
  });

  it('refuses an address that is not allowed without asking the network', async () => {
    const test = await testConnection({
      baseUrl: 'http://192.0.2.1:9',
      orderBase: 'http://192.0.2.1:9/api/2.0',
      token: 'x',
      touchpointId: 10,
      embeddedCentral: false,
      now: () => new Date(),
    });
    expect(outcomes(test)[0]).toEqual(['reach', 'failed', 'address']);
  });

  it('lets only a manager test the connection', async () => {
    await counter.dispatch('session.logout', {});
    await clerk(counter).login();
    const refused = (await counter.dispatch('sync.testConnection', {})) as IpcResult<ConnectionTest>;
    expect(refused.ok).toBe(false);
    await clerk(counter).login('mark', '9999');
  });
});
