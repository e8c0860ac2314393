import type { Product } from '../../shared/schemas/reference';

/** The catalogue as a tree (parentProductId), its search and the quick keys. */

export interface ProductNode {
  product: Product;
  children: ProductNode[];
}

export function buildTree(products: readonly Product[]): ProductNode[] {
  const nodes = new Map<number, ProductNode>();
  for (const product of products) nodes.set(product.productId, { product, children: [] });
  const roots: ProductNode[] = [];
  for (const product of products) {
    const node = nodes.get(product.productId)!;
    const parent = product.parentProductId === null ? undefined : nodes.get(product.parentProductId);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}

export function childrenOf(products: readonly Product[], productId: number): Product[] {
  return products.filter((p) => p.parentProductId === productId);
}

export function isLeaf(products: readonly Product[], productId: number): boolean {
  return !products.some((p) => p.parentProductId === productId);
}

/** Leaves under a product (itself when it is one), for choosing a variant. */
export function leavesUnder(products: readonly Product[], productId: number): Product[] {
  const children = childrenOf(products, productId);
  if (children.length === 0) {
    const self = products.find((p) => p.productId === productId);
    return self ? [self] : [];
  }
  return children.flatMap((c) => leavesUnder(products, c.productId));
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s-]+/g, '');

/** Products whose name or FIKO article number contains the text (accents, case and dashes ignored). */
export function searchProducts(products: readonly Product[], text: string): Product[] {
  const needle = fold(text.trim());
  if (!needle) return [];
  return products.filter(
    (p) => fold(p.productName).includes(needle) || fold(p.fikoArticleNumber).includes(needle),
  );
}

export type SalesCounts = Record<number, number>;

/** The nine most sold products that can be sold as they are; ties keep the catalogue's order. */
export function quickProducts(products: readonly Product[], counts: SalesCounts): Product[] {
  return products
    .map((product, index) => ({ product, index, count: counts[product.productId] ?? 0 }))
    .filter(({ product }) => isLeaf(products, product.productId))
    .sort((a, b) => b.count - a.count || a.index - b.index)
    .slice(0, 9)
    .map(({ product }) => product);
}

const COUNTS_KEY = 'counter.salesCounts';

export function loadSalesCounts(): SalesCounts {
  try {
    const raw = globalThis.localStorage?.getItem(COUNTS_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' ? (parsed as SalesCounts) : {};
  } catch {
    return {};
  }
}

export function recordSale(productId: number, quantity: number): void {
  try {
    const counts = loadSalesCounts();
    counts[productId] = (counts[productId] ?? 0) + quantity;
    globalThis.localStorage?.setItem(COUNTS_KEY, JSON.stringify(counts));
  } catch {
    // Counting is a convenience: a full or absent storage changes nothing else.
  }
}
