import { EventEmitter, once } from 'node:events';
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A network ESC/POS receipt printer as a real TCP peer, for tests, the benchmark and the demo
 * (docs/counter.md §16). It keeps the bytes of each connection (a job), answers the real-time
 * status requests (DLE EOT n) as an Epson TM printer does, and can be told that its paper ran
 * out, its cover is open, or that it went offline (it then takes connections and never answers).
 */

export type FakePrinterCondition = 'ready' | 'paperOut' | 'coverOpen' | 'offline';

export interface FakePrinter {
  /** tcp://127.0.0.1:PORT, as `printer.url` names a printer. */
  url: string;
  port: number;
  /** The bytes of every finished job, in order (status requests left out). */
  jobs: Buffer[];
  set(condition: FakePrinterCondition): void;
  /** The next job with bytes to print (or the job already finished beyond `seen`). */
  nextJob(seen?: number): Promise<Buffer>;
  close(): Promise<void>;
}

const DLE = 0x10;
const EOT = 0x04;
/** Bits 1 and 4 of every status byte are fixed on. */
const FIXED = 0x12;

/** The status byte DLE EOT n answers (Epson's ESC/POS reference): n = 1 printer, 2 offline cause, 3 error, 4 paper sensor. */
export function statusByte(n: number, condition: FakePrinterCondition): number {
  const offline = condition === 'paperOut' || condition === 'coverOpen';
  if (n === 1) return FIXED | (offline ? 0x08 : 0);
  if (n === 2) return FIXED | (condition === 'coverOpen' ? 0x04 : 0) | (condition === 'paperOut' ? 0x20 : 0);
  if (n === 4) return FIXED | (condition === 'paperOut' ? 0x6c : 0);
  return FIXED;
}

export async function startFakePrinter(options: { port?: number } = {}): Promise<FakePrinter> {
  let condition: FakePrinterCondition = 'ready';
  const jobs: Buffer[] = [];
  const events = new EventEmitter();
  const sockets = new Set<Socket>();

  const server = createServer((socket) => {
    sockets.add(socket);
    const kept: Buffer[] = [];
    let pending = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      if (condition === 'offline') return;
      pending = Buffer.concat([pending, chunk]);
      // A status request is answered at once, whatever else the job holds; the rest is the job.
      let at = 0;
      let start = 0;
      while (at < pending.length) {
        if (pending[at] === DLE && pending[at + 1] === EOT) {
          if (at + 2 >= pending.length) break;
          kept.push(pending.subarray(start, at));
          socket.write(Buffer.from([statusByte(pending[at + 2]!, condition)]));
          at += 3;
          start = at;
        } else at++;
      }
      kept.push(pending.subarray(start, at));
      pending = pending.subarray(at);
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      sockets.delete(socket);
      const job = Buffer.concat(kept);
      if (job.length === 0) return;
      jobs.push(job);
      events.emit('job');
    });
  });
  await new Promise<void>((ready) => server.listen(options.port ?? 0, '127.0.0.1', ready));
  const port = (server.address() as AddressInfo).port;

  return {
    url: `tcp://127.0.0.1:${port}`,
    port,
    jobs,
    set(next) {
      condition = next;
    },
    async nextJob(seen = jobs.length) {
      while (jobs.length <= seen) await once(events, 'job');
      return jobs[seen]!;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/** The euro sign in code page 858, the one the encoder selects for it. */
const CP858_EURO = 0xd5;

/** What a job prints, as text: ASCII, the euro sign and newlines, commands and their arguments dropped. */
export function printedText(job: Buffer): string {
  const text: string[] = [];
  for (let i = 0; i < job.length; i++) {
    const byte = job[i]!;
    if (byte === 0x1b || byte === 0x1d || byte === 0x1c) {
      i += commandLength(job, i) - 1;
      continue;
    }
    if (byte === 0x0a) text.push('\n');
    else if (byte === CP858_EURO) text.push('€');
    else if (byte >= 0x20 && byte !== 0x7f) text.push(String.fromCharCode(byte));
  }
  return text.join('');
}

/** The length of the command at `at` (ESC, GS or FS), for the commands the encoder writes. */
function commandLength(job: Buffer, at: number): number {
  const lead = job[at]!;
  const next = job[at + 1];
  if (lead === 0x1b) {
    if (next === 0x40) return 2; // ESC @ initialise
    if (next === 0x70) return 5; // ESC p m t1 t2: the drawer kick
    return 3; // ESC E n, ESC a n, ESC t n, ESC M n, ESC - n, ESC ! n
  }
  if (lead === 0x1d) {
    if (next === 0x56) return job[at + 2] === 0x41 || job[at + 2] === 0x42 ? 4 : 3; // GS V m [n]: the cut
    return 3; // GS ! n
  }
  return 2; // FS . and the like
}

/** Whether a job kicks the drawer (ESC p), and whether it cuts the paper (GS V). */
export const kicksDrawer = (job: Buffer): boolean => job.includes(Buffer.from([0x1b, 0x70]));
export const cutsPaper = (job: Buffer): boolean => job.includes(Buffer.from([0x1d, 0x56]));
