import { parentPort, workerData } from 'node:worker_threads';
import { serveWrites } from './writes';

/** The entry of the writer thread (writer.ts). */
serveWrites(parentPort!, (workerData as { url: string }).url);
