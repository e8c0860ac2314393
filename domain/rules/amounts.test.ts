import { describe, expect, it } from 'vitest';
import type { Product } from '../../shared/schemas/reference';
import { lineAmounts, orderTotal } from './amounts';

const priced = (amountInclTax: number, taxPercentage: number | null) => ({ amountInclTax, taxPercentage }) as Product;

describe('amounts (docs/api.md §3.1, cents)', () => {
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
