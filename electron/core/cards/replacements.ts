import type { CounterDb as Database } from '../db/database';
import { stmt } from '../../../domain/store/sqlite/statements';

/**
 * A replacement's requestId, kept in counter table `card_replacements` (migration 17,
 * docs/counter.md §22.3): made once for what was asked (the card, the new pass number, the fee)
 * and kept until the central answers, over a restart too, so a replacement asked again after its
 * answer was lost (or the counter was killed on its way) goes under the same requestId and the
 * central answers what it did the first time: one new card, never a refusal of a used fee.
 */
export class CardReplacements {
  constructor(
    private readonly db: Database,
    private readonly newId: () => string,
    private readonly now: () => Date,
  ) {}

  /** The requestId of this replacement: the one kept for it, else a new one, written before it is sent. */
  requestId(transitTokenId: number, attempt: string): string {
    return this.db.transaction(() => {
      const kept = stmt(this.db, 'SELECT request_id AS id FROM card_replacements WHERE attempt = ?').get(attempt) as
        { id: string } | undefined;
      if (kept) return kept.id;
      const id = this.newId();
      stmt(this.db, 'INSERT INTO card_replacements (attempt, request_id, transit_token_id, created_at) VALUES (?, ?, ?, ?)').run(
        attempt,
        id,
        transitTokenId,
        this.now().toISOString(),
      );
      return id;
    })();
  }

  /** The central answered (done or refused): a new ask is a new replacement. */
  answered(attempt: string): void {
    stmt(this.db, 'DELETE FROM card_replacements WHERE attempt = ?').run(attempt);
  }
}
