import type { Order } from '../../shared/schemas/order';
import type { Product } from '../../shared/schemas/reference';
import { isLeaf } from './catalogTree';
import { chosenTokenTypeId, paymentGate, tokenCombination } from './orderView';
import { remarkItems } from './remarks';
import type { ChosenToken } from './saleStore';

/**
 * What a touch on a product does. A product that needs nothing before it can be a line is
 * added at once; one that needs a decision first opens the product card on exactly that
 * step. What can be resolved on the line (a token, personal data, a mandate) is not asked
 * here: the line is added and the remark panel leads on.
 */
export type PickStep = 'variant' | 'start-date' | 'token-not-allowed' | null;

export function stepBeforeAdding(products: readonly Product[], product: Product, token: ChosenToken | null): PickStep {
  if (!isLeaf(products, product.productId)) return 'variant';
  if (product.requires.validFrom || product.validityDays !== null) return 'start-date';
  if (token && tokenCombination(product, chosenTokenTypeId(token)) === 'type-not-allowed') return 'token-not-allowed';
  return null;
}

/** Where the focus goes in the product card for a step. */
export const STEP_FOCUS: Record<Exclude<PickStep, null>, string> = {
  variant: 'product-variants',
  'start-date': 'add-start',
  'token-not-allowed': 'add-without-token',
};

/** The id of the next thing to do on an order: its first remark's action, else Pay. */
export function nextActionId(order: Order): string {
  const first = remarkItems(order)[0];
  if (first) return remarkActionId(first.key);
  return paymentGate(order).allowed ? 'pay' : 'remarks-title';
}

export const remarkActionId = (key: string) => `remark-action-${key}`;
