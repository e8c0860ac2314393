import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { EventName, IpcEvents, IpcResult } from '../shared/ipc';
import type { CounterOptions } from './core/types';

/**
 * main.ts wired to a stand-in for Electron (its binary cannot run here) and a stand-in core:
 * checks that the decisions of ./shell reach Electron's hooks, not the decisions themselves.
 */

const fake = await vi.hoisted(async () => (await import('./testing/standInElectron')).standInElectron());

const core = vi.hoisted(() => ({
  options: null as CounterOptions | null,
  calls: [] as unknown[][],
  listeners: new Map<string, (payload: unknown) => void>(),
  closing: null as null | (() => void),
}));

vi.mock('electron', () => fake.electron);
vi.mock('electron-updater', () => ({ autoUpdater: fake.autoUpdater }));
vi.mock('./core/counter', () => ({
  createCounter: async (options: CounterOptions) => {
    core.options = options;
    return {
      dispatch: async (...args: unknown[]): Promise<IpcResult<unknown>> => {
        core.calls.push(args);
        return { ok: true, value: 'dispatched' };
      },
      on: <E extends EventName>(event: E, listener: (payload: IpcEvents[E]) => void) => {
        core.listeners.set(event, listener as (payload: unknown) => void);
        return () => undefined;
      },
      describe: () => ({ dataDir: '', centralUrl: '', embeddedCentral: true }),
      close: () => new Promise<void>((resolve) => (core.closing = resolve)),
    };
  },
}));

const appRoot = mkdtempSync(join(tmpdir(), 'counter-main-'));
mkdirSync(join(appRoot, 'dist', 'renderer'), { recursive: true });
writeFileSync(join(appRoot, 'dist', 'renderer', 'index.html'), '<!doctype html><title>Counter</title>');

beforeAll(async () => {
  fake.app.getAppPath = () => appRoot;
  // The machine's configuration names an update feed (docs/counter.md §18).
  vi.stubEnv('COUNTER_UPDATES_URL', 'https://updates.example.org/counter');
  await import('./main');
  await vi.waitFor(() => expect(fake.windows).toHaveLength(1));
});
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(appRoot, { recursive: true, force: true });
});

const call = <T>(name: string, ...args: unknown[]) => (fake.hooks[name] as unknown as (...a: unknown[]) => T)(...args);
const page = 'app://counter/index.html';

describe('main process', () => {
  it('registers app: as a standard, secure scheme before ready', () => {
    expect(fake.hooks.privileged).toEqual([{ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) }]);
    expect(fake.steps.indexOf('privileged')).toBeGreaterThanOrEqual(0);
    expect(fake.steps.indexOf('privileged')).toBeLessThan(fake.steps.indexOf('ready'));
  });

  it('starts the core on userData, the bundled fixtures and a vault that refuses basic_text', () => {
    expect(core.options?.dataDir).toBe('/data/userData');
    expect(core.options?.fixtures).toBe(join(appRoot, 'assets', 'fixtures', 'demo.json'));
    expect(core.options?.vault?.isAvailable()).toBe(process.platform !== 'linux');
  });

  it('opens one hardened window on the app’s page', () => {
    const [window] = fake.windows;
    expect(window?.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      devTools: false,
      preload: join(appRoot, 'dist', 'electron', 'preload.cjs'),
    });
    expect(window?.loaded).toEqual([page]);
  });

  it('blocks navigation away from the app and every window.open', () => {
    const contents = fake.windows[0]!.webContents;
    const navigate = (url: string) => {
      const event = { url, preventDefault: vi.fn() };
      contents.emit('will-navigate', event);
      return event.preventDefault.mock.calls.length > 0;
    };
    expect(navigate('https://evil.example/')).toBe(true);
    expect(navigate('file:///etc/passwd')).toBe(true);
    expect(navigate(`${page}#/orders`)).toBe(false);
    expect(contents.openHandler?.()).toEqual({ action: 'deny' });
  });

  it('guards every webContents made later too: navigation, window.open, <webview>, DevTools', () => {
    const later = new fake.FakeContents();
    fake.app.emit('web-contents-created', {}, later);
    const navigation = { url: 'https://evil.example/', preventDefault: vi.fn() };
    later.emit('will-frame-navigate', navigation);
    later.emit('will-redirect', navigation);
    expect(navigation.preventDefault).toHaveBeenCalledTimes(2);
    const webview = { preventDefault: vi.fn() };
    later.emit('will-attach-webview', webview);
    expect(webview.preventDefault).toHaveBeenCalled();
    expect(later.openHandler?.()).toEqual({ action: 'deny' });
    later.emit('devtools-opened');
    expect(later.devToolsClosed).toBe(1);
  });

  it('serves the renderer with the CSP and refuses traversal', async () => {
    const index = await call<Promise<Response>>('protocol', new Request(page));
    expect(index.status).toBe(200);
    expect(index.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(index.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await index.text()).toContain('<title>Counter</title>');
    expect((await call<Promise<Response>>('protocol', new Request('app://counter/..%2f..%2fpackage.json'))).status).toBe(403);
    expect((await call<Promise<Response>>('protocol', new Request('app://elsewhere/index.html'))).status).toBe(404);
  });

  it('puts the CSP on whatever else the session loads', () => {
    let headers: unknown;
    call(
      'headers',
      { responseHeaders: { 'content-type': ['text/html'] } },
      (response: { responseHeaders: unknown }) => (headers = response.responseHeaders),
    );
    expect(headers).toMatchObject({
      'content-type': ['text/html'],
      'Content-Security-Policy': [expect.stringContaining("default-src 'self'")],
    });
  });

  it('grants the camera to the app’s page only', () => {
    const ask = (permission: string, details: Record<string, unknown>) => {
      let granted: boolean | undefined;
      call('permissionRequest', null, permission, (answer: boolean) => (granted = answer), details);
      return granted;
    };
    expect(ask('media', { requestingUrl: page, isMainFrame: true, mediaTypes: ['video'] })).toBe(true);
    expect(ask('media', { requestingUrl: page, isMainFrame: true, mediaTypes: ['video', 'audio'] })).toBe(false);
    expect(ask('media', { requestingUrl: 'https://evil.example/', isMainFrame: true, mediaTypes: ['video'] })).toBe(false);
    expect(ask('notifications', { requestingUrl: page, isMainFrame: true })).toBe(false);
    expect(call('permissionCheck', null, 'media', 'app://counter', { isMainFrame: true, mediaType: 'video' })).toBe(true);
    expect(call('permissionCheck', null, 'media', 'https://evil.example', { isMainFrame: true, mediaType: 'video' })).toBe(false);
    expect(call('permissionCheck', null, 'geolocation', 'app://counter', { isMainFrame: true })).toBe(false);
  });

  it('dispatches counter:invoke only for the app’s main frame', async () => {
    const invoke = (senderFrame: unknown) => call<Promise<IpcResult<unknown>>>('invoke', { senderFrame }, 'sync.status', {});
    expect(await invoke({ url: page, parent: null })).toEqual({ ok: true, value: 'dispatched' });
    expect(core.calls).toEqual([['sync.status', {}]]);
    for (const frame of [{ url: 'https://evil.example/', parent: null }, { url: page, parent: {} }, null]) {
      expect(await invoke(frame)).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    }
    expect(core.calls).toHaveLength(1);
  });

  it('answers the print channels through the core like any other', async () => {
    const invoke = (channel: string) =>
      call<Promise<IpcResult<unknown>>>('invoke', { senderFrame: { url: page, parent: null } }, channel, {});
    expect(await invoke('page.print')).toEqual({ ok: true, value: 'dispatched' });
    expect(await invoke('receipt.print')).toEqual({ ok: true, value: 'dispatched' });
    expect(core.calls.slice(-2)).toEqual([
      ['page.print', {}],
      ['receipt.print', {}],
    ]);
    expect(fake.windows[0]!.webContents.printed).toEqual([]);
  });

  it('gives the core a page printer: the window, silent, without backgrounds, on the printer it names', async () => {
    const [window] = fake.windows;
    const contents = window!.webContents;
    const printer = core.options!.pagePrinter!;
    expect(await printer.print('Epson TM-T88')).toEqual({ printed: true });
    expect(await printer.print(null)).toEqual({ printed: true });
    contents.printAnswer = [false, 'cancelled'];
    expect(await printer.print(null)).toEqual({ printed: false, reason: 'cancelled' });
    expect(contents.printed).toEqual([
      { silent: true, printBackground: false, deviceName: 'Epson TM-T88' },
      { silent: true, printBackground: false },
      { silent: true, printBackground: false },
    ]);
    window!.isDestroyed = () => true;
    expect(await printer.print(null)).toEqual({ printed: false, reason: 'the window is closed' });
    window!.isDestroyed = () => false;
    expect(contents.printed).toHaveLength(3);
  });

  it('forwards the core’s events to the window', () => {
    core.listeners.get('orders.changed')?.({ orderId: 'o-1' });
    expect(fake.windows[0]!.webContents.sent).toEqual([['counter:event', 'orders.changed', { orderId: 'o-1' }]]);
  });

  it('holds the quit until the core has closed, then quits once', async () => {
    const quit = vi.spyOn(fake.app, 'quit');
    const first = { preventDefault: vi.fn() };
    fake.app.emit('before-quit', first);
    expect(first.preventDefault).toHaveBeenCalled();
    await vi.waitFor(() => expect(core.closing).not.toBeNull());
    const during = await call<Promise<IpcResult<unknown>>>('invoke', { senderFrame: { url: page, parent: null } }, 'sync.status', {});
    expect(during).toMatchObject({ ok: false, error: { kind: 'internal' } });
    expect(quit).not.toHaveBeenCalled();
    core.closing?.();
    await vi.waitFor(() => expect(quit).toHaveBeenCalledTimes(1));
    const second = { preventDefault: vi.fn() };
    fake.app.emit('before-quit', second);
    expect(second.preventDefault).not.toHaveBeenCalled();
  });

  it('gives the core electron-updater on the configured generic feed, downloading by itself and installing when told', () => {
    const { autoUpdater } = fake;
    expect(autoUpdater.feed).toEqual({ provider: 'generic', url: 'https://updates.example.org/counter/' });
    expect([autoUpdater.autoDownload, autoUpdater.autoInstallOnAppQuit]).toEqual([true, true]);
    expect(core.options?.appVersion).toBe('1.4.0');
    const updater = core.options!.updater!;
    const heard: string[] = [];
    updater.on('downloading', (version) => heard.push(`downloading ${version}`));
    updater.on('ready', (version) => heard.push(`ready ${version}`));
    autoUpdater.emit('update-available', { version: '1.5.0' });
    autoUpdater.emit('update-downloaded', { version: '1.5.0' });
    expect(heard).toEqual(['downloading 1.5.0', 'ready 1.5.0']);
    updater.check();
    expect(autoUpdater.checks).toBe(1);
    expect(autoUpdater.installs).toEqual([]);
    updater.install();
    expect(autoUpdater.installs).toEqual([[true, true]]);
  });

  it('lets the core decide the staged rollout by the feed’s stagingPercentage, not electron-updater’s random id', async () => {
    const { autoUpdater } = fake;
    const asked: unknown[] = [];
    // The core's answer: a counter in bucket 24 (updatePolicy.ts withinRollout).
    core.options!.updater!.rollout!((percentage) => {
      asked.push(percentage);
      return percentage === undefined || Number(percentage) > 24;
    });
    const within = (info: { version: string; stagingPercentage?: number }) => autoUpdater.isUserWithinRollout(info as never);
    expect([await within({ version: '1.5.0', stagingPercentage: 10 }), await within({ version: '1.5.0', stagingPercentage: 25 })]).toEqual([
      false,
      true,
    ]);
    expect(await within({ version: '1.5.0' })).toBe(true);
    expect(asked).toEqual([10, 25, undefined]);
  });

  it('restarts the app when the core asks (an enrolment with another central)', () => {
    core.options!.restart!();
    expect(fake.app.relaunched).toBe(1);
  });

  it('asks where to save an export with the save dialog: the name suggested, then the folder used last; cancelled is null', async () => {
    const dialog = fake.electron.dialog;
    const choose = core.options!.chooseExportFile!;
    const file = { fileName: 'Orders-Balie-2026-10-24.zip', mimeType: 'application/zip' as const };
    expect(await choose(file, '/data/userData/exports')).toBeNull();
    dialog.answer = { canceled: false, filePath: '/home/mark/Reports/Orders.zip' };
    expect(await choose(file, '/data/userData/exports')).toEqual({ path: '/home/mark/Reports/Orders.zip' });
    await choose({ fileName: 'Z.pdf', mimeType: 'application/pdf' }, '/data/userData/exports');
    const [first, , third] = dialog.saveDialogs.map(
      (args) => args.at(-1) as { defaultPath: string; filters: unknown; properties: string[] },
    );
    expect(dialog.saveDialogs[0]![0]).toBe(fake.windows[0]);
    expect(first).toEqual({
      defaultPath: join('/data/downloads', 'Orders-Balie-2026-10-24.zip'),
      filters: [{ name: 'ZIP', extensions: ['zip'] }],
      properties: ['createDirectory', 'showOverwriteConfirmation'],
    });
    expect(third!.defaultPath).toBe(join('/home/mark/Reports', 'Z.pdf'));
  });
});
