import { join } from 'node:path';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  protocol,
  safeStorage,
  session,
  type IpcMainInvokeEvent,
  type Session,
  type WebContents,
} from 'electron';
import type { IpcResult, SettingsView } from '../shared/ipc';
import { refusal } from '../shared/refusals';
import { createCounter } from './core/counter';
import { readMachineConfig } from './core/config/machineConfig';
import type { CounterCore, TokenVault } from './core/types';
import { contentSecurityPolicy, securityHeaders } from './shell/csp';
import { EVENT_CHANNEL, EVENT_NAMES, INVOKE_CHANNEL } from './shell/ipcNames';
import {
  allowPermission,
  APP_ENTRY_URL,
  APP_SCHEME,
  guardWebContents,
  isAppUrl,
  isTrustedSender,
  vaultUsable,
  windowPreferences,
} from './shell/policy';
import { loadStaticFile } from './shell/staticFiles';

/**
 * Electron's main process: one hardened window showing the renderer from app://counter/, and
 * the counter core behind a single checked IPC channel. The decisions themselves live in
 * ./shell (plain Node, tested); this file wires them to Electron.
 */

const CSP = contentSecurityPolicy();
const HEADERS = securityHeaders(CSP);

// Before 'ready', or Chromium will not treat app: as a real origin: standard (relative URLs,
// an origin for 'self' and storage), secure (a secure context, which getUserMedia requires).
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } }]);

let mainWindow: BrowserWindow | null = null;
let quitting: 'no' | 'closing' | 'closed' = 'no';

/** Paths inside the app: the repo in development, app.asar once packaged (never import.meta.url: main is a CJS bundle). */
function appPath(...parts: string[]): string {
  return join(app.getAppPath(), ...parts);
}

function tokenVault(): TokenVault {
  return {
    isAvailable: () =>
      vaultUsable({
        platform: process.platform,
        encryptionAvailable: safeStorage.isEncryptionAvailable(),
        linuxBackend: process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : undefined,
      }),
    encrypt: (plain) => safeStorage.encryptString(plain),
    decrypt: (sealed) => safeStorage.decryptString(sealed),
  };
}

/** app://counter/… → dist/renderer/…, with the CSP in the response itself. */
function serveRenderer(rendererDir: string) {
  return async (request: Request): Promise<Response> => {
    if (!isAppUrl(request.url)) return new Response(null, { status: 404, headers: HEADERS });
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405, headers: HEADERS });
    const file = await loadStaticFile(rendererDir, new URL(request.url).pathname);
    if (file.status !== 200) return new Response(null, { status: file.status, headers: HEADERS });
    return new Response(new Uint8Array(file.body), { headers: { ...HEADERS, 'Content-Type': file.contentType } });
  };
}

const hardened = new WeakSet<Session>();

function hardenSession(ses: Session): void {
  if (hardened.has(ses)) return;
  hardened.add(ses);
  // The protocol handler already sends the CSP (Chromium has not always run header hooks for
  // custom schemes); this puts the same policy on anything else this session ever loads.
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CSP] } });
  });
  ses.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const mediaTypes = 'mediaTypes' in details ? (details.mediaTypes ?? []) : [];
    callback(allowPermission({ permission, url: details.requestingUrl, isMainFrame: details.isMainFrame, mediaTypes }));
  });
  ses.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    allowPermission({
      permission,
      url: details.requestingUrl ?? requestingOrigin,
      isMainFrame: details.isMainFrame,
      mediaTypes: details.mediaType ? [details.mediaType] : [],
    }),
  );
}

function guard(contents: WebContents): void {
  guardWebContents(
    {
      onNavigation: (listener) => {
        contents.on('will-navigate', listener);
        contents.on('will-frame-navigate', listener);
        contents.on('will-redirect', listener);
      },
      onAttachWebview: (listener) => contents.on('will-attach-webview', listener),
      onDevToolsOpened: (listener) => contents.on('devtools-opened', listener),
      setWindowOpenHandler: (handler) => contents.setWindowOpenHandler(handler),
      closeDevTools: () => contents.closeDevTools(),
    },
    app.isPackaged,
  );
  hardenSession(contents.session);
}

function createWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 1024,
    minHeight: 640,
    title: 'Counter',
    icon: appPath('assets', 'icons', 'icon.png'),
    show: false,
    webPreferences: { preload: appPath('dist', 'electron', 'preload.cjs'), ...windowPreferences(app.isPackaged) },
  });
  window.once('ready-to-show', () => window.show());
  window.on('closed', () => {
    mainWindow = null;
  });
  void window.loadURL(APP_ENTRY_URL);
  return window;
}

/**
 * The receipt straight to the counter's printer (settings: printerName, or the system's
 * default), without a dialog: the page's print CSS has laid it out for the chosen paper. The
 * core answers the channel first, so its session gate decides who may print.
 */
async function printReceipt(core: CounterCore, contents: WebContents): Promise<IpcResult<{ printed: boolean }>> {
  const allowed = await core.dispatch('receipt.print', {});
  if (!allowed.ok) return allowed as IpcResult<never>;
  const settings = await core.dispatch('settings.get', {});
  if (!settings.ok) return settings as IpcResult<never>;
  const { printerName } = settings.value as SettingsView;
  return new Promise((resolve) => {
    contents.print({ silent: true, printBackground: false, ...(printerName ? { deviceName: printerName } : {}) }, (success, reason) => {
      resolve(success ? { ok: true, value: { printed: true } } : refusal('internal', 'receipt.notPrinted', { reason }));
    });
  });
}

function serveCounter(core: CounterCore): void {
  ipcMain.handle(INVOKE_CHANNEL, async (event: IpcMainInvokeEvent, channel: unknown, input: unknown) => {
    const frame = event.senderFrame;
    if (!isTrustedSender(frame && { url: frame.url, isMainFrame: frame.parent === null })) {
      return refusal('forbidden', 'shell.foreignPage');
    }
    if (quitting !== 'no') return refusal('internal', 'request.closing');
    if (channel === 'receipt.print') return printReceipt(core, event.sender);
    return core.dispatch(channel, input);
  });
  for (const name of EVENT_NAMES) {
    core.on(name, (payload) => {
      if (mainWindow && !mainWindow.isDestroyed()) mainWindow.webContents.send(EVENT_CHANNEL, name, payload);
    });
  }
}

async function start(): Promise<CounterCore> {
  hardenSession(session.defaultSession);
  protocol.handle(APP_SCHEME, serveRenderer(appPath('dist', 'renderer')));
  // An invalid configuration stops the start, naming the key (docs/api.md §9.1).
  const config = readMachineConfig();
  if (!config.ok) throw new Error(config.message);
  const core = await createCounter({
    dataDir: app.getPath('userData'),
    vault: tokenVault(),
    fixtures: appPath('assets', 'fixtures', 'demo.json'),
    config: config.value,
    // The demo's terminal (docs/api.md §9.1): started only when terminal.url is "simulator", or unset beside the embedded central.
    terminal: { simulator: () => import('../devtools/terminalSimulator/demo').then((m) => m.startDemoTerminal()) },
  });
  serveCounter(core);
  mainWindow = createWindow();
  return core;
}

function main(): void {
  // A second counter on the same data folder would fight over the SQLite store: focus the first.
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });
  app.on('window-all-closed', () => app.quit());
  // Every webContents, the window's and any made later, gets the same rules.
  app.on('web-contents-created', (_event, contents) => guard(contents));

  const started = app.whenReady().then(start);
  started.catch((error: unknown) => {
    dialog.showErrorBox('Counter could not start', error instanceof Error ? error.message : String(error));
    app.exit(1);
  });

  // Hold the quit until the core has flushed and closed its store, then quit for real.
  app.on('before-quit', (event) => {
    if (quitting === 'closed') return;
    event.preventDefault();
    if (quitting === 'closing') return;
    quitting = 'closing';
    started
      .then(
        (core) => core.close(),
        () => undefined, // it never started: nothing to close (the failure is reported above)
      )
      .catch((error: unknown) => console.error('Closing the counter failed:', error))
      .finally(() => {
        quitting = 'closed';
        app.quit();
      });
  });
}

main();
