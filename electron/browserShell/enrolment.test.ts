import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FleetStatus, IpcResult, SyncStatus } from '../../shared/ipc';
import type { CounterReport } from '../../shared/schemas/fleet';
import { scenarios, tempDir } from '../../server/testing/fixtures';
import { makeCode, operatorToken } from '../../server/testing/fleet';
import { API, harness } from '../../server/testing/harness';
import { startBrowserShell, type BrowserShell } from './server';

/**
 * The browser shell's on-screen enrolment survives a restart (docs/counter.md §18): the device
 * token is sealed in the data folder as the Electron shell seals it with the keychain, never in
 * plain text in the database.
 */

const opened: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of opened.splice(0).reverse()) await close();
});

const value = <T>(result: IpcResult<unknown>): T => {
  if (!result.ok) throw new Error(`refused: ${result.error.code}`);
  return result.value as T;
};

/** The first round that got through with the token (online, no error), or that failed. */
const roundDone = (shell: BrowserShell) =>
  new Promise<SyncStatus>((resolve) =>
    shell.core.on('sync.changed', (s) => (s.lastError !== null || (s.online && s.lastSuccessAt !== null)) && resolve(s)),
  );

describe('the browser shell, enrolled on screen', () => {
  // Two shells, the first with its demo central, one after the other: slow on a busy machine.
  it('keeps its enrolment and device token across a restart, sealed in the data folder', async () => {
    const folder = tempDir('counter-shell-enrol-');
    opened.push(() => folder.remove());
    const rendererDir = join(folder.dir, 'renderer');
    mkdirSync(rendererDir);
    writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    // A central on a socket, as the shell's core reaches it (it sheds no load: the harness's default).
    const h = await harness({ ...scenarios()[0]!, db: join(folder.dir, 'central.sqlite') });
    opened.push(() => h.close());
    const central = { url: await h.app.listen({ port: 0, host: '127.0.0.1' }) };
    const { code } = await makeCode(h, 11);
    const dataDir = join(folder.dir, 'counter');

    const first = await startBrowserShell({ rendererDir, dataDir });
    // A manager of the demo's staff enrols it from the settings.
    value(await first.core.dispatch('session.login', { staffId: 'mark', pin: '9999' }));
    const enrolled = value<{ status: FleetStatus; restart: string }>(
      await first.core.dispatch('fleet.enrol', { centralUrl: central.url, code }),
    );
    // From the demo's embedded central to another: the browser shell is restarted by hand.
    expect(enrolled.restart).toBe('manual');
    const deviceId = enrolled.status.enrolment.deviceId;
    expect(deviceId).toEqual(expect.any(String));
    await first.close();

    const files = ['counter.sqlite', 'counter.sqlite-wal'].map((f) => join(dataDir, f)).filter((f) => existsSync(f));
    // A JWT starts with the base64 of `{"alg":`: no file of the database holds one in plain text.
    for (const file of files) expect(readFileSync(file).toString('latin1')).not.toContain('eyJhbGci');

    const second = await startBrowserShell({ rendererDir, dataDir });
    opened.push(() => second.close());
    const through = roundDone(second);
    expect(value<FleetStatus>(await second.core.dispatch('fleet.status', {})).enrolment).toMatchObject({
      state: 'enrolled',
      deviceId,
      touchpointId: 11,
    });
    expect(await through).toMatchObject({ online: true, lastError: null });
    // The central heard the restarted counter with its device token: its heartbeat is listed.
    const listed = await h.call<{ counters: CounterReport[] }>('GET', `${API}/counters`, { auth: await operatorToken() });
    expect(listed.body.counters.map((c) => c.deviceId)).toEqual([deviceId]);
  }, 90_000);
});
