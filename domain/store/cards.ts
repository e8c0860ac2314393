import type { FixtureTransitToken } from '../../shared/schemas/reference';
import type { CardEvent } from '../../shared/schemas/cards';

/**
 * The central's own card data (docs/api.md §12): the cards it changed or issued (kept apart
 * from the fixtures, so a reload never undoes them), their events, the answers of the writes
 * (for repeats of a requestId) and which fee order paid for which replacement.
 */

/** A write's answer as it was first given: what a repeat with the same requestId answers. */
export interface StoredAnswer {
  /** What the request was: its operation, card and body (a repeat with another body is a 409). */
  fingerprint: string;
  status: number;
  body: unknown;
}

/** What a card write found when it ran, under the store's lock. */
export interface CardSnapshot {
  /** The cards the central changed or issued, each as it is now. */
  cards: FixtureTransitToken[];
  /** The requestId of the replacement that already used the fee order asked about, if any. */
  feeUsedBy: string | null;
}

/** What a card write decided: the answer, and (for a write that changed something) what to keep. */
export interface CardWrite {
  answer: { status: number; body: unknown };
  /** Cards as they are after the write. */
  cards: FixtureTransitToken[];
  /** Each event with the card it belongs to. */
  events: { cardId: number; event: CardEvent }[];
  /** The fee order this write used (a replacement's). */
  feeOrderId?: string;
}

/** A card write's request: its id, what it asks (the fingerprint of operation, card and body), the fee order it names. */
export interface CardRequest {
  requestId: string;
  fingerprint: string;
  feeOrderId: string | null;
}

/** `written: null`: `decide` refused; nothing was kept, so a repeat is judged afresh. */
export type CardCommit = { repeat: StoredAnswer } | { written: CardWrite | null };

export interface CardStore {
  /** Grows with every change of a card: a process holding an older copy reads them again. */
  revision(): Promise<number>;
  cards(): Promise<FixtureTransitToken[]>;
  /** The answer kept for a write's requestId, if any. */
  answer(requestId: string): Promise<StoredAnswer | undefined>;
  /** A card's events, oldest first. */
  events(transitTokenId: number): Promise<CardEvent[]>;
  /**
   * One write at a time over all cards: a stored answer for `requestId` is answered as it is;
   * else `decide` judges the snapshot and what it decides (null: a refusal) is written in the
   * same transaction, with the answer kept for repeats.
   */
  write(request: CardRequest, decide: (snapshot: CardSnapshot) => CardWrite | null): Promise<CardCommit>;
}
