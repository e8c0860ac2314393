import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cashDue, cashHandover, roundCash, roundedAsRecorded } from './cashRounding';

const cashRoundingDifference = (cents: number) => cashHandover(cents, true).rounding;

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

  it('decides each cash amount that changes hands: €4.63 with €5 gives €0.35; exact €4.65 none; a refund hands back €4.65', () => {
    expect(cashHandover(463, true, 500)).toEqual({ exact: 463, rounding: 2, handed: 465, tendered: 500, change: 35 });
    expect(cashHandover(463, true, 465).change).toBe(0);
    expect(cashHandover(463, true)).toEqual({ exact: 463, rounding: 2, handed: 465, tendered: null, change: null });
    // Rounding turned off by a manager (docs/counter.md §17): the exact amount changes hands.
    expect(cashHandover(463, false, 500)).toMatchObject({ rounding: 0, handed: 463, change: 37 });
  });

  it('a taken payment was rounded exactly when a rounding was recorded with it', () => {
    expect([roundedAsRecorded(2), roundedAsRecorded(-1), roundedAsRecorded(0), roundedAsRecorded(undefined)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.boolean(), (exact, on) => {
        const taken = cashHandover(exact, on);
        expect(cashHandover(exact, roundedAsRecorded(taken.rounding))).toEqual(taken);
      }),
    );
  });
});
