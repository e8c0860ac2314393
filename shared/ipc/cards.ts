import { z } from 'zod';
import type { TransitTokenRecord } from '../schemas/reference';
import {
  BLOCK_REASONS,
  passNumberInput,
  type BlockReason,
  type CardEvent,
  type RefundQuote,
  type ReplacementAnswer,
  type RunningProduct,
} from '../schemas/cards';
import { calendarDate, uuid } from '../schemas/primitives';
import { channel, type Words } from './declare';
import { approvalInput } from './returns';

/**
 * The card service (docs/counter.md §22, docs/api.md §12): a traveller's card found, blocked,
 * unblocked, replaced, and a season on it ended early. Blocks wait in the counter's own outbox
 * when the central does not answer; everything else needs the central.
 */

const cardId = z.object({ transitTokenId: z.number().int().min(1) });

/** How the clerk finds a card: its pass number (typed or scanned), a bank card's last digits, or the traveller's name and birth date. */
export const cardSearch = z.union([
  z.object({ passNumber: passNumberInput }).strict(),
  z.object({ lastDigits: z.string().regex(/^\d{4}$/, 'the last four digits') }).strict(),
  z.object({ name: z.string().trim().min(2).max(200), birthDate: calendarDate }).strict(),
]);

/** A block kept at the counter until the central has it (docs/counter.md §22.2). */
export interface WaitingBlock {
  requestId: string;
  reason: BlockReason;
  at: string;
}

export interface CardsFound {
  cards: TransitTokenRecord[];
  /** 'cache': the central did not answer; what the counter last heard. */
  source: 'central' | 'cache';
}

/** The owner as typed on a sale on this counter (the lookup interface carries no names): for the clerk to check an ID. */
export interface CardOwner {
  name: string;
  birthdate: string | null;
  /** A JPEG data URI. */
  photo: string | null;
}

/** A running product, with its order and line on this counter when it was sold here (to end it early here). */
export type HeldProduct = RunningProduct & { local: { orderId: string; orderLineId: string } | null };

export interface CardDetail {
  card: TransitTokenRecord;
  owner: CardOwner | null;
  /** Null when the central did not answer: what runs and what happened are the central's to say. */
  products: HeldProduct[] | null;
  events: CardEvent[] | null;
  waitingBlock: WaitingBlock | null;
  ePurse: EPurseSeen;
}

/**
 * The card's e-purse where the central gives it: the lookup's record has none, an open
 * order's token carries the card as it is, e-purse included (docs/counter.md §22.1).
 * `balance` null: the card has no e-purse. Not known otherwise (docs/counter.md §22.1).
 */
export type EPurseSeen = { known: true; balance: { currency: string; amount: number } | null } | { known: false };

export interface BlockAnswer {
  /** True once the central has the block; false while it waits in the counter's outbox. */
  sent: boolean;
  block: WaitingBlock;
}

export const REASON_WORDS: Record<BlockReason, Words> = {
  LOST: { en: 'lost', nl: 'verloren' },
  STOLEN: { en: 'stolen', nl: 'gestolen' },
  DEFECTIVE: { en: 'defective', nl: 'defect' },
  OTHER: { en: 'other', nl: 'anders' },
};

const card = (id: number) => ({ text: String(id) });

export const cardChannels = {
  'cards.find': channel<CardsFound>()({ input: cardSearch, access: 'clerk', kind: 'read' }),
  'cards.detail': channel<CardDetail>()({ input: cardId, access: 'clerk', kind: 'read' }),
  /** A season line's quote for today, from the order on this counter (docs/api.md §12.4). */
  'cards.quote': channel<RefundQuote>()({
    input: z.object({ orderId: uuid, orderLineId: z.string().min(1) }),
    access: 'clerk',
    kind: 'read',
  }),
  'cards.block': channel<BlockAnswer>()({
    input: cardId.extend({ reason: z.enum(BLOCK_REASONS), note: z.string().trim().max(500).optional() }),
    access: 'clerk',
    kind: 'change',
    audit: {
      act: { en: 'Card blocked', nl: 'Pas geblokkeerd' },
      words: { en: 'Card {card} blocked ({reason})', nl: 'Pas {card} geblokkeerd ({reason})' },
      values: ({ transitTokenId, reason }) => ({ card: card(transitTokenId), reason: REASON_WORDS[reason] }),
      note: ({ note }) => note ?? null,
      recorded: 'always',
    },
  }),
  'cards.unblock': channel<TransitTokenRecord>()({
    input: cardId.extend({ approval: approvalInput.optional() }),
    access: 'clerk',
    kind: 'change',
    audit: {
      act: { en: 'Card unblocked', nl: 'Pas gedeblokkeerd' },
      words: { en: 'Card {card} unblocked, approved by {approver}', nl: 'Pas {card} gedeblokkeerd, goedgekeurd door {approver}' },
      values: ({ transitTokenId }) => ({ card: card(transitTokenId) }),
      recorded: 'always',
    },
  }),
  'cards.replace': channel<ReplacementAnswer>()({
    input: cardId.extend({
      passNumber: passNumberInput,
      fee: z.union([
        z.object({ orderId: uuid }).strict(),
        z.object({ waived: z.string().trim().min(1).max(500), approval: approvalInput.optional() }).strict(),
      ]),
    }),
    access: 'clerk',
    kind: 'change',
    audit: {
      act: { en: 'Card replaced', nl: 'Pas vervangen' },
      words: { en: 'Card {card} replaced by card {new}', nl: 'Pas {card} vervangen door pas {new}' },
      values: ({ transitTokenId }, answer) => ({ card: card(transitTokenId), new: card(answer.new.transitTokenId) }),
      note: ({ fee }) => ('waived' in fee ? fee.waived : null),
      recorded: 'always',
    },
  }),
} as const;
