import type { Order } from '../../shared/schemas/order';
import type { FixtureTransitToken, Product } from '../../shared/schemas/reference';
import { API, expectOrder, type CallOptions, type Harness } from './harness';

/** Request bodies and the few calls most tests start with. */

export interface LineBody {
  productId: number;
  quantity: number;
  vouchers: unknown[];
  externalOrderLineId?: string | null;
  validFrom?: string | null;
  validUntil?: string | null;
  customerTokens?: TokenBody[] | null;
}

export interface TokenBody {
  tokenTypeId: number;
  transitTokenId?: number | null;
  personalAccountData?: Record<string, unknown> | null;
  [field: string]: unknown;
}

export const line = (product: Product, extra: Partial<LineBody> = {}): LineBody => ({
  productId: product.productId,
  quantity: 1,
  vouchers: [],
  ...extra,
});

/** A registered token as a counter sends it: its type and id, nothing else. */
export const registered = (t: FixtureTransitToken): TokenBody => ({ tokenTypeId: t.tokenTypeId, transitTokenId: t.transitTokenId });

/** An anonymous token of a type the product takes, optionally with a birthdate. */
export const anonymous = (product: Product, birthdate?: string): TokenBody => ({
  tokenTypeId: product.tokenTypeIds[0]!,
  ...(birthdate ? { personalAccountData: { birthdate } } : {}),
});

export function orderBody(h: Harness, lines: LineBody[], extra: Record<string, unknown> = {}) {
  return { externalOrderId: null, languageId: h.roles.language.languageId, orderLines: lines, ...extra };
}

export async function createOrder(
  h: Harness,
  lines: LineBody[] = [line(h.roles.plain)],
  extra: Record<string, unknown> = {},
  options: CallOptions = {},
): Promise<Order> {
  return expectOrder(await h.call('POST', `${API}/orders`, { ...options, body: orderBody(h, lines, extra) }), 201);
}

export const IBAN = 'NL91ABNA0417164300';
export const BIC = 'ABNANL2A';

export const mandateInput = { directDebitMandateTypeId: 3, bic: BIC, iban: IBAN, ascription: 'A. Traveller', place: 'Utrecht' };

/** Each payment its own reference: a repeated one is a repeat of the same payment (docs/api.md §8). */
let paymentsMade = 0;

export async function pay(h: Harness, order: Order, extra: Record<string, unknown> = {}, options: CallOptions = {}): Promise<Order> {
  const body = {
    paymentMethodId: h.roles.paymentMethod.paymentMethodId,
    amountDebit: order.totalAmount,
    operatorPaymentReference: `op-${order.orderNumber}-${++paymentsMade}`,
    ...extra,
  };
  return expectOrder(await h.call('POST', `${API}/orders/${order.orderId}/payments`, { ...options, body }));
}

export async function setPaymentStatus(h: Harness, paymentId: string, statusCode: string, options: CallOptions = {}) {
  return expectOrder(await h.call('POST', `${API}/payments/${paymentId}/status`, { ...options, body: { statusCode } }));
}

/** A paid order: one plain line, paid in cash and settled at once. */
export async function paidOrder(h: Harness, lines?: LineBody[]): Promise<Order> {
  return pay(h, await createOrder(h, lines), { statusCode: 'SETTLED' });
}
