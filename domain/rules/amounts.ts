import type { Product } from '../../shared/schemas/reference';

export interface LineAmounts {
  amountInclTax: number;
  amountExclTax: number | null;
  taxAmount: number | null;
}

/**
 * docs/api.md §3.1: amounts are euro cents; a line's amount is unit price × quantity, and a
 * line whose product is not a leaf costs nothing until a leaf is chosen.
 */
export function lineAmounts(product: Product, quantity: number, isLeaf: boolean): LineAmounts {
  const amountInclTax = isLeaf ? product.amountInclTax * quantity : 0;
  if (product.taxPercentage === null) return { amountInclTax, amountExclTax: null, taxAmount: null };
  const amountExclTax = Math.round(amountInclTax / (1 + product.taxPercentage / 100));
  return { amountInclTax, amountExclTax, taxAmount: amountInclTax - amountExclTax };
}

export function orderTotal(lines: readonly { amountInclTax: number }[]): number {
  return lines.reduce((sum, line) => sum + line.amountInclTax, 0);
}
