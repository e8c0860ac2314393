import { parentPort, workerData } from 'node:worker_threads';
import type { ExportFile } from '../../../shared/manager/types';
import { openCounterReader } from '../db/database';
import { exportFile } from './export';
import { buildReport, type ReportJob } from './reportJobs';

/**
 * The export worker (exports.ts): builds a report's file from its own read-only connection to
 * the counter's database, one job at a time, so the main process's event loop never waits for
 * an export (docs/architecture.md §4). Before each page of rows it says so, and waits while the
 * gate (a test's, when given) is held shut.
 */

export interface ExportThreadData {
  file: string;
  timeZone: string;
  gate: SharedArrayBuffer | null;
}

export type ExportThreadMessage =
  { id: number; kind: 'page' } | { id: number; kind: 'done'; file: ExportFile } | { id: number; kind: 'failed'; message: string };

const { file, timeZone, gate } = workerData as ExportThreadData;
const db = openCounterReader(file);
const held = gate ? new Int32Array(gate) : null;
const port = parentPort!;
const say = (message: ExportThreadMessage) => port.postMessage(message);

port.on('message', async ({ id, job }: { id: number; job: ReportJob }) => {
  try {
    const onPage = () => {
      say({ id, kind: 'page' });
      if (held) Atomics.wait(held, 0, 1);
    };
    say({ id, kind: 'done', file: await exportFile(buildReport(db, job, { timeZone, onPage }), job.format) });
  } catch (error) {
    say({ id, kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
});
