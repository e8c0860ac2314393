import type { CpuShares } from './cpu';

/**
 * Pure formatting of benchmark figures: kept apart from the runs so that what decides PASS
 * or MISS can be unit-tested without starting servers.
 */

export interface Figures {
  /** Mean requests per second over the measured run. */
  rps: number;
  /** 99th percentile latency, milliseconds. */
  p99: number;
  /** Median latency, milliseconds (absent where only merged slices were kept). */
  p50?: number;
  /** Answers that were not 2xx, plus connection errors and timeouts: any makes the run suspect. */
  failed: number;
  total: number;
  /** How busy the cores were during the run (runLoad's runs). */
  cpu?: CpuShares;
}

export type Verdict = 'PASS' | 'MISS' | 'INVALID';

/**
 * Equal-length slices of one server and endpoint as one run: the mean rate; p99 as the
 * mean of the slices' p99 weighted by their requests (autocannon gives no raw latencies to
 * merge); every failure counted.
 */
export function mergeSlices(slices: Figures[]): Figures {
  const total = slices.reduce((sum, f) => sum + f.total, 0);
  return {
    rps: slices.reduce((sum, f) => sum + f.rps, 0) / slices.length,
    p99: total > 0 ? slices.reduce((sum, f) => sum + f.p99 * f.total, 0) / total : Number.NaN,
    failed: slices.reduce((sum, f) => sum + f.failed, 0),
    total,
  };
}

/** central/bare; NaN when the baseline served nothing (a broken run, not a ratio). */
export function ratio(subject: number, baseline: number): number {
  return baseline > 0 ? subject / baseline : Number.NaN;
}

/**
 * A ratio meets its goal when at least the goal. A run where either side failed requests
 * is INVALID rather than PASS/MISS: fast 401s or 500s would flatter the ratio.
 */
export function verdict(value: number, goal: number, subject: Figures, baseline: Figures): Verdict {
  if (subject.failed > 0 || baseline.failed > 0 || !Number.isFinite(value)) return 'INVALID';
  return value >= goal ? 'PASS' : 'MISS';
}

/** Renders rows as a plain, aligned text table (numbers right-aligned) for a terminal or a log. */
export function table(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const numeric = header.map((_, i) => rows.length > 0 && rows.every((r) => typeof r[i] === 'number' || /^[\d.,]+$/.test(String(r[i]))));
  const line = (r: string[]) =>
    r
      .map((c, i) => (numeric[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(cells[0]!), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

/** The median of some rounds' values and their spread (min–max): the verdict goes by the median. */
export function summary(values: number[]): { median: number; min: number; max: number } {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return { median: Number.NaN, min: Number.NaN, max: Number.NaN };
  const mid = sorted.length / 2;
  const median = sorted.length % 2 === 1 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]! };
}

/** A goal on a median: at least (`>=`) or at most (`<=`) the goal; any failed request makes it INVALID. */
export function goalVerdict(value: number, goal: number, direction: '>=' | '<=', failed: number): Verdict {
  if (failed > 0 || !Number.isFinite(value)) return 'INVALID';
  return (direction === '>=' ? value >= goal : value <= goal) ? 'PASS' : 'MISS';
}

export const fmt = {
  rps: (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '-'),
  ms: (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-'),
  ratio: (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '-'),
  /** A median with its spread: `1.02 (0.95–1.10)`. */
  spread: (s: { median: number; min: number; max: number }, digits = 2) =>
    Number.isFinite(s.median) ? `${s.median.toFixed(digits)} (${s.min.toFixed(digits)}–${s.max.toFixed(digits)})` : '-',
};
