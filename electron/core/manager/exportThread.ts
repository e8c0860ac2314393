import { getPriority, setPriority } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { openCounterReader } from '../db/database';
import { writeExport } from './exportFile';
import { pdfFonts } from './exportPdf';
import { buildReport, type ReportJob } from './reportJobs';

/**
 * The export worker (exports.ts): builds a report's file from its own read-only connection to
 * the counter's database, one job at a time, so the main process's event loop never waits for
 * an export (docs/architecture.md §4). It writes the file as it reads the rows, to the path the
 * job names (NAME.part: exportPlace.ts gives it its name), and answers the bytes written. Before
 * each page of rows it says so, and waits while the gate (a test's, when given) is held shut.
 *
 * A counter's few cores are shared with the sale (and the OS may weigh a process's threads as
 * one): after each page the worker rests YIELD times as long as the page took, so an export
 * takes at most a third of a core and a sale never queues behind it for long. On Linux, where
 * a thread has a nice value of its own, the worker also runs at a lower priority (`nice`), so the
 * scheduler gives a core to the sale first when the machine is busy; elsewhere the priority is
 * the process's, and the rest alone does it (docs/architecture.md §4).
 */

/** Rest after a page, as a multiple of the page's own time. */
const YIELD = 2;
/** Rows a page: a page's work is a short burst. */
const PAGE_ROWS = 250;

export interface ExportThreadData {
  file: string;
  /** The folder of the PDFs' fonts. */
  fonts: string;
  gate: SharedArrayBuffer | null;
  /** How far below the process the worker thread runs on Linux (exports.ts EXPORT_NICE). */
  nice: number;
}

export type ExportThreadMessage =
  { id: number; kind: 'page' } | { id: number; kind: 'done'; bytes: number } | { id: number; kind: 'failed'; message: string };

const { file, fonts, gate, nice } = workerData as ExportThreadData;
// Linux only: there setpriority(0) is this thread's (the kernel keeps a nice value per thread);
// on Windows and macOS it would be the whole process's, the sale's too. A new thread starts at
// its process's nice value, so the worker's is counted from it: lower than the sale's, whatever
// the counter was started at (19 is the lowest there is).
if (process.platform === 'linux') setPriority(Math.min(19, getPriority() + nice));
const db = openCounterReader(file);
const held = gate ? new Int32Array(gate) : null;
const port = parentPort!;
const say = (message: ExportThreadMessage) => port.postMessage(message);
/** Never notified: Atomics.wait on it is a sleep that blocks only this thread. */
const rest = new Int32Array(new SharedArrayBuffer(4));

port.on('message', async ({ id, job, path }: { id: number; job: ReportJob; path: string }) => {
  try {
    let since = performance.now();
    const onPage = () => {
      Atomics.wait(rest, 0, 0, (performance.now() - since) * YIELD);
      say({ id, kind: 'page' });
      if (held) Atomics.wait(held, 0, 1);
      since = performance.now();
    };
    const report = buildReport(db, job, { onPage, pageRows: PAGE_ROWS });
    say({ id, kind: 'done', bytes: await writeExport(report, job.format, pdfFonts(fonts), path) });
  } catch (error) {
    say({ id, kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
});
