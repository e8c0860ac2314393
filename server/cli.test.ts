import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { order } from '../shared/schemas/order';
import { CENTRAL_COMMAND } from './nodeFlags';
import { devTokenLine, lineMatching, startCli } from './testing/cli';
import { otherFixtures, tempDir, writeFixturesFile } from './testing/fixtures';

/** docs/api.md §1: the command line, as an operator runs it (tsx, no build step). */

const tmp = tempDir();
afterAll(() => tmp.remove());

const fixtures = otherFixtures();
const fixturesFile = writeFixturesFile(tmp.dir, fixtures, 'other.json');

describe('npm run central (server/cli.ts)', () => {
  it("is package.json's `central` script: node with the central's flags, through tsx (as startCli runs it)", () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.central).toBe(CENTRAL_COMMAND.join(' '));
  });

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
