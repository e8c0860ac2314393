import type { CounterDb } from '../db/database';
import type { TerminalError } from '../../../shared/ipc/terminal';
import { returnedLines, type ReturnedLine } from '../../../shared/schemas/order';

/**
 * The counter's ReversalRequests (docs/counter.md §15), each kept before it is sent with the
 * refund it records: a reversal whose answer never came, or that the terminal accepted just
 * before the counter was killed, is asked about at the next start and recorded once.
 */

export interface ReversalRow {
  serviceId: string;
  /** The PIN payment given back. */
  paymentId: string;
  orderId: string;
  amount: number;
  /** All of the payment (no ReversedAmount). */
  whole: boolean;
  reason: string;
  /** The lines a return by line gives back (docs/counter.md §19), recorded with its refund. */
  lines: ReturnedLine[] | null;
  /** The refund's operatorPaymentReference: the one refund this reversal records. */
  reference: string;
  /** Who asked for it. */
  staff: { staffId: string; name: string } | null;
  stage: 'sent' | 'reversed' | 'refused';
  error: TerminalError | null;
}

interface Raw {
  service_id: string;
  payment_id: string;
  order_id: string;
  amount: number;
  whole: number;
  reason: string;
  lines: string | null;
  reference: string;
  staff_id: string | null;
  staff_name: string | null;
  stage: ReversalRow['stage'];
  error: TerminalError | null;
}

const rowOf = (r: Raw): ReversalRow => ({
  serviceId: r.service_id,
  paymentId: r.payment_id,
  orderId: r.order_id,
  amount: r.amount,
  whole: r.whole === 1,
  reason: r.reason,
  // Written by insert() below from a validated refund; parsed again as any stored input is.
  lines: r.lines === null ? null : returnedLines.parse(JSON.parse(r.lines)),
  reference: r.reference,
  staff: r.staff_id === null ? null : { staffId: r.staff_id, name: r.staff_name ?? '' },
  stage: r.stage,
  error: r.error,
});

export class ReversalStore {
  constructor(
    private readonly db: CounterDb,
    private readonly clock: () => Date,
  ) {}

  insert(row: Omit<ReversalRow, 'stage' | 'error'>): void {
    const at = this.clock().toISOString();
    this.db
      .prepare(
        `INSERT INTO terminal_reversals (service_id, payment_id, order_id, amount, whole, reason, lines, reference, staff_id, staff_name,
           stage, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'sent', ?, ?)`,
      )
      .run(
        row.serviceId,
        row.paymentId,
        row.orderId,
        row.amount,
        row.whole ? 1 : 0,
        row.reason,
        row.lines === null ? null : JSON.stringify(row.lines),
        row.reference,
        row.staff?.staffId ?? null,
        row.staff?.name ?? null,
        at,
        at,
      );
  }

  conclude(serviceId: string, stage: 'reversed' | 'refused', error: TerminalError | null = null): void {
    this.db
      .prepare('UPDATE terminal_reversals SET stage = ?, error = ?, updated_at = ? WHERE service_id = ?')
      .run(stage, error, this.clock().toISOString(), serviceId);
  }

  /** The reversals whose outcome is still to learn or to record, oldest first. */
  open(): ReversalRow[] {
    const rows = this.db.prepare(`SELECT * FROM terminal_reversals WHERE stage = 'sent' ORDER BY created_at, service_id`).all() as Raw[];
    return rows.map(rowOf);
  }

  /** A reversal of this payment still open: no second one is sent meanwhile. */
  openFor(paymentId: string): ReversalRow | null {
    const raw = this.db.prepare(`SELECT * FROM terminal_reversals WHERE payment_id = ? AND stage = 'sent'`).get(paymentId) as
      Raw | undefined;
    return raw ? rowOf(raw) : null;
  }
}
