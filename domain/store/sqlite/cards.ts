import type { Database } from 'better-sqlite3';
import type { FixtureTransitToken } from '../../../shared/schemas/reference';
import type { CardEvent } from '../../../shared/schemas/cards';
import type { CardStore, StoredAnswer } from '../cards';
import { stmt } from './statements';

/** The central's card data on SQLite (migration 8 of the order track; docs/api.md §12). */
export function sqliteCards(db: Database): CardStore {
  const cards = () =>
    (stmt(db, 'SELECT doc FROM card_tokens ORDER BY transit_token_id').all() as { doc: string }[]).map(
      (r) => JSON.parse(r.doc) as FixtureTransitToken,
    );
  const answerOf = (requestId: string): StoredAnswer | undefined => {
    const stored = stmt(db, 'SELECT fingerprint, status, body FROM card_requests WHERE request_id = ?').get(requestId) as
      { fingerprint: string; status: number; body: string } | undefined;
    return stored && { fingerprint: stored.fingerprint, status: stored.status, body: JSON.parse(stored.body) };
  };
  return {
    revision: async () => (stmt(db, 'SELECT COALESCE(MAX(seq), 0) AS n FROM card_events').get() as { n: number }).n,
    cards: async () => cards(),
    events: async (transitTokenId) =>
      (stmt(db, 'SELECT doc FROM card_events WHERE transit_token_id = ? ORDER BY seq').all(transitTokenId) as { doc: string }[]).map(
        (r) => JSON.parse(r.doc) as CardEvent,
      ),
    answer: async (requestId) => answerOf(requestId),
    // Synchronous inside: nothing else runs on the connection between the reads and the writes.
    write: async ({ requestId, fingerprint, feeOrderId }, decide) =>
      db
        .transaction(() => {
          const repeat = answerOf(requestId);
          if (repeat) return { repeat };
          const fee =
            feeOrderId === null
              ? undefined
              : (stmt(db, 'SELECT request_id AS requestId FROM card_fees WHERE order_id = ?').get(feeOrderId) as
                  { requestId: string } | undefined);
          const written = decide({ cards: cards(), feeUsedBy: fee?.requestId ?? null });
          if (!written) return { written };
          const putCard = stmt(
            db,
            'INSERT INTO card_tokens (transit_token_id, doc) VALUES (?, ?) ON CONFLICT (transit_token_id) DO UPDATE SET doc = excluded.doc',
          );
          for (const card of written.cards) putCard.run(card.transitTokenId, JSON.stringify(card));
          const putEvent = stmt(db, 'INSERT INTO card_events (transit_token_id, doc) VALUES (?, ?)');
          for (const { cardId, event } of written.events) putEvent.run(cardId, JSON.stringify(event));
          if (written.feeOrderId) stmt(db, 'INSERT INTO card_fees (order_id, request_id) VALUES (?, ?)').run(written.feeOrderId, requestId);
          stmt(db, 'INSERT INTO card_requests (request_id, fingerprint, status, body) VALUES (?, ?, ?, ?)').run(
            requestId,
            fingerprint,
            written.answer.status,
            JSON.stringify(written.answer.body),
          );
          return { written };
        })
        .immediate(),
  };
}
