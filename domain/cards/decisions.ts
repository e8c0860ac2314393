import { TOKEN_STATUS, named } from '../../shared/enums';
import type { BlockInput, CardEvent, ReplacementInput, RunningProduct } from '../../shared/schemas/cards';
import type { FixtureTransitToken } from '../../shared/schemas/reference';
import { tokenRecord } from '../lookup';
import { invalid, ok, refuse, type Result } from '../result';

/**
 * The card operations of docs/api.md §12 as pure decisions over a card as it is now: what the
 * card becomes, the events written, the answer. The service runs them under the store's lock.
 */

export const CARD_STATUS = { expired: 1, active: 2, replaced: 3, inactive: 4, suspended: 5, removed: 6 } as const;

/** Who writes, and when: what every event carries. */
export interface CardActor {
  at: string;
  touchpointId: number;
  sub: string | null;
  requestId: string;
}

export interface Decided {
  status: number;
  body: unknown;
  cards: FixtureTransitToken[];
  events: { cardId: number; event: CardEvent }[];
}

const event = (actor: CardActor, type: CardEvent['type'], extra: Partial<CardEvent> = {}): CardEvent => ({
  type,
  at: actor.at,
  touchpointId: actor.touchpointId,
  sub: actor.sub,
  requestId: actor.requestId,
  ...extra,
});

/** 409 naming the card's status (docs/api.md §12.1). */
export function statusConflict<T>(card: FixtureTransitToken, doing: string): Result<T> {
  const status = named(TOKEN_STATUS, card.tokenStatusId);
  return refuse({
    kind: 'conflict',
    detail: `Card ${card.transitTokenId} cannot be ${doing}: it is ${status}.`,
    errors: [{ detail: `the card is ${status}`, pointer: '', transitTokenId: card.transitTokenId, tokenStatusId: card.tokenStatusId }],
  });
}

export function block(card: FixtureTransitToken, input: BlockInput, actor: CardActor): Result<Decided> {
  if (card.tokenStatusId === CARD_STATUS.suspended) return ok({ status: 200, body: tokenRecord(card), cards: [], events: [] });
  if (card.tokenStatusId !== CARD_STATUS.active && card.tokenStatusId !== CARD_STATUS.inactive) return statusConflict(card, 'blocked');
  const blocked = { ...card, tokenStatusId: CARD_STATUS.suspended };
  const why = { reason: input.reason, ...(input.note ? { note: input.note } : {}) };
  return ok({
    status: 200,
    body: tokenRecord(blocked),
    cards: [blocked],
    events: [{ cardId: card.transitTokenId, event: event(actor, 'BLOCKED', why) }],
  });
}

/** Only a card whose suspension came from a block (`blockedHere`: its last block event is BLOCKED). */
export function unblock(card: FixtureTransitToken, blockedHere: boolean, actor: CardActor): Result<Decided> {
  if (card.tokenStatusId !== CARD_STATUS.suspended) return statusConflict(card, 'unblocked');
  if (!blockedHere) {
    return refuse({
      kind: 'conflict',
      detail: `Card ${card.transitTokenId} was suspended otherwise than by a block; it cannot be unblocked here.`,
      errors: [{ detail: 'the card was not blocked', pointer: '', transitTokenId: card.transitTokenId, tokenStatusId: card.tokenStatusId }],
    });
  }
  const active = { ...card, tokenStatusId: CARD_STATUS.active };
  return ok({
    status: 200,
    body: tokenRecord(active),
    cards: [active],
    events: [{ cardId: card.transitTokenId, event: event(actor, 'UNBLOCKED') }],
  });
}

/** 3528 0100 0000 4411: a pass number's digits in groups of four, as the fixtures write them. */
export const groupedPassNumber = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

const digitsOf = (s: string | null) => (s ?? '').replace(/\s+/g, '');

/** End of the day five years after `at` (UTC): a new card's expirationDate (docs/api.md §12.2). */
export function newCardExpiry(at: Date): string {
  return new Date(Date.UTC(at.getUTCFullYear() + 5, at.getUTCMonth(), at.getUTCDate(), 23, 59, 59)).toISOString();
}

export interface ReplacementFacts {
  /** Every card as it is now: the fixtures' with the central's over them. */
  cards: readonly FixtureTransitToken[];
  /** What runs on the old card now, moved with it. */
  products: RunningProduct[];
  newIds: { xTat: string; xBot: string };
  /** What the events say about the fee: its order, or why it was waived. */
  feeNote: string;
  now: Date;
}

export function replace(old: FixtureTransitToken, input: ReplacementInput, facts: ReplacementFacts, actor: CardActor): Result<Decided> {
  if (old.tokenStatusId !== CARD_STATUS.active && old.tokenStatusId !== CARD_STATUS.suspended) return statusConflict(old, 'replaced');
  if (input.tokenTypeId !== 2 && input.tokenTypeId !== 3) {
    return invalid([{ detail: 'a replacement is a pass: tokenTypeId 2 (physical) or 3 (digital)', pointer: '/tokenTypeId' }]);
  }
  const holder = facts.cards.find((c) => digitsOf(c.passNumber) === input.passNumber);
  if (holder) {
    return refuse({
      kind: 'conflict',
      detail: `Pass number ${groupedPassNumber(input.passNumber)} belongs to card ${holder.transitTokenId} already.`,
      errors: [{ detail: 'the pass number is taken', pointer: '/passNumber', transitTokenId: holder.transitTokenId }],
    });
  }
  const newId = Math.max(0, ...facts.cards.map((c) => c.transitTokenId)) + 1;
  const balance = old.ePurse?.['e-PurseBalance'] ?? null;
  const fresh: FixtureTransitToken = {
    transitTokenId: newId,
    customerProfileId: old.customerProfileId,
    tokenTypeId: input.tokenTypeId,
    xTat: facts.newIds.xTat,
    xBot: facts.newIds.xBot,
    alias: old.alias,
    lastDigits: Number(input.passNumber.slice(-4)),
    passNumber: groupedPassNumber(input.passNumber),
    tokenStatusId: CARD_STATUS.active,
    expirationDate: newCardExpiry(facts.now),
    replacedByTokenId: null,
    autoReloadRegistration: old.autoReloadRegistration ?? null,
    ePurse: old.ePurse ?? null,
    personalAccountData: old.personalAccountData ?? null,
    gboAgeProfile: old.gboAgeProfile ?? null,
  };
  const replaced: FixtureTransitToken = {
    ...old,
    tokenStatusId: CARD_STATUS.replaced,
    replacedByTokenId: newId,
    autoReloadRegistration: null,
    ePurse: old.ePurse && balance ? { ...old.ePurse, 'e-PurseBalance': { ...balance, amount: 0 } } : (old.ePurse ?? null),
  };
  const products = facts.products.map((p) => ({ ...p, movedFrom: p.movedFrom ?? old.transitTokenId }));
  const ePurse = balance ? { currency: balance.currency, amount: balance.amount } : null;
  const both = (type: CardEvent['type']) => [
    { cardId: old.transitTokenId, event: event(actor, type, { transitTokenId: newId }) },
    { cardId: newId, event: event(actor, type, { transitTokenId: old.transitTokenId }) },
  ];
  return ok({
    status: 201,
    body: { old: tokenRecord(replaced), new: tokenRecord(fresh), moved: { products, ePurse } },
    cards: [replaced, fresh],
    events: [
      { cardId: old.transitTokenId, event: event(actor, 'REPLACED', { transitTokenId: newId, note: facts.feeNote }) },
      { cardId: newId, event: event(actor, 'REPLACES', { transitTokenId: old.transitTokenId, note: facts.feeNote }) },
      ...(products.length > 0 ? both('PRODUCTS_MOVED') : []),
      ...(ePurse ? both('EPURSE_MOVED') : []),
    ],
  });
}
