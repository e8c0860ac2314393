import type { Order } from '../../shared/schemas/order';
import type { FixtureTransitToken } from '../../shared/schemas/reference';
import { CRUD, type CallOptions, type Harness } from './harness';
import { createOrder, line, pay, registered } from './orders';

/** Card operations as the suites call them (docs/api.md §12). */

/** Version-4-shaped request ids that count up, apart from the harness's own ids. */
let requests = 0;
export const requestId = () => `eeeeeeee-0000-4000-8000-${(++requests).toString(16).padStart(12, '0')}`;

export const cardUrl = (transitTokenId: number, what: string) => `${CRUD}/transittokens/${transitTokenId}/${what}`;

export const blockCard = (h: Harness, transitTokenId: number, body: Record<string, unknown> = {}, options: CallOptions = {}) =>
  h.call('POST', cardUrl(transitTokenId, 'block'), { ...options, body: { requestId: requestId(), reason: 'LOST', ...body } });

export const unblockCard = (h: Harness, transitTokenId: number, body: Record<string, unknown> = {}, options: CallOptions = {}) =>
  h.call('POST', cardUrl(transitTokenId, 'unblock'), { ...options, body: { requestId: requestId(), ...body } });

/** A 16-digit pass number no fixture card has, written in groups of four. */
let passes = 0;
export const newPassNumber = () => `9999 0000 0000 ${String(++passes).padStart(4, '0')}`;

export const replaceCard = (h: Harness, transitTokenId: number, body: Record<string, unknown> = {}, options: CallOptions = {}) =>
  h.call('POST', cardUrl(transitTokenId, 'replacement'), {
    ...options,
    body: { requestId: requestId(), passNumber: newPassNumber(), fee: { waived: 'defective under warranty' }, ...body },
  });

/** The card as the lookup shows it now. */
export async function lookedUp(h: Harness, transitTokenId: number, options: CallOptions = {}) {
  const res = await h.call<{ transitTokens: { tokenStatus: { tokenStatusId: number }; replacedByTokenId: number | null }[] }>(
    'GET',
    `${CRUD}/transittokens?transitTokenId=${transitTokenId}`,
    options,
  );
  return res.body.transitTokens[0];
}

/** A season product sold on `card` from `validFrom`, paid in cash and settled (a mandate payment's input where it needs one). */
export async function seasonOrder(h: Harness, card: FixtureTransitToken, validFrom: string): Promise<Order> {
  const order = await createOrder(h, [line(h.roles.season, { validFrom, customerTokens: [registered(card)] })]);
  return pay(h, order, { statusCode: 'SETTLED' });
}

/** A paid order of the replacement fee: what a counter sells before it issues a replacement. */
export async function feeOrder(h: Harness, options: CallOptions = {}): Promise<Order> {
  return pay(h, await createOrder(h, [line(h.roles.replacementFee)], {}, options), { statusCode: 'SETTLED' }, options);
}
