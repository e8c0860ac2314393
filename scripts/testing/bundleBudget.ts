import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';

/**
 * The renderer's first load against its budget (renderer/README, "Loading by area"): the entry
 * chunks of Vite's manifest (`build.manifest`) and every chunk they import statically, however
 * deep: what the page loads before it can draw. Chunks reached only through a dynamic import()
 * are the parts that load on demand and are not counted. JavaScript only, each chunk gzipped
 * on its own at level 9. `npm run e2e` runs it right after building the renderer; it exits 1
 * over the budget, naming the chunks and their sizes.
 */

export const BUDGET_BYTES = 101 * 1024;
export const MANIFEST = '.vite/manifest.json';

const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    isEntry: z.boolean().optional(),
    imports: z.array(z.string()).optional(),
    dynamicImports: z.array(z.string()).optional(),
  }),
);
export type Manifest = z.infer<typeof manifestSchema>;

export interface ChunkSize {
  file: string;
  gzipBytes: number;
}

export interface BudgetReport {
  budgetBytes: number;
  /** The first load: entries and their static imports, in the order they were reached. */
  firstLoad: ChunkSize[];
  totalBytes: number;
  /** Every other JavaScript chunk: loaded on demand, not counted. */
  onDemand: ChunkSize[];
  ok: boolean;
}

/** The manifest keys of the first load: each entry, then what it imports statically, transitively. */
export function firstLoadKeys(manifest: Manifest): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest names ${key} as an import but has no such chunk.`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  if (entries.length === 0) throw new Error('The manifest has no entry chunk.');
  entries.forEach(visit);
  return [...seen];
}

function readManifest(outDir: string): Manifest {
  let text: string;
  try {
    text = readFileSync(join(outDir, MANIFEST), 'utf8');
  } catch {
    throw new Error(`No Vite manifest at ${join(outDir, MANIFEST)}: build the renderer first (npm run build:renderer).`);
  }
  return manifestSchema.parse(JSON.parse(text));
}

export function measureBudget(outDir: string, budgetBytes = BUDGET_BYTES): BudgetReport {
  const manifest = readManifest(outDir);
  const size = (file: string): ChunkSize => ({ file, gzipBytes: gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length });
  const javascript = (file: string) => file.endsWith('.js');
  const first = firstLoadKeys(manifest).map((key) => manifest[key]!.file);
  const firstLoad = first.filter(javascript).map(size);
  const onDemand = [...new Set(Object.values(manifest).map((chunk) => chunk.file))]
    .filter((file) => javascript(file) && !first.includes(file))
    .map(size)
    .sort((a, b) => b.gzipBytes - a.gzipBytes);
  const totalBytes = firstLoad.reduce((sum, chunk) => sum + chunk.gzipBytes, 0);
  return { budgetBytes, firstLoad, totalBytes, onDemand, ok: totalBytes <= budgetBytes };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

export function describeBudget(report: BudgetReport): string {
  const line = ({ file, gzipBytes }: ChunkSize) => `  ${kib(gzipBytes).padStart(10)}  ${file}`;
  const verdict = report.ok
    ? `First load ${kib(report.totalBytes)} of JavaScript (gzip -9), within the budget of ${kib(report.budgetBytes)}.`
    : `First load ${kib(report.totalBytes)} of JavaScript (gzip -9) is over the budget of ${kib(report.budgetBytes)} ` +
      `by ${kib(report.totalBytes - report.budgetBytes)}: load more of it on demand (renderer/areas.ts).`;
  return [
    'First load (the entry and its static imports):',
    ...report.firstLoad.map(line),
    'On demand (not counted):',
    ...report.onDemand.map(line),
    verdict,
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const report = measureBudget(resolve(process.argv[2] ?? 'dist/renderer'));
  const text = describeBudget(report);
  if (report.ok) console.log(text);
  else {
    console.error(text);
    process.exitCode = 1;
  }
}
