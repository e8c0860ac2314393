import type { MailTransport } from './tokens';
import type { LoadedConfig } from './config';
import type { TerminalOptions } from './terminal';
import type { TokenVault } from './settings';
import type { Updater } from './fleet';
import type { PagePrinter } from './printing';
import type { ChooseExportFile } from './manager';

export type { ChooseExportFile, PagePrinter, TokenVault, Updater };
import type { EventName, IpcEvents, IpcResult } from '../../shared/ipc';

/**
 * What the shells (Electron's main process, the browser shell) need of the counter: one
 * dispatch that validates the channel and its input and answers a result, an event source,
 * and a clean close. Nothing here imports electron.
 */
export interface CounterCore {
  /** Validates `channel` and `input` (zod) and runs the handler; never throws. */
  dispatch(channel: unknown, input: unknown): Promise<IpcResult<unknown>>;
  on<E extends EventName>(event: E, listener: (payload: IpcEvents[E]) => void): () => void;
  /** A line for the screen and the log: where the counter's data and central are. */
  describe(): { dataDir: string; centralUrl: string; embeddedCentral: boolean };
  close(): Promise<void>;
}

export interface CounterOptions {
  /** The app's data folder: the local SQLite database and settings live here. */
  dataDir: string;
  vault: TokenVault | null;
  /** Reference data for the first run without a central, and for the embedded central. */
  fixtures?: string;
  clock?: () => Date;
  newId?: () => string;
  /** Where the counter's days begin and end (IANA name); default Europe/Amsterdam. */
  timeZone?: string;
  /** The local database file; ':memory:' for tests. Default: counter.sqlite in dataDir. */
  database?: string;
  /** The demo staff (README) also beside a given central: tests only. They are always there with the embedded central. */
  demoStaff?: boolean;
  /** A central to use instead of the configured one (tests, deployment scripts). */
  /** `timeoutMs`: how long a request may go unanswered before its outcome is unknown (10 s; tests shorten it). */
  central?: { url: string; bearerToken: string; timeoutMs?: number };
  /** How often sync pulls when nothing happens (ms). */
  intervalMs?: number;
  /** How often sync asks an unreachable central whether it is back (ms; default 2 s: docs/counter.md §18). */
  probeIntervalMs?: number;
  /** The jitter of sync's backoff, in [0, 1): tests make it 0 to retry at once. */
  random?: () => number;
  /** The e-mail challenge's relay; null for none. Default: COUNTER_SMTP_URL, or the demo relay with the embedded central. */
  mail?: MailTransport | null;
  /** The machine's configuration (docs/api.md §9.1), read by the shell at start; none: everything from the settings. */
  config?: LoadedConfig;
  /** The payment terminal: the built-in simulator the demo shells start, and (tests) shorter waits (docs/api.md §9.2). */
  terminal?: TerminalOptions;
  /** How often a network printer's status is read between prints (ms; 0: never). Default 15 s. */
  devicePollMs?: number;
  /**
   * False: the counter's clock is not measured against the central's, and its sales go with
   * their own times (tests whose counters run on a frozen clock in 2024 beside a central on
   * real time). Default true (docs/api.md §11.4).
   */
  measureClock?: boolean;
  /** This build's version (Electron: app.getVersion()): the screens, the heartbeat and the support bundle show it. */
  appVersion?: string;
  /** The shell's updater (electron-updater in electron/main.ts); none: updates are not offered (docs/counter.md §18). */
  updater?: Updater;
  /** The OS printer for the page (Electron: the window's webContents.print); none: the page prints itself (docs/architecture.md §2). */
  pagePrinter?: PagePrinter;
  /** Restarts the counter after an enrolment with another central (Electron: relaunch); none in the browser shell. */
  restart?: () => void;
  /** False: sync starts only when `test.engine.start()` is called (benchmarks, tests). */
  autoSync?: boolean;
  /** The export worker's entry (a bundled counter's built file); null: exports run inline. Default: beside the sources. */
  exportThread?: URL | null;
  /** Tests: a gate the export worker waits at before each page while its first int is 1. */
  exportGate?: SharedArrayBuffer;
  /** The folder of the PDFs' fonts (assets/fonts/); by default the sources' own. */
  exportFonts?: string;
  /** Asks where an export is saved (Electron: the save dialog); by default the data folder's exports folder (docs/counter.md §10). */
  chooseExportFile?: ChooseExportFile;
}
