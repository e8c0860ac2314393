import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * A server in a process of its own: the benchmarks' servers under test (the load generator
 * stays in the parent, so on a 2-core machine each gets about a core) and the tests'
 * PostgreSQL. A child entry reports `{ url }` over IPC once listening, and closes then exits
 * on the message 'stop' or when its parent is gone.
 */
export interface ServerChild {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

export interface ChildOptions {
  env?: Record<string, string>;
  /** A directory for `node --cpu-prof` output; no profiling when absent. */
  cpuProfDir?: string;
  /** Node flags, such as the central's own (nodeFlags.ts). */
  nodeFlags?: readonly string[];
}

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export function startServerChild(entry: URL, args: string[], options: ChildOptions = {}): Promise<ServerChild> {
  const execArgv = [...(options.nodeFlags ?? []), '--import', 'tsx'];
  if (options.cpuProfDir) execArgv.push('--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}`);
  const child = fork(fileURLToPath(entry), args, {
    cwd: repoRoot,
    execArgv,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const early = (code: number | null) => reject(new Error(`${entry.pathname} exited (${code}) before listening`));
    child.once('exit', early);
    child.once('error', reject);
    child.once('message', (message) => {
      child.off('exit', early);
      const { url } = message as { url: string };
      resolve({ url, pid: child.pid!, stop: () => stopChild(child) });
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    // A child that does not close in time is killed: a benchmark must not hang.
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.send('stop');
  });
}

/** For child entries: announce the address, and close then exit when told to stop or when the parent is gone. */
export function serveUntilStopped(url: string, close: () => Promise<void>): void {
  let closing: Promise<void> | null = null;
  const stop = () =>
    (closing ??= close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    ));
  process.send!({ url });
  process.on('message', (message) => message === 'stop' && void stop());
  // Losing the parent (Ctrl-C, crash) must not leave a server running: it is closed, not abandoned.
  process.on('disconnect', () => void stop());
}
