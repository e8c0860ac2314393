import type pg from 'pg';
import type { FixtureTransitToken } from '../../../shared/schemas/reference';
import type { CardEvent } from '../../../shared/schemas/cards';
import type { CardCommit, CardStore, StoredAnswer } from '../cards';

/** Every card write of every central process takes this lock: one at a time, so two replacements of a card give one new card. */
const CARD_LOCK = 7_283_012;

/** The central's card data on PostgreSQL (migration 7; docs/api.md §12). */
export function postgresCards(pool: pg.Pool): CardStore {
  const cards = async (on: pg.Pool | pg.PoolClient) =>
    (await on.query<{ doc: string }>('SELECT doc FROM card_tokens ORDER BY transit_token_id')).rows.map(
      (r) => JSON.parse(r.doc) as FixtureTransitToken,
    );
  const answerOf = async (on: pg.Pool | pg.PoolClient, requestId: string): Promise<StoredAnswer | undefined> => {
    const { rows } = await on.query<{ fingerprint: string; status: number; body: string }>(
      'SELECT fingerprint, status, body FROM card_requests WHERE request_id = $1',
      [requestId],
    );
    return rows[0] && { fingerprint: rows[0].fingerprint, status: rows[0].status, body: JSON.parse(rows[0].body) };
  };
  return {
    answer: (requestId) => answerOf(pool, requestId),
    async revision() {
      const { rows } = await pool.query<{ n: string }>('SELECT COALESCE(MAX(seq), 0) AS n FROM card_events');
      return Number(rows[0]!.n);
    },
    cards: () => cards(pool),
    async events(transitTokenId) {
      const { rows } = await pool.query<{ doc: string }>('SELECT doc FROM card_events WHERE transit_token_id = $1 ORDER BY seq', [
        transitTokenId,
      ]);
      return rows.map((r) => JSON.parse(r.doc) as CardEvent);
    },
    async write({ requestId, fingerprint, feeOrderId }, decide): Promise<CardCommit> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        // Taken before any read: the next seq, the cards and the fee are those of the writes committed before.
        await client.query('SELECT pg_advisory_xact_lock($1)', [CARD_LOCK]);
        const repeat = await answerOf(client, requestId);
        if (repeat) {
          await client.query('ROLLBACK');
          return { repeat };
        }
        const fee =
          feeOrderId === null
            ? undefined
            : (await client.query<{ request_id: string }>('SELECT request_id FROM card_fees WHERE order_id = $1', [feeOrderId])).rows[0];
        const written = decide({ cards: await cards(client), feeUsedBy: fee?.request_id ?? null });
        if (!written) {
          await client.query('ROLLBACK');
          return { written };
        }
        for (const card of written.cards) {
          await client.query(
            `INSERT INTO card_tokens (transit_token_id, doc) VALUES ($1, $2)
             ON CONFLICT (transit_token_id) DO UPDATE SET doc = excluded.doc`,
            [card.transitTokenId, JSON.stringify(card)],
          );
        }
        for (const { cardId, event } of written.events) {
          await client.query('INSERT INTO card_events (transit_token_id, doc) VALUES ($1, $2)', [cardId, JSON.stringify(event)]);
        }
        if (written.feeOrderId) {
          await client.query('INSERT INTO card_fees (order_id, request_id) VALUES ($1, $2)', [written.feeOrderId, requestId]);
        }
        await client.query('INSERT INTO card_requests (request_id, fingerprint, status, body) VALUES ($1, $2, $3, $4)', [
          requestId,
          fingerprint,
          written.answer.status,
          JSON.stringify(written.answer.body),
        ]);
        await client.query('COMMIT');
        return { written };
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
  };
}
