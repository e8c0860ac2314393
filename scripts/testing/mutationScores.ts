import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';

/**
 * The mutation score per folder of the mutation targets (`stryker.config.mjs`), read from
 * Stryker's JSON reports (one per test set); exits 1 when a folder is under the bar. Stryker's `thresholds.break`
 * judges the whole run only, so a well-tested folder could hide a poorly tested one.
 *
 * Score = detected / (valid − equivalent): detected are Killed and Timeout, valid adds Survived
 * and NoCoverage (as Stryker counts; compile errors and ignored mutants are no test of the
 * tests). A survivor listed in MUTATION.md as equivalent (same file, line, column and mutator)
 * leaves the denominator: no test can tell it from the original. The raw score is printed too.
 */

export const BAR = 85;

const mutant = z.object({
  mutatorName: z.string(),
  status: z.string(),
  location: z.object({ start: z.object({ line: z.number(), column: z.number() }) }),
});
const report = z.object({ files: z.record(z.string(), z.object({ mutants: z.array(mutant) })) });
export type MutationReport = z.infer<typeof report>;

export interface Equivalent {
  file: string;
  line: number;
  column: number;
  mutator: string;
}

export interface FolderScore {
  target: string;
  detected: number;
  survived: number;
  noCoverage: number;
  equivalent: number;
  /** Percentages; null when the folder had no mutant in the report. */
  raw: number | null;
  score: number | null;
}

/** A Stryker `mutate` glob as a regular expression: `**` any folders (or none), `*` within one name. */
export function globToRegExp(glob: string): RegExp {
  let pattern = '';
  for (let i = 0; i < glob.length; i++) {
    if (glob.startsWith('**/', i)) {
      pattern += '(?:.*/)?';
      i += 2;
    } else if (glob[i] === '*') pattern += '[^/]*';
    else pattern += glob[i]!.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${pattern}$`);
}

/** The folder a target reports under: its glob's tail (`/**` + `/*.ts`) left off. */
export const folderOf = (target: string) => target.replace(/\/\*\*\/\*\.ts$/, '');

/**
 * Equivalent mutants from MUTATION.md's table rows: `| \`file:line:column\` | Mutator | why |`.
 */
export function parseEquivalents(markdown: string): Equivalent[] {
  const rows = markdown.matchAll(/^\|\s*`([^`:]+):(\d+):(\d+)`\s*\|\s*(\w+)\s*\|/gm);
  return [...rows].map(([, file, line, column, mutator]) => ({
    file: file!,
    line: Number(line),
    column: Number(column),
    mutator: mutator!,
  }));
}

const percent = (part: number, whole: number) => (whole === 0 ? null : (100 * part) / whole);

/** Each target's counts: a file counts for the first target whose glob matches it. */
export function folderScores(data: MutationReport, targets: string[], equivalents: Equivalent[]): FolderScore[] {
  const matchers = targets.map((target) => ({ target, re: globToRegExp(target) }));
  const scores = new Map(targets.map((target) => [target, { target, detected: 0, survived: 0, noCoverage: 0, equivalent: 0 }]));
  for (const [file, { mutants }] of Object.entries(data.files)) {
    const target = matchers.find((m) => m.re.test(file))?.target;
    if (!target) continue;
    const counts = scores.get(target)!;
    for (const m of mutants) {
      if (m.status === 'Killed' || m.status === 'Timeout') counts.detected++;
      else if (m.status === 'NoCoverage') counts.noCoverage++;
      else if (m.status === 'Survived') {
        const { line, column } = m.location.start;
        const listed = equivalents.some((e) => e.file === file && e.line === line && e.column === column && e.mutator === m.mutatorName);
        if (listed) counts.equivalent++;
        else counts.survived++;
      }
    }
  }
  return [...scores.values()].map((c) => {
    const missed = c.survived + c.noCoverage;
    return { ...c, raw: percent(c.detected, c.detected + missed + c.equivalent), score: percent(c.detected, c.detected + missed) };
  });
}

/** Listed equivalents that match no surviving mutant: the code moved, the entry must be checked again. */
export function staleEquivalents(data: MutationReport, equivalents: Equivalent[]): Equivalent[] {
  return equivalents.filter(
    (e) =>
      !data.files[e.file]?.mutants.some(
        (m) =>
          m.status === 'Survived' &&
          m.mutatorName === e.mutator &&
          m.location.start.line === e.line &&
          m.location.start.column === e.column,
      ),
  );
}

const shown = (value: number | null) => (value === null ? '   -  ' : `${value.toFixed(1).padStart(5)}%`);

export function formatScores(scores: FolderScore[]): string {
  const width = Math.max(...scores.map((s) => folderOf(s.target).length));
  const head = `${'folder'.padEnd(width)}  score    raw  killed survived no-cov equivalent`;
  const rows = scores.map(
    (s) =>
      `${folderOf(s.target).padEnd(width)}  ${shown(s.score)} ${shown(s.raw)} ${String(s.detected).padStart(7)} ${String(s.survived).padStart(8)} ` +
      `${String(s.noCoverage).padStart(6)} ${String(s.equivalent).padStart(10)}`,
  );
  return [head, ...rows].join('\n');
}

/** Folders under the bar, or absent from the report (a target whose glob matches nothing any more). */
export const failing = (scores: FolderScore[]) => scores.filter((s) => s.score === null || s.score < BAR);

/** Every test set's report merged: each set mutates its own folders (stryker.config.mjs). */
export function mergeReports(reports: MutationReport[]): MutationReport {
  return { files: Object.assign({}, ...reports.map((r) => r.files)) };
}

const targetList = z.object({ mutationTargets: z.array(z.object({ files: z.string() })).min(1) });

/**
 * The reports in reports/mutation/, oldest first so that a newer report of a file wins: one per
 * test set, and those of narrower runs (`npm run mutate -- domain --mutate 'domain/rules/**'`).
 */
function readReports(root: string): MutationReport[] {
  const folder = resolve(root, 'reports/mutation');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .map((name) => resolve(folder, name))
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs)
    .map((file) => report.parse(JSON.parse(readFileSync(file, 'utf8'))));
}

export async function printScores(root = process.cwd()): Promise<boolean> {
  const { mutationTargets } = targetList.parse(await import(pathToFileURL(resolve(root, 'stryker.config.mjs')).href));
  const data = mergeReports(readReports(root));
  const equivalents = parseEquivalents(readFileSync(resolve(root, 'MUTATION.md'), 'utf8'));
  const scores = folderScores(
    data,
    mutationTargets.map((t) => t.files),
    equivalents,
  );
  console.log(formatScores(scores));
  for (const e of staleEquivalents(data, equivalents)) {
    console.log(`MUTATION.md lists ${e.file}:${e.line}:${e.column} ${e.mutator}, which no surviving mutant matches: check it again`);
  }
  const below = failing(scores);
  for (const s of below) console.log(`${folderOf(s.target)}: ${s.score === null ? 'no mutants in the reports' : `under ${BAR} %`}`);
  return below.length === 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href && !(await printScores())) process.exitCode = 1;
