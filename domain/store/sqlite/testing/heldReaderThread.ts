import { workerData } from 'node:worker_threads';
import { serveReads } from '../reader';

/**
 * A reader thread for tests: each read first waits until the test opens the gate (a shared
 * Int32Array set to 1), so a read is "slow" for exactly as long as the test wants, on any
 * machine, without a timer.
 */
const gate = new Int32Array((workerData as { gate: SharedArrayBuffer }).gate);
serveReads(() => {
  Atomics.wait(gate, 0, 0);
});
