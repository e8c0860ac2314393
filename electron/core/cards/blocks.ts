import type { CounterDb as Database } from '../db/database';
import { stmt } from '../../../domain/store/sqlite/statements';
import type { WaitingBlock } from '../../../shared/ipc/cards';
import type { BlockReason } from '../../../shared/schemas/cards';
import { transitTokenRecord, type TransitTokenRecord } from '../../../shared/schemas/reference';
import { recordAct } from '../audit';
import type { CentralClient } from '../central';
import { oneAfterAnother } from '../../../shared/oneAfterAnother';
import { done, refused, unknown, type Outcome } from '../../../shared/outcome';
import { cardSaleWaiting } from '../orders';

interface Row {
  requestId: string;
  transitTokenId: number;
  reason: BlockReason;
  note: string | null;
  at: string;
  /** The outbox's last row when the block was made: the sales made before it. */
  afterSeq: number | null;
}

const COLUMNS = 'request_id AS requestId, transit_token_id AS transitTokenId, reason, note, created_at AS at, after_seq AS afterSeq';

/**
 * Whether a sale on the block's card made before the block still waits in the outbox (and is not
 * set aside for a manager): the central must have it first, or it refuses the sale on a card it
 * already has suspended (docs/counter.md §22.2).
 */
const held = (db: Database, row: Row) => cardSaleWaiting(db, row.transitTokenId, row.afterSeq);
const waitingBlock = ({ requestId, reason, at }: Row): WaitingBlock => ({ requestId, reason, at });

/** Where a block stands (card_blocks.stage): waiting to be sent, taken by the central, or refused by it. */
type Stage = 'waiting' | 'sent' | 'refused';

/**
 * What a send came to: the card as the central now has it, or refused with the central's words,
 * or unknown: the central did not answer, or the block was not sent (a sale before it waits, or
 * no block waits), so it still waits.
 */
export type Sent = Outcome<TransitTokenRecord, { detail: string }>;

/**
 * The counter's outbox of card blocks (docs/counter.md §22.2). A block is written with its audit
 * row and a requestId made once, then sent; one the central did not answer stays and goes with
 * the next sync round, always under the same requestId, so a block sent twice (its answer lost)
 * is done once by the central (docs/api.md §12). A card has at most one waiting block: asking
 * again while it waits answers the waiting one. Sends run one at a time.
 */
export class CardBlocks {
  private readonly inTurn = oneAfterAnother<'send'>();

  constructor(
    private readonly db: Database,
    private readonly client: () => Pick<CentralClient, 'lookupBase' | 'request'>,
    private readonly newId: () => string,
    private readonly now: () => Date,
    /** The card as the central has it after a block it took (the counter's cache keeps it). */
    private readonly onSent: (card: TransitTokenRecord) => void = () => undefined,
  ) {}

  /** Keeps the block (and the act's audit row) in one transaction; a card's waiting block is answered again. */
  record(transitTokenId: number, reason: BlockReason, note: string | null): WaitingBlock {
    return this.db.transaction(() => {
      const before = this.waitingRow(transitTokenId);
      if (before) {
        recordAct();
        return waitingBlock(before);
      }
      const last = stmt(this.db, 'SELECT MAX(seq) AS seq FROM outbox').get() as { seq: number | null };
      const row: Row = { requestId: this.newId(), transitTokenId, reason, note, at: this.now().toISOString(), afterSeq: last.seq };
      stmt(
        this.db,
        `INSERT INTO card_blocks (request_id, transit_token_id, reason, note, created_at, stage, after_seq)
         VALUES (?, ?, ?, ?, ?, 'waiting', ?)`,
      ).run(row.requestId, transitTokenId, reason, note, row.at, row.afterSeq);
      recordAct();
      return waitingBlock(row);
    })();
  }

  /** Where a block stands, and the central's words when it refused it. */
  stageOf(requestId: string): { stage: Stage; detail: string | null } {
    const row = stmt(this.db, 'SELECT stage, error FROM card_blocks WHERE request_id = ?').get(requestId) as
      { stage: Stage; error: string | null } | undefined;
    return { stage: row?.stage ?? 'waiting', detail: row?.error ?? null };
  }

  waiting(transitTokenId: number): WaitingBlock | null {
    const row = this.waitingRow(transitTokenId);
    return row ? waitingBlock(row) : null;
  }

  /** Whether the card's waiting block waits for a sale on the card made before it (held). */
  heldBySale(transitTokenId: number): boolean {
    const row = this.waitingRow(transitTokenId);
    return row !== undefined && held(this.db, row);
  }

  /** Sends one card's waiting block now, unless a sale made before it still waits. */
  send(transitTokenId: number): Promise<Sent> {
    return this.inTurn('send', async () => {
      const row = this.waitingRow(transitTokenId);
      if (!row) return unknown('no block waits for the card');
      return this.heldBySale(transitTokenId) ? unknown('a sale on the card made before the block is not sent yet') : this.sendRow(row);
    });
  }

  /**
   * Sends every waiting block whose earlier sales the central has, oldest first (each sync round,
   * before and after its sales: docs/counter.md §22.2); stops at the first the central did not answer.
   */
  sendAll(): Promise<void> {
    return this.inTurn('send', async () => {
      const rows = stmt(
        this.db,
        `SELECT ${COLUMNS} FROM card_blocks WHERE stage = 'waiting' ORDER BY created_at, request_id`,
      ).all() as Row[];
      for (const row of rows.filter((waiting) => !held(this.db, waiting))) if ((await this.sendRow(row)).kind === 'unknown') return;
    });
  }

  private waitingRow(transitTokenId: number): Row | undefined {
    return stmt(this.db, `SELECT ${COLUMNS} FROM card_blocks WHERE transit_token_id = ? AND stage = 'waiting'`).get(transitTokenId) as
      Row | undefined;
  }

  private async sendRow(row: Row): Promise<Sent> {
    const client = this.client();
    const body = { requestId: row.requestId, reason: row.reason, ...(row.note ? { note: row.note } : {}) };
    const answer = await client.request('POST', `${client.lookupBase}/transittokens/${row.transitTokenId}/block`, transitTokenRecord, body);
    if (answer.kind === 'unknown') return unknown(answer.reason);
    const sent: Sent = answer.kind === 'ok' ? done(answer.value) : refused({ detail: answer.problem.detail ?? answer.problem.title });
    stmt(this.db, 'UPDATE card_blocks SET stage = ?, error = ? WHERE request_id = ?').run(
      sent.kind === 'ok' ? 'sent' : 'refused',
      sent.kind === 'refused' ? sent.detail : null,
      row.requestId,
    );
    if (sent.kind === 'ok') this.onSent(sent.value);
    return sent;
  }
}
