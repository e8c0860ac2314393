import { EventEmitter as Emitter } from 'node:events';

/**
 * A stand-in for Electron (its binary cannot run here) for electron/main.test.ts: it records the
 * hooks main.ts registers and what it did, so the test checks that the decisions of
 * electron/shell reach Electron's hooks.
 */
export function standInElectron() {
  const hooks: Record<string, (...args: never[]) => unknown> = {};
  /** What main did, in order: a scheme must be privileged before the app is ready. */
  const steps: string[] = [];
  const app = Object.assign(new Emitter(), {
    requestSingleInstanceLock: () => true,
    whenReady: () => Promise.resolve().then(() => void steps.push('ready')),
    getPath: (name: string) => `/data/${name}`,
    getAppPath: (): string => '',
    getVersion: () => '1.4.0',
    relaunched: 0,
    relaunch() {
      this.relaunched++;
    },
    quit: () => undefined,
    exit: (_code: number) => undefined,
    // As installed: DevTools must stay closed.
    isPackaged: true,
  });
  const defaultSession = {
    webRequest: { onHeadersReceived: (handler: (...args: never[]) => unknown) => void (hooks.headers = handler) },
    setPermissionRequestHandler: (handler: (...args: never[]) => unknown) => void (hooks.permissionRequest = handler),
    setPermissionCheckHandler: (handler: (...args: never[]) => unknown) => void (hooks.permissionCheck = handler),
  };
  class FakeContents extends Emitter {
    openHandler: (() => unknown) | null = null;
    sent: unknown[][] = [];
    devToolsClosed = 0;
    session = defaultSession;
    closeDevTools() {
      this.devToolsClosed++;
    }
    setWindowOpenHandler(handler: () => unknown) {
      this.openHandler = handler;
    }
    send(...args: unknown[]) {
      this.sent.push(args);
    }
    /** webContents.print: the options of each print, answered with `printAnswer`. */
    printed: unknown[] = [];
    printAnswer: [success: boolean, failureReason: string] = [true, ''];
    print(options: unknown, callback: (success: boolean, failureReason: string) => void) {
      this.printed.push(options);
      callback(...this.printAnswer);
    }
  }
  class BrowserWindow extends Emitter {
    webContents = new FakeContents();
    loaded: string[] = [];
    constructor(readonly options: Record<string, unknown>) {
      super();
      windows.push(this);
      app.emit('web-contents-created', {}, this.webContents);
    }
    loadURL(url: string) {
      this.loaded.push(url);
      return Promise.resolve();
    }
    isDestroyed = () => false;
    isMinimized = () => false;
    restore = () => undefined;
    focus = () => undefined;
    show = () => undefined;
  }
  const windows: BrowserWindow[] = [];
  /** electron-updater's autoUpdater: what main set on it and called. */
  const autoUpdater = Object.assign(new Emitter(), {
    feed: null as unknown,
    autoDownload: false,
    autoInstallOnAppQuit: false,
    checks: 0,
    installs: [] as unknown[][],
    setFeedURL(options: unknown) {
      this.feed = options;
    },
    checkForUpdates() {
      this.checks++;
      return Promise.resolve(null);
    },
    quitAndInstall(...args: unknown[]) {
      this.installs.push(args);
    },
    /** electron-updater's own default: its random id per install (main replaces it). */
    isUserWithinRollout: (_info: never): boolean | Promise<boolean> => true,
  });
  return {
    app,
    autoUpdater,
    windows,
    hooks,
    steps,
    FakeContents,
    electron: {
      app,
      BrowserWindow,
      dialog: {
        showErrorBox: () => undefined,
        // The save dialog: what it was shown with (window, options), and the answer a test sets.
        saveDialogs: [] as unknown[][],
        answer: { canceled: true, filePath: '' },
        async showSaveDialog(...args: unknown[]) {
          this.saveDialogs.push(args);
          return this.answer;
        },
      },
      ipcMain: { handle: (_channel: string, handler: (...args: never[]) => unknown) => void (hooks.invoke = handler) },
      protocol: {
        registerSchemesAsPrivileged: (schemes: unknown) => {
          steps.push('privileged');
          hooks.privileged = schemes as never;
        },
        handle: (_scheme: string, handler: (...args: never[]) => unknown) => void (hooks.protocol = handler),
      },
      safeStorage: {
        isEncryptionAvailable: () => true,
        getSelectedStorageBackend: () => 'basic_text',
        encryptString: (plain: string) => Buffer.from(plain),
        decryptString: (sealed: Buffer) => sealed.toString(),
      },
      session: { defaultSession },
      // One screen: no customer display window (docs/api.md §9.4).
      screen: {
        getPrimaryDisplay: () => ({ id: 1, bounds: { x: 0, y: 0, width: 1280, height: 800 } }),
        getAllDisplays: () => [{ id: 1, bounds: { x: 0, y: 0, width: 1280, height: 800 } }],
      },
    },
  };
}
