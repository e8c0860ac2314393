import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { CENTRAL_COMMAND } from '../nodeFlags';

/** The central's command line as an operator runs it (`npm run central`: its Node flags, tsx, no build step), for the tests. */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export function startCli(args: string[], env: Record<string, string> = {}): ChildProcessWithoutNullStreams {
  const { CENTRAL_JWT_SECRET: _a, CENTRAL_CUSTOMER_JWT_SECRET: _b, ...rest } = process.env;
  const [, ...nodeArgs] = CENTRAL_COMMAND;
  return spawn(process.execPath, [...nodeArgs, ...args], {
    cwd: ROOT,
    env: { ...rest, LOG_LEVEL: 'warn', ...env },
  });
}

/** Resolves with the first stdout line matching `pattern` (and the lines before it); rejects if the process ends first. */
export function lineMatching(child: ChildProcessWithoutNullStreams, pattern: RegExp): Promise<{ match: RegExpExecArray; lines: string[] }> {
  return new Promise((resolve, reject) => {
    const lines: string[] = [];
    const reader = createInterface({ input: child.stdout });
    const onExit = (code: number | null) => reject(new Error(`exited with ${code} before printing ${pattern}: ${lines.join('\n')}`));
    child.once('exit', onExit);
    reader.on('line', (text) => {
      lines.push(text);
      const match = pattern.exec(text);
      if (match) {
        child.off('exit', onExit);
        resolve({ match, lines });
      }
    });
  });
}

/** The next stdout line after the dev-token announcement. */
export function devTokenLine(child: ChildProcessWithoutNullStreams): Promise<string> {
  return new Promise((resolve) => {
    const reader = createInterface({ input: child.stdout });
    let announced = false;
    reader.on('line', (text) => {
      if (announced) {
        reader.close();
        resolve(text.trim());
      }
      if (text.includes('bearer token for local use')) announced = true;
    });
  });
}
