import { describe, expect, it } from 'vitest';
import { fmt, goalVerdict, mergeSlices, ratio, summary, table, verdict, type Figures } from './report';

const ok = (rps: number, p99 = 10, total = rps): Figures => ({ rps, p99, failed: 0, total });

describe('ratio and verdict', () => {
  it('passes at the goal and misses below it', () => {
    expect(verdict(ratio(70, 100), 0.7, ok(70), ok(100))).toBe('PASS');
    expect(verdict(ratio(69, 100), 0.7, ok(69), ok(100))).toBe('MISS');
  });

  it('calls a run with failed requests invalid, whatever the ratio', () => {
    expect(verdict(2, 0.6, { ...ok(200), failed: 3 }, ok(100))).toBe('INVALID');
    expect(verdict(0.1, 0.6, ok(10), { ...ok(100), failed: 1 })).toBe('INVALID');
  });

  it('has no ratio against a baseline that served nothing', () => {
    expect(ratio(5, 0)).toBeNaN();
    expect(verdict(ratio(5, 0), 0.6, ok(5), ok(0))).toBe('INVALID');
    expect(fmt.ratio(Number.NaN)).toBe('-');
  });
});

describe('mergeSlices', () => {
  it('averages rates, weights p99 by requests and sums failures', () => {
    const merged = mergeSlices([
      { rps: 100, p99: 10, failed: 0, total: 300 },
      { rps: 300, p99: 30, failed: 2, total: 100 },
    ]);
    expect(merged).toEqual({ rps: 200, p99: 15, failed: 2, total: 400 });
  });
});

describe('table', () => {
  it('aligns text left and numbers right', () => {
    expect(
      table(
        ['name', 'req/s'],
        [
          ['central', 950],
          ['bare', 1200],
        ],
      ).split('\n'),
    ).toEqual(['name     req/s', '-------  -----', 'central    950', 'bare      1200']);
  });
});

describe('rounds', () => {
  it('summarise as their median and spread', () => {
    expect(summary([3, 1, 2])).toEqual({ median: 2, min: 1, max: 3 });
    expect(summary([4, 1, 2, 3])).toEqual({ median: 2.5, min: 1, max: 4 });
    expect(fmt.spread(summary([0.9, 1.1, 1]))).toBe('1.00 (0.90–1.10)');
    expect(summary([])).toEqual({ median: NaN, min: NaN, max: NaN });
  });

  it('meet an upper or a lower goal by their median, and are invalid with a failed request', () => {
    expect(goalVerdict(2, 2, '<=', 0)).toBe('PASS');
    expect(goalVerdict(2.01, 2, '<=', 0)).toBe('MISS');
    expect(goalVerdict(0.89, 0.9, '>=', 0)).toBe('MISS');
    expect(goalVerdict(0.95, 0.9, '>=', 1)).toBe('INVALID');
  });
});
