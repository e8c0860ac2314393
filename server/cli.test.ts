import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { order } from '../shared/schemas/order';
import { otherFixtures, tempDir, writeFixturesFile } from './testing/fixtures';

/** CONTRACT 1: the command line, as an operator runs it (tsx, no build step). */

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const tmp = tempDir();
afterAll(() => tmp.remove());

const fixtures = otherFixtures();
const fixturesFile = writeFixturesFile(tmp.dir, fixtures, 'other.json');

function startCli(args: string[], env: Record<string, string> = {}): ChildProcessWithoutNullStreams {
  const { CENTRAL_JWT_SECRET: _a, CENTRAL_CUSTOMER_JWT_SECRET: _b, ...rest } = process.env;
  return spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', ...args], {
    cwd: ROOT,
    env: { ...rest, LOG_LEVEL: 'warn', ...env },
  });
}

/** Resolves with the first stdout line matching `pattern` (and the lines before it); rejects if the process ends first. */
function lineMatching(child: ChildProcessWithoutNullStreams, pattern: RegExp): Promise<{ match: RegExpExecArray; lines: string[] }> {
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
function devTokenLine(child: ChildProcessWithoutNullStreams): Promise<string> {
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

describe('npm run central (server/cli.ts)', () => {
  it('prints where it listens and a dev token, serves orders over HTTP, and exits 0 on SIGTERM', async () => {
    const db = join(tmp.dir, 'cli.sqlite');
    const child = startCli(['--port', '0', '--db', db, '--fixtures', fixturesFile]);
    try {
      const tokenLine = devTokenLine(child);
      const { match } = await lineMatching(child, /listening on (http:\/\/127\.0\.0\.1:(\d+))/);
      const [, url, port] = match;
      expect(Number(port)).toBeGreaterThan(0);
      const token = await tokenLine;
      expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

      const res = await fetch(`${url}/api/2.0/orders`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          languageId: fixtures.languages[0]!.languageId,
          orderLines: [
            { productId: fixtures.products.find((p) => p.productName === 'Single ticket')!.productId, quantity: 1, vouchers: [] },
          ],
        }),
      });
      expect(res.status).toBe(201);
      const created = order.parse(await res.json());
      expect(created.orderNumber).toBe('100000001');
      expect(existsSync(db)).toBe(true);

      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const [code] = await exited;
      expect(code).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('exits non-zero on a bad fixtures file, naming the file and the JSON path', async () => {
    const broken = otherFixtures() as unknown as { products: Record<string, unknown>[] };
    broken.products[2]!.amountInclTax = -5;
    const bad = writeFixturesFile(tmp.dir, broken, 'broken-prices.json');
    const child = startCli(['--port', '0', '--db', join(tmp.dir, 'bad.sqlite'), '--fixtures', bad]);
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code] = await once(child, 'exit');
    expect(code).not.toBe(0);
    expect(stderr).toContain('broken-prices.json');
    expect(stderr).toContain('$.products[2].amountInclTax');
    expect(existsSync(join(tmp.dir, 'bad.sqlite'))).toBe(false);
  });
});
