import { dirname, extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  protocol,
  safeStorage,
  screen,
  session,
  type IpcMainInvokeEvent,
  type Session,
  type WebContents,
} from 'electron';
import { autoUpdater } from 'electron-updater';
import { refusal } from '../shared/refusals';
import { createCounter } from './core/counter';
import { readMachineConfig, updateFeedUrl } from './core/config/machineConfig';
import type { ChooseExportFile, CounterCore, PagePrinter, TokenVault, Updater } from './core/types';
import { contentSecurityPolicy, securityHeaders } from './shell/csp';
import { customerScreen } from './shell/customerScreen';
import { EVENT_CHANNEL, EVENT_NAMES, INVOKE_CHANNEL } from './shell/ipcNames';
import {
  allowPermission,
  APP_ENTRY_URL,
  APP_SCHEME,
  CUSTOMER_URL,
  guardWebContents,
  isAppUrl,
  isTrustedSender,
  vaultUsable,
  windowPreferences,
} from './shell/policy';
import { loadStaticFile, pageFile } from './shell/staticFiles';

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
let customerWindow: BrowserWindow | null = null;
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
    const file = await loadStaticFile(rendererDir, pageFile(new URL(request.url).pathname));
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
    // The customer's screen does not outlive the counter's.
    customerWindow?.close();
  });
  void window.loadURL(APP_ENTRY_URL);
  return window;
}

/**
 * The customer display (docs/api.md §9.4): full screen on a second screen, when there is one. It
 * never takes the focus from the clerk's window.
 */
function createCustomerWindow(): BrowserWindow | null {
  const other = customerScreen(screen.getAllDisplays(), screen.getPrimaryDisplay().id);
  if (!other) return null;
  const window = new BrowserWindow({
    ...other.bounds,
    fullscreen: true,
    frame: false,
    focusable: false,
    title: 'Counter',
    show: false,
    webPreferences: { preload: appPath('dist', 'electron', 'preload.cjs'), ...windowPreferences(app.isPackaged) },
  });
  window.once('ready-to-show', () => window.showInactive());
  window.on('closed', () => {
    customerWindow = null;
  });
  void window.loadURL(CUSTOMER_URL);
  return window;
}

/**
 * The printing area's port to the OS printer (docs/architecture.md §2, the host's ports): the
 * clerk's window, as it shows, straight to the printer the area names (the settings' printerName,
 * or the system's default), without a dialog: the page's print CSS has laid it out for the chosen
 * paper. The area decides what prints (docs/api.md §9.3); this only prints.
 */
function windowPrinter(): PagePrinter {
  return {
    print: (printerName) =>
      new Promise((resolve) => {
        if (!mainWindow || mainWindow.isDestroyed()) return resolve({ printed: false, reason: 'the window is closed' });
        const options = { silent: true, printBackground: false, ...(printerName ? { deviceName: printerName } : {}) };
        mainWindow.webContents.print(options, (success, reason) => resolve(success ? { printed: true } : { printed: false, reason }));
      }),
  };
}

function serveCounter(core: CounterCore): void {
  ipcMain.handle(INVOKE_CHANNEL, async (event: IpcMainInvokeEvent, channel: unknown, input: unknown) => {
    const frame = event.senderFrame;
    if (!isTrustedSender(frame && { url: frame.url, isMainFrame: frame.parent === null })) {
      return refusal('forbidden', 'shell.foreignPage');
    }
    if (quitting !== 'no') return refusal('internal', 'request.closing');
    return core.dispatch(channel, input);
  });
  for (const name of EVENT_NAMES) {
    core.on(name, (payload) => {
      for (const window of [mainWindow, customerWindow]) {
        if (window && !window.isDestroyed()) window.webContents.send(EVENT_CHANNEL, name, payload);
      }
    });
  }
}

/**
 * Where the manager saves an export (docs/counter.md §10, "Exports"): the save dialog, the
 * file's name suggested in the folder used last (at first Downloads); cancelled answers null.
 */
function exportSaveDialog(): ChooseExportFile {
  let folder: string | null = null;
  return async ({ fileName }) => {
    const extension = extname(fileName).slice(1);
    const options = {
      defaultPath: join(folder ?? app.getPath('downloads'), fileName),
      filters: [{ name: extension.toUpperCase(), extensions: [extension] }],
      properties: ['createDirectory' as const, 'showOverwriteConfirmation' as const],
    };
    const answer = mainWindow ? await dialog.showSaveDialog(mainWindow, options) : await dialog.showSaveDialog(options);
    if (answer.canceled || !answer.filePath) return null;
    folder = dirname(answer.filePath);
    return { path: answer.filePath };
  };
}

/**
 * electron-updater behind the core's Updater (docs/counter.md §18): a generic feed (latest.yml
 * and the installers in one folder), the staged rollout by the feed's `stagingPercentage`
 * (the core hashes the counter's device id into a bucket: updatePolicy.ts `withinRollout`). It downloads by itself; the core says when to install. A downloaded update not
 * installed by then is installed when the counter is closed, so at the next start.
 */
function electronUpdater(feedUrl: string): Updater {
  autoUpdater.setFeedURL({ provider: 'generic', url: feedUrl });
  autoUpdater.autoDownload = true;
  autoUpdater.autoInstallOnAppQuit = true;
  return {
    check: () => {
      autoUpdater
        .checkForUpdates()
        .catch((error: unknown) => console.error(`counter: the update check failed: ${(error as Error).message}`));
    },
    install: () => autoUpdater.quitAndInstall(true, true),
    // The stage by the counter's device id, not electron-updater's random id per install (docs/counter.md §18).
    rollout: (within) => {
      autoUpdater.isUserWithinRollout = (info) => within(info.stagingPercentage);
    },
    on: (event, listener) => {
      autoUpdater.on(event === 'downloading' ? 'update-available' : 'update-downloaded', (info: { version: string }) =>
        listener(info.version),
      );
    },
  };
}

async function start(): Promise<CounterCore> {
  hardenSession(session.defaultSession);
  protocol.handle(APP_SCHEME, serveRenderer(appPath('dist', 'renderer')));
  // An invalid configuration stops the start, naming the key (docs/api.md §9.1).
  const config = readMachineConfig();
  if (config.kind === 'refused') throw new Error(config.message);
  // Only an installed counter updates itself: one run from the sources is what its developer built.
  const feed = app.isPackaged ? updateFeedUrl(config.value.config) : null;
  const core = await createCounter({
    dataDir: app.getPath('userData'),
    vault: tokenVault(),
    pagePrinter: windowPrinter(),
    fixtures: appPath('assets', 'fixtures', 'demo.json'),
    config: config.value,
    // The demo's terminal (docs/api.md §9.1): started only when terminal.url is "simulator", or unset beside the embedded central.
    terminal: { simulator: () => import('../devtools/terminalSimulator/demo').then((m) => m.startDemoTerminal()) },
    appVersion: app.getVersion(),
    // An enrolment with another central takes a fresh start (docs/counter.md §18).
    restart: () => {
      app.relaunch();
      app.quit();
    },
    ...(feed && { updater: electronUpdater(feed) }),
    // The export worker's own bundle beside main.cjs (scripts/build-main.mjs).
    exportThread: pathToFileURL(appPath('dist', 'electron', 'exportThread.cjs')),
    exportFonts: appPath('assets', 'fonts'),
    chooseExportFile: exportSaveDialog(),
  });
  serveCounter(core);
  mainWindow = createWindow();
  customerWindow = createCustomerWindow();
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
