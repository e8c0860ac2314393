import { describe, expect, it } from 'vitest';
import type { Product } from '../../shared/schemas/reference';
import { lineAmounts, orderTotal } from './amounts';
import { addDays, ageOn, startTooLate } from './dates';

const priced = (amountInclTax: number, taxPercentage: number | null) => ({ amountInclTax, taxPercentage }) as Product;

describe('amounts (CONTRACT 3.1, cents)', () => {
  it('a line is unit price times quantity, with tax split out and rounded', () => {
    // 3 × 333 = 999; 999 / 1.21 = 825.6 → 826, tax 173.
    expect(lineAmounts(priced(333, 21), 3, true)).toEqual({ amountInclTax: 999, amountExclTax: 826, taxAmount: 173 });
    // 950 / 1.09 = 871.56 → 872.
    expect(lineAmounts(priced(950, 9), 1, true)).toEqual({ amountInclTax: 950, amountExclTax: 872, taxAmount: 78 });
  });

  it('no tax percentage: amountExclTax and taxAmount are null', () => {
    expect(lineAmounts(priced(515, null), 2, true)).toEqual({ amountInclTax: 1030, amountExclTax: null, taxAmount: null });
  });

  it('a line on a product that is not a leaf costs nothing', () => {
    expect(lineAmounts(priced(12_345, 21), 4, false)).toEqual({ amountInclTax: 0, amountExclTax: 0, taxAmount: 0 });
  });

  it('the total is the sum of the lines, 0 without lines', () => {
    expect(orderTotal([{ amountInclTax: 999 }, { amountInclTax: 1 }])).toBe(1000);
    expect(orderTotal([])).toBe(0);
  });
});

describe('dates', () => {
  it('age in whole years on the UTC calendar, a birthday counting from its day', () => {
    expect(ageOn('2000-06-15', new Date('2030-06-14T23:59:59Z'))).toBe(29);
    expect(ageOn('2000-06-15', new Date('2030-06-15T00:00:00Z'))).toBe(30);
    // Born on 29 February: a year older on 1 March in a year without one.
    expect(ageOn('2004-02-29', new Date('2031-02-28T12:00:00Z'))).toBe(26);
    expect(ageOn('2004-02-29', new Date('2031-03-01T00:00:00Z'))).toBe(27);
  });

  it('a start date may be 60 days ahead, not a millisecond more (interface.md 8)', () => {
    const now = new Date('2030-01-01T10:00:00.000Z');
    expect(startTooLate('2030-03-02T10:00:00.000Z', now)).toBe(false);
    expect(startTooLate('2030-03-02T10:00:00.001Z', now)).toBe(true);
    expect(startTooLate('2029-01-01T00:00:00.000Z', now)).toBe(false);
  });

  it('adds whole days', () => {
    expect(addDays('2030-02-27T08:00:00.000Z', 2)).toBe('2030-03-01T08:00:00.000Z');
  });
});
