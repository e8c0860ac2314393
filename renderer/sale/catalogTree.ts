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
  return products.filter((p) => fold(p.productName).includes(needle) || fold(p.fikoArticleNumber).includes(needle));
}

/**
 * The quick keys 1–9: the products the counter's manager set, in that order (a product the
 * catalogue no longer sells as it is leaves its key empty); without a setting, the first nine
 * products that can be sold as they are, in the catalogue's order, leaving out a product with a
 * role (the replacement fee is sold from the card service, docs/counter.md §22.3). They never move
 * by themselves.
 */
export function quickProducts(products: readonly Product[], configured: readonly (number | null)[] | null): (Product | null)[] {
  const sellable = products.filter((p) => isLeaf(products, p.productId));
  if (configured === null) return sellable.filter((p) => p.role === undefined).slice(0, 9);
  return configured.slice(0, 9).map((id) => sellable.find((p) => p.productId === id) ?? null);
}
