// Starts a worker thread from TypeScript sources (`npm run central`, vitest): registers tsx's
// loader in this thread, then imports the entry named in workerData. Node 20 does not carry a
// parent's `--import tsx` into a worker's module loading.
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.entry);
