import { describe, expect, it } from 'vitest';
import { fmt, goalVerdict, comparison, latencyColumns, latencyOf, percentile, ratio, roundRatios, summary, table } from './report';

describe('ratio', () => {
  it('is NaN against a baseline that measured nothing, printed as a dash', () => {
    expect(ratio(5, 0)).toBeNaN();
    expect(fmt.ratio(ratio(5, 0))).toBe('-');
  });

  it('is taken round by round, then summarised', () => {
    expect(roundRatios([2, 9, 4], [1, 3, 4])).toEqual({ median: 2, min: 1, max: 3 });
  });
});

describe('percentile', () => {
  it('takes the nearest rank, whatever the order of the samples', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(samples, 50)).toBe(51);
    expect(percentile(samples, 99)).toBe(100);
    expect(latencyOf([3, 1, 2])).toEqual({ p50: 2, p99: 3 });
  });
});

describe('comparison', () => {
  it('prints both sides’ p50 and p99 over the rounds, their ratios and a verdict where there is a goal', () => {
    const text = comparison(
      {
        name: 'handler',
        rounds: [
          { p50: 3, p99: 10 },
          { p50: 4, p99: 12 },
          { p50: 5, p99: 30 },
        ],
      },
      {
        name: 'bare',
        rounds: [
          { p50: 1, p99: 10 },
          { p50: 2, p99: 10 },
          { p50: 2, p99: 10 },
        ],
      },
      latencyColumns({ p50: 2 }),
    );
    expect(text.split('\n')).toEqual([
      '                p50 ms              p99 ms',
      '--------------  ------------------  -------------------',
      'handler         4.00 (3.00–5.00)    12.00 (10.00–30.00)',
      'bare            2.00 (1.00–2.00)    10.00 (10.00–10.00)',
      'handler / bare  2.50 (2.00–3.00)    1.20 (1.00–3.00)',
      'goal            at most 2.00: MISS  none',
    ]);
  });

  it('checks a lower goal on any figure, with its own decimals', () => {
    const text = comparison({ name: 'sync', rounds: [800, 900, 1000] }, { name: 'direct', rounds: [1600, 1500, 2500] }, [
      { label: 'orders/s', of: (r) => r, goal: { direction: '>=', value: 0.5 }, digits: 0 },
    ]);
    expect(text.split('\n').slice(2)).toEqual([
      'sync           900 (800–1000)',
      'direct         1600 (1500–2500)',
      'sync / direct  0.50 (0.40–0.60)',
      'goal           at least 0.50: PASS',
    ]);
  });

  it('calls every goal invalid when a request failed, whatever the ratio', () => {
    const text = comparison(
      { name: 'central', rounds: [1000] },
      { name: 'bare', rounds: [900] },
      [{ label: 'req/s', of: (r) => r, goal: { direction: '>=', value: 0.9 } }],
      1,
    );
    expect(text.split('\n').at(-1)).toBe('goal            at least 0.90: INVALID');
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
