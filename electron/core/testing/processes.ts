import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../server/testing/ports';

export { freePort };

/** The repository's root: child processes run from here so that `--import tsx` resolves. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

interface Waiter {
  test: (line: string) => boolean;
  resolve: (line: string) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * The lines a child prints, as they come: `waitFor` answers the first line after the
 * previous match that passes a test, or fails when the child ends or time runs out.
 */
export class LineStream {
  readonly lines: string[] = [];
  private cursor = 0;
  private waiters: Waiter[] = [];
  private ended: string | null = null;

  constructor(
    stream: NodeJS.ReadableStream,
    private readonly onLine?: (line: string) => void,
  ) {
    const reader = createInterface({ input: stream, crlfDelay: Infinity });
    reader.on('line', (line) => {
      this.lines.push(line);
      this.onLine?.(line);
      this.serve();
    });
    reader.on('close', () => this.end('the stream ended'));
  }

  end(reason: string) {
    if (this.ended) return;
    this.ended = reason;
    for (const w of this.waiters.splice(0)) {
      clearTimeout(w.timer);
      w.reject(new Error(`${reason} before the line came; last lines:\n${this.lines.slice(-10).join('\n')}`));
    }
  }

  private serve() {
    for (const waiter of [...this.waiters]) {
      const at = this.lines.findIndex((line, i) => i >= this.cursor && waiter.test(line));
      if (at < 0) continue;
      this.cursor = at + 1;
      clearTimeout(waiter.timer);
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve(this.lines[at]!);
    }
  }

  waitFor(test: (line: string) => boolean, timeoutMs: number, what = 'the line'): Promise<string> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`no ${what} within ${timeoutMs} ms; last lines:\n${this.lines.slice(-10).join('\n')}`));
      }, timeoutMs);
      const waiter: Waiter = { test, resolve, reject, timer };
      this.waiters.push(waiter);
      this.serve();
      if (this.ended && this.waiters.includes(waiter)) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        clearTimeout(timer);
        reject(new Error(`${this.ended} before ${what} came; last lines:\n${this.lines.slice(-10).join('\n')}`));
      }
    });
  }
}

export interface Spawned {
  child: ChildProcess;
  out: LineStream;
  stderr: () => string;
  /** Settles once the process has exited and its output is read to the end. */
  closed: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `node --import tsx <script> ...args` from the repository root. */
export function spawnTsx(script: string, args: string[], env: Record<string, string> = {}): Spawned {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const out = new LineStream(child.stdout!);
  let err = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    err = (err + chunk).slice(-20_000);
  });
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('close', (code, signal) => {
      // A child that ended by itself says why on stderr: a failed wait should show it.
      out.end(`the process ended (${signal ?? code})${signal ? '' : `; its stderr ends:\n${err.slice(-2_000)}`}`);
      resolve({ code, signal });
    });
  });
  return {
    child,
    out,
    stderr: () => err,
    closed,
    async kill(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return closed;
    },
  };
}

/** A pause of a chosen length: for kill timings only, never to wait for something to happen. */
export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
