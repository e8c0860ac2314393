import { EventEmitter } from 'node:events';
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { ReceiptRow } from '../../../../domain/receipts/layout';
import type { DeviceState } from '../../../../shared/devices';
import type { PrintProblem } from '../../../../shared/ipc/printing';
import { done, refused, unknown, type Outcome } from '../../../../shared/outcome';
import type { PrintOutcome, PrinterPort } from './port';
import { TcpLink } from './tcpLink';

/**
 * A network ESC/POS receipt printer (`printer.url tcp://HOST:9100`, docs/api.md §9.3). Each job
 * is one connection: the real-time status is read first (DLE EOT 1, 2 and 4), and a printer
 * whose paper ran out, whose cover is open or that does not answer is not sent the receipt; the
 * caller learns why. Jobs run one after another, and each ends within `deadlineMs` whatever the
 * printer does. The receipt is encoded by @point-of-sale/receipt-printer-encoder.
 */

export interface EscPosOptions {
  url: string;
  /** Characters per line: 48 on 80 mm paper (font A). */
  columns?: number;
  /** The longest a clerk waits for the printer (2 s). */
  deadlineMs?: number;
}

const DLE_EOT = (n: number) => [0x10, 0x04, n];
const STATUS_REQUEST = Uint8Array.from([...DLE_EOT(1), ...DLE_EOT(2), ...DLE_EOT(4)]);

/** Reads the three status bytes: a cover left open first (its sensor also reads no paper), then paper, then offline. */
export function problemOf(status: Buffer): PrintProblem | null {
  const [printer = 0, cause = 0, paper = 0] = status;
  if (cause & 0x04) return 'coverOpen';
  if (cause & 0x20 || paper & 0x60) return 'paperOut';
  if (printer & 0x08) return 'offline';
  return null;
}

/** A link to the printer, or the printer's own problem, or unknown: it did not answer. */
type Opened = Outcome<TcpLink, { problem: PrintProblem }>;

/** The device state an opening leaves: an open cover takes the printer offline, as ESC/POS itself reports it; no answer is offline. */
const stateOf = (opened: Opened): DeviceState => {
  if (opened.kind === 'ok') return 'ready';
  return opened.kind === 'refused' && opened.problem === 'paperOut' ? 'paperOut' : 'offline';
};

/** Left and right on one line of `columns`; a left too long for it goes on a line of its own above the amount. */
export function pairLines(left: string, right: string, columns: number): string[] {
  if (left.length + 1 + right.length <= columns) return [left.padEnd(columns - right.length) + right];
  return [left, right.padStart(columns)];
}

export function encodeRows(rows: ReceiptRow[], columns: number): Uint8Array {
  const encoder = new ReceiptPrinterEncoder({ language: 'esc-pos', columns, codepageMapping: 'epson' });
  // One code page for the whole receipt: CP858 holds the euro sign and the letters of Dutch and
  // English. The encoder's 'auto' would search the code pages for every piece of text: 70 ms a receipt.
  encoder.initialize().codepage('cp858');
  for (const row of rows) {
    if (row.type === 'title') encoder.align('center').bold(true).size(2, 2).line(row.text).size(1, 1).bold(false).align('left');
    else if (row.type === 'mark')
      encoder.align('center').invert(true).bold(true).line(` ${row.text} `).bold(false).invert(false).align('left');
    else if (row.type === 'text')
      encoder
        .align(row.center ? 'center' : 'left')
        .line(row.text)
        .align('left');
    else if (row.type === 'rule') encoder.rule();
    else {
      encoder.bold(row.bold === true);
      for (const text of pairLines(row.left, row.right, columns)) encoder.line(text);
      encoder.bold(false);
    }
  }
  encoder.newline(3).cut('partial');
  return encoder.encode();
}

/** The drawer pulse alone: pin 2, 50 ms on, 250 ms off (the encoder's default). */
export const kickBytes = (): Uint8Array => new ReceiptPrinterEncoder({ language: 'esc-pos' }).initialize().pulse().encode();

export class EscPosPrinter implements PrinterPort {
  readonly kind = 'escpos' as const;
  private readonly host: string;
  private readonly port: number;
  private readonly columns: number;
  private readonly deadlineMs: number;
  private current: DeviceState = 'ready';
  private queue: Promise<unknown> = Promise.resolve();
  private readonly events = new EventEmitter();

  constructor(options: EscPosOptions) {
    const url = new URL(options.url);
    this.host = url.hostname;
    this.port = Number(url.port || 9100);
    this.columns = options.columns ?? 48;
    this.deadlineMs = options.deadlineMs ?? 2000;
  }

  state(): DeviceState {
    return this.current;
  }

  onState(listener: (state: DeviceState) => void): () => void {
    this.events.on('state', listener);
    return () => this.events.off('state', listener);
  }

  private setState(next: DeviceState): void {
    if (next === this.current) return;
    this.current = next;
    this.events.emit('state', next);
  }

  /** Runs one job after the others; a job waiting its turn counts its wait against its deadline. */
  private job<T>(work: (deadline: number) => Promise<T>): Promise<T> {
    const deadline = Date.now() + this.deadlineMs;
    const run = this.queue.then(() => work(deadline));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Connects and reads the status; the link when the printer may print, else why not. */
  private async open(deadline: number): Promise<Opened> {
    const left = () => Math.max(1, deadline - Date.now());
    const connected = await this.connect(deadline);
    if (connected.kind !== 'ok') return connected;
    const link = connected.value;
    try {
      const problem = problemOf(await link.ask(STATUS_REQUEST, 3, left()));
      if (problem === null) return connected;
      link.destroy();
      return refused({ problem });
    } catch (error) {
      link.destroy();
      return unknown(`no status from the printer: ${(error as Error).message}`);
    }
  }

  private send(bytes: Uint8Array, checkFirst: boolean): Promise<PrintOutcome> {
    return this.job(async (deadline) => {
      this.setState('busy');
      const opened = checkFirst ? await this.open(deadline) : await this.connect(deadline);
      if (opened.kind !== 'ok') {
        this.setState(stateOf(opened));
        return opened;
      }
      try {
        await opened.value.send(bytes, Math.max(1, deadline - Date.now()));
      } catch (error) {
        opened.value.destroy();
        this.setState('offline');
        return unknown(`the printer did not take the job: ${(error as Error).message}`);
      }
      this.setState('ready');
      return done('printer' as const);
    });
  }

  private async connect(deadline: number): Promise<Opened> {
    try {
      return done(await TcpLink.open(this.host, this.port, Math.max(1, deadline - Date.now())));
    } catch (error) {
      return unknown(`no connection to the printer: ${(error as Error).message}`);
    }
  }

  print(rows: ReceiptRow[]): Promise<PrintOutcome> {
    return this.send(encodeRows(rows, this.columns), true);
  }

  /** The drawer opens even when the paper is out: the clerk still has change to give. */
  kick(): Promise<PrintOutcome> {
    return this.send(kickBytes(), false);
  }

  check(): Promise<DeviceState> {
    return this.job(async (deadline) => {
      const opened = await this.open(deadline);
      if (opened.kind === 'ok') opened.value.destroy();
      this.setState(stateOf(opened));
      return this.current;
    });
  }

  close(): void {
    this.events.removeAllListeners();
  }
}
