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
  /** Median latency, milliseconds. */
  p50: number;
  /** Answers that were not 2xx, plus connection errors and timeouts: any makes the run suspect. */
  failed: number;
  total: number;
  /** How busy the cores were during the run (runLoad's runs). */
  cpu?: CpuShares;
}

export type Verdict = 'PASS' | 'MISS' | 'INVALID';

/** subject/baseline; NaN when the baseline is nothing (a broken run, not a ratio). */
export function ratio(subject: number, baseline: number): number {
  return baseline > 0 ? subject / baseline : Number.NaN;
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

/**
 * The ratio of two measures taken in the same rounds, round by round (each round's pair saw the
 * same weather), summarised as the median and spread of the rounds.
 */
export function roundRatios(subject: number[], baseline: number[]): { median: number; min: number; max: number } {
  return summary(subject.map((s, i) => ratio(s, baseline[i] ?? Number.NaN)));
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

/** The p-th percentile of samples, nearest rank. */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** One round's latencies, milliseconds. */
export interface Latency {
  p50: number;
  p99: number;
}

export const latencyOf = (samples: number[]): Latency => ({ p50: percentile(samples, 50), p99: percentile(samples, 99) });

/** A goal on subject/baseline: at least or at most `value`. */
export interface Goal {
  direction: '>=' | '<=';
  value: number;
}

/** A figure of every round, printed for both sides with their ratio, and its goal if it has one. */
export interface Column<T> {
  label: string;
  of: (round: T) => number;
  goal?: Goal;
  /** Decimals of the figure (ratios always have 2). */
  digits?: number;
}

const goalText = (goal: Goal | undefined, median: number, failed: number) =>
  goal
    ? `${goal.direction === '<=' ? 'at most' : 'at least'} ${goal.value.toFixed(2)}: ${goalVerdict(median, goal.value, goal.direction, failed)}`
    : 'none';

/**
 * A measure against its baseline over the same interleaved rounds: each figure of both sides
 * (the median of the rounds and their spread), subject/baseline per round (median, spread), and
 * the verdict of each goal on the median ratio; a figure without a goal is printed all the same.
 * `failed` requests in the rounds make every verdict INVALID.
 */
export function comparison<T>(
  subject: { name: string; rounds: T[] },
  baseline: { name: string; rounds: T[] },
  columns: Column<T>[],
  failed = 0,
): string {
  const figures = (rounds: T[]) => columns.map((c) => fmt.spread(summary(rounds.map(c.of)), c.digits ?? 2));
  const ratios = columns.map((c) => roundRatios(subject.rounds.map(c.of), baseline.rounds.map(c.of)));
  return table(
    ['', ...columns.map((c) => c.label)],
    [
      [subject.name, ...figures(subject.rounds)],
      [baseline.name, ...figures(baseline.rounds)],
      [`${subject.name} / ${baseline.name}`, ...ratios.map((r) => fmt.spread(r))],
      ['goal', ...columns.map((c, i) => goalText(c.goal, ratios[i]!.median, failed))],
    ],
  );
}

/** p50 and p99 columns, with goals on subject/baseline (at most) where there are any. */
export function latencyColumns(goals: Partial<Record<keyof Latency, number>>): Column<Latency>[] {
  return (['p50', 'p99'] as const).map((k) => {
    const value = goals[k];
    return { label: `${k} ms`, of: (r) => r[k], goal: value === undefined ? undefined : { direction: '<=', value } };
  });
}

export const fmt = {
  rps: (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '-'),
  ms: (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '-'),
  ratio: (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '-'),
  /** A median with its spread: `1.02 (0.95–1.10)`. */
  spread: (s: { median: number; min: number; max: number }, digits = 2) =>
    Number.isFinite(s.median) ? `${s.median.toFixed(digits)} (${s.min.toFixed(digits)}–${s.max.toFixed(digits)})` : '-',
};
