import { EventEmitter } from 'node:events';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { startThread, threadEntry } from '../../../domain/store/threads';
import type { CounterDb as Database } from '../db/database';
import type { ExportFormat } from '../../../shared/manager/schemas';
import type { Report } from './export';
import { writeExport } from './exportFile';
import { pdfFonts } from './exportPdf';
import type { ExportThreadData, ExportThreadMessage } from './exportThread';
import { buildReport, type ReportJob } from './reportJobs';

/**
 * Where the export worker's entry is: beside this module when run from sources (tsx, vitest);
 * a bundled counter (a CJS bundle has no import.meta.url) names its own built file instead.
 */
export function exportThreadEntry(): URL | null {
  const here = (import.meta as { url?: string }).url;
  return here ? threadEntry('exportThread', here) : null;
}

/** The PDFs' fonts (assets/fonts/) seen from the sources; a bundled counter names its own (electron/main.ts). */
export function exportFontsDir(): string | null {
  const here = (import.meta as { url?: string }).url;
  return here ? fileURLToPath(new URL('../../../assets/fonts/', here)) : null;
}

/**
 * How far below the process's own priority the export worker runs on Linux (exportThread.ts): a
 * counter started at nice 0 exports at 10; one started niced still exports below its sale, down to
 * the lowest, 19.
 */
export const EXPORT_NICE = 10;

export interface ExportsOptions {
  /** The counter's database file; `null` (an in-memory database) builds exports inline. */
  file: string | null;
  /** The main connection, for inline exports. */
  db: Database;
  /** The folder of the PDFs' fonts (exportFontsDir()). */
  fonts: string;
  /** The worker's entry (exportThreadEntry()); `null` builds exports inline. */
  entry: URL | null;
  /** A test's gate: while its first int is 1 the worker waits before each page. */
  gate?: SharedArrayBuffer;
}

/**
 * A manager's exports, built off the main process's event loop (docs/architecture.md §4): one
 * worker thread, started at the first export, with its own read-only connection, takes the
 * jobs one after another. A sale meanwhile runs on the main connection as if nothing else ran.
 * It emits `page` (job id) before each page of rows it reads.
 */
export class ReportExports extends EventEmitter {
  private worker: Worker | null = null;
  private nextId = 0;
  private readonly waiting = new Map<number, { resolve: (bytes: number) => void; reject: (error: Error) => void }>();

  constructor(private readonly options: ExportsOptions) {
    super();
  }

  /** Writes the job's file to `path`; answers the bytes written. */
  async run(job: ReportJob, path: string): Promise<number> {
    const { file, entry, db } = this.options;
    if (file === null || entry === null) return this.file(buildReport(db, job), job.format, path);
    const id = ++this.nextId;
    const answer = new Promise<number>((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    const worker = this.thread(file, entry);
    // Held while a job is on: an idle worker never keeps the process alive.
    worker.ref();
    worker.postMessage({ id, job, path });
    return answer;
  }

  /** A short report built by the main process (a day's), written here. */
  file(report: Report, format: ExportFormat, path: string): Promise<number> {
    return writeExport(report, format, pdfFonts(this.options.fonts), path);
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private thread(file: string, entry: URL): Worker {
    if (this.worker) return this.worker;
    const data: ExportThreadData = { file, fonts: this.options.fonts, gate: this.options.gate ?? null, nice: EXPORT_NICE };
    const worker = startThread(entry, { ...data });
    worker.on('message', (message: ExportThreadMessage) => {
      if (message.kind === 'page') return void this.emit('page', message.id);
      const waiting = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      if (this.waiting.size === 0) worker.unref();
      if (message.kind === 'done') waiting?.resolve(message.bytes);
      else waiting?.reject(new Error(message.message));
    });
    // A worker that dies fails what it had; the next export starts a new one.
    worker.on('error', (error) => this.fail(worker, error));
    worker.on('exit', (code) => this.fail(worker, new Error(`the export worker stopped (${code})`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private fail(worker: Worker, error: Error) {
    if (this.worker === worker) this.worker = null;
    for (const { reject } of this.waiting.values()) reject(error);
    this.waiting.clear();
  }
}
