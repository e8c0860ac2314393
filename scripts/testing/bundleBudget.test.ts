import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { BUDGET_BYTES, describeBudget, firstLoadKeys, MANIFEST, measureBudget, type Manifest } from './bundleBudget';

const run = promisify(execFile);
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/**
 * A built renderer in a temporary folder: the entry imports a shared chunk statically, which
 * imports another; the entry imports a lazy part dynamically, and the lazy part statically
 * imports a chunk of its own. Random bytes do not compress, so a chunk's gzip size is its
 * size plus gzip's few bytes of framing.
 */
function build(sizes: { entry: number; shared: number; deep: number; lazy: number; lazyOnly: number }): string {
  const dir = mkdtempSync(join(tmpdir(), 'budget-'));
  dirs.push(dir);
  const manifest: Manifest = {
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      imports: ['_shared.js'],
      dynamicImports: ['lazy/Part.tsx'],
    },
    '_shared.js': { file: 'assets/shared.js', imports: ['_deep.js'] },
    '_deep.js': { file: 'assets/deep.js', imports: ['_shared.js'] },
    'lazy/Part.tsx': { file: 'assets/Part.js', imports: ['index.html', '_lazyOnly.js'] },
    '_lazyOnly.js': { file: 'assets/lazyOnly.js' },
  };
  mkdirSync(join(dir, 'assets'), { recursive: true });
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, MANIFEST), JSON.stringify(manifest));
  const files = { index: sizes.entry, shared: sizes.shared, deep: sizes.deep, Part: sizes.lazy, lazyOnly: sizes.lazyOnly };
  for (const [name, size] of Object.entries(files)) writeFileSync(join(dir, 'assets', `${name}.js`), randomBytes(size));
  // Styles are not JavaScript: never counted, however large.
  writeFileSync(join(dir, 'assets', 'index.css'), randomBytes(50_000));
  return dir;
}

describe('the bundle budget', () => {
  it('counts the entry and what it imports statically, however deep, but nothing reached only by import()', () => {
    const dir = build({ entry: 2500, shared: 2000, deep: 1000, lazy: 4000, lazyOnly: 5000 });
    const report = measureBudget(dir, 10_000);
    expect(report.firstLoad.map((c) => c.file)).toEqual(['assets/index.js', 'assets/shared.js', 'assets/deep.js']);
    expect(report.onDemand.map((c) => c.file)).toEqual(['assets/lazyOnly.js', 'assets/Part.js']);
    // Incompressible: each chunk is its size and gzip's framing (18 to 40 bytes here).
    expect(report.totalBytes).toBeGreaterThan(5500);
    expect(report.totalBytes).toBeLessThan(5500 + 3 * 40);
    expect(report.ok).toBe(true);
    expect(describeBudget(report)).toContain('within the budget of 9.8 KiB');
  });

  it('fails over the budget, naming the chunks of the first load and their sizes', () => {
    const dir = build({ entry: 2500, shared: 2000, deep: 1000, lazy: 4000, lazyOnly: 5000 });
    const report = measureBudget(dir, 5000);
    expect(report.ok).toBe(false);
    const text = describeBudget(report);
    expect(text).toMatch(/ 2\.5 KiB {2}assets\/index\.js\n/);
    expect(text).toMatch(/ 2\.0 KiB {2}assets\/shared\.js\n/);
    expect(text).toMatch(/ 1\.0 KiB {2}assets\/deep\.js\n/);
    expect(text).toMatch(/is over the budget of 4\.9 KiB by 0\.\d KiB/);
  });

  it('finds the first load from the manifest alone, and refuses an import the manifest does not hold', () => {
    const manifest: Manifest = {
      'index.html': { file: 'a.js', isEntry: true, imports: ['_b.js'], dynamicImports: ['c.tsx'] },
      '_b.js': { file: 'b.js', imports: ['_missing.js'] },
      'c.tsx': { file: 'c.js' },
    };
    expect(() => firstLoadKeys(manifest)).toThrow('The manifest names _missing.js as an import but has no such chunk.');
    expect(firstLoadKeys({ ...manifest, '_b.js': { file: 'b.js' } })).toEqual(['index.html', '_b.js']);
    expect(() => firstLoadKeys({ 'c.tsx': { file: 'c.js' } })).toThrow('The manifest has no entry chunk.');
  });

  it('as npm runs it: exit 0 within 101 KiB, exit 1 over it with the sizes on stderr', async () => {
    const script = fileURLToPath(new URL('./bundleBudget.ts', import.meta.url));
    const node = (dir: string) => run(process.execPath, ['--import', 'tsx', script, dir]);
    const within = build({ entry: 40_000, shared: 40_000, deep: 10_000, lazy: 200_000, lazyOnly: 10 });
    expect((await node(within)).stdout).toContain('within the budget of 101.0 KiB');

    const over = build({ entry: 40_000, shared: 40_000, deep: BUDGET_BYTES - 80_000, lazy: 10, lazyOnly: 10 });
    const failure = await node(over).then(
      () => null,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toMatch(/ 39\.1 KiB {2}assets\/index\.js\n/);
    expect(failure?.stderr).toContain('is over the budget of 101.0 KiB');
  });
});
