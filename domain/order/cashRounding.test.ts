import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cashDue, cashRoundingDifference, roundCash } from './cashRounding';

describe('Dutch cash rounding (docs/api.md §10.1)', () => {
  it('rounds each last digit as the rule says', () => {
    const table: [number, number][] = [
      [460, 460],
      [461, 460],
      [462, 460],
      [463, 465],
      [464, 465],
      [465, 465],
      [466, 465],
      [467, 465],
      [468, 470],
      [469, 470],
    ];
    expect(table.map(([exact]) => roundCash(exact))).toEqual(table.map(([, rounded]) => rounded));
  });

  it('records €3.43 paid as €3.45 as +2, and €4.63 as +2', () => {
    expect(cashRoundingDifference(343)).toBe(2);
    expect(cashRoundingDifference(463)).toBe(2);
    expect(cashRoundingDifference(1999)).toBe(1);
    expect(cashRoundingDifference(1001)).toBe(-1);
  });

  it('rounds a refund (a negative amount) as the payment it gives back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (cents) => {
        expect(roundCash(-cents)).toBe(0 - roundCash(cents));
      }),
    );
  });

  it('always lands on a multiple of 5 within 2 cents of the exact amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), (cents) => {
        const rounded = roundCash(cents);
        expect(Math.abs(rounded % 5)).toBe(0);
        expect(Math.abs(rounded - cents)).toBeLessThanOrEqual(2);
        expect(cashRoundingDifference(cents)).toBe(rounded - cents);
      }),
    );
  });

  it('leaves the amount exact when rounding is off', () => {
    expect(cashDue(463, false)).toBe(463);
    expect(cashDue(463, true)).toBe(465);
  });
});
