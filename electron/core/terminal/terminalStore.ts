import type { ReceiptOrder } from '../../../domain/receipts/receipt';
import type { Order } from '../../../shared/schemas/order';
import type { CounterDb } from '../db/database';
import type { TerminalTransaction } from './port';
import type { TerminalError, TerminalStage } from '../../../shared/ipc/terminal';

/**
 * The column poi_transaction keeps the form the released versions wrote (nexo's
 * `{"TransactionID", "TimeStamp"}`), so a reversal after an update still names the payment.
 */
const storeTransaction = (t: TerminalTransaction | null) =>
  t === null ? null : JSON.stringify({ TransactionID: t.reference, TimeStamp: t.at });
function storedTransaction(stored: string): TerminalTransaction {
  const { TransactionID, TimeStamp } = JSON.parse(stored) as { TransactionID: string; TimeStamp: string };
  return { reference: TransactionID, at: TimeStamp };
}

/**
 * What the counter keeps of its exchanges with the terminal (docs/counter.md §15), so that a
 * payment whose answer never came is asked about after a restart, and a ServiceID is never
 * used twice: the PaymentRequest's row is committed before the request is sent.
 */

export interface TerminalRow {
  serviceId: string;
  paymentId: string | null;
  orderId: string;
  transactionId: string;
  amount: number;
  stage: TerminalStage;
  error: TerminalError | null;
  /** The terminal's reference of the payment it approved: what a reversal names. */
  transaction: TerminalTransaction | null;
  receipt: string[];
  manual: boolean;
  /** The clerk asked to stop it. */
  stopped: boolean;
}

interface Raw {
  service_id: string;
  payment_id: string | null;
  order_id: string;
  transaction_id: string;
  amount: number;
  stage: TerminalStage;
  error: TerminalError | null;
  poi_transaction: string | null;
  receipt: string;
  manual: number;
  stopped: number;
}

const rowOf = (r: Raw): TerminalRow => ({
  serviceId: r.service_id,
  paymentId: r.payment_id,
  orderId: r.order_id,
  transactionId: r.transaction_id,
  amount: r.amount,
  stage: r.stage,
  error: r.error,
  transaction: r.poi_transaction === null ? null : storedTransaction(r.poi_transaction),
  receipt: JSON.parse(r.receipt) as string[],
  manual: r.manual === 1,
  stopped: r.stopped === 1,
});

/** The stages whose outcome the terminal has still to tell. */
export const OPEN_STAGES: readonly TerminalStage[] = ['card', 'unknown', 'stopping'];

export class TerminalStore {
  constructor(
    private readonly db: CounterDb,
    private readonly clock: () => Date,
  ) {}

  /**
   * The next ServiceID: 1–10 alphanumerics, never reused by this counter (docs/api.md §9.2).
   * A counter counts up from the first use's time in milliseconds (base 36, 8 characters
   * until 2059), so that even a counter set up again from nothing does not repeat one.
   */
  nextServiceId(): string {
    return this.db.transaction(() => {
      const row = this.db.prepare('SELECT last FROM terminal_service_ids WHERE one = 1').get() as { last: number } | undefined;
      const next = row ? row.last + 1 : this.clock().getTime();
      this.db
        .prepare('INSERT INTO terminal_service_ids (one, last) VALUES (1, ?) ON CONFLICT (one) DO UPDATE SET last = excluded.last')
        .run(next);
      return next.toString(36).toUpperCase();
    })();
  }

  insert(row: Pick<TerminalRow, 'serviceId' | 'orderId' | 'transactionId' | 'amount' | 'stage' | 'manual'>): void {
    const at = this.clock().toISOString();
    this.db
      .prepare(
        `INSERT INTO terminal_payments (service_id, order_id, transaction_id, amount, stage, manual, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(row.serviceId, row.orderId, row.transactionId, row.amount, row.stage, row.manual ? 1 : 0, at, at);
  }

  update(
    serviceId: string,
    change: Partial<Pick<TerminalRow, 'paymentId' | 'stage' | 'error' | 'transaction' | 'receipt' | 'stopped'>>,
  ): void {
    const columns: Record<string, unknown> = {
      payment_id: change.paymentId,
      stage: change.stage,
      error: change.error,
      poi_transaction: change.transaction === undefined ? undefined : storeTransaction(change.transaction),
      receipt: change.receipt === undefined ? undefined : JSON.stringify(change.receipt),
      stopped: change.stopped === undefined ? undefined : change.stopped ? 1 : 0,
    };
    const set = Object.entries(columns).filter(([, v]) => v !== undefined);
    this.db
      .prepare(`UPDATE terminal_payments SET ${set.map(([k]) => `${k} = ?`).join(', ')}, updated_at = ? WHERE service_id = ?`)
      .run(...set.map(([, v]) => v), this.clock().toISOString(), serviceId);
  }

  byService(serviceId: string): TerminalRow | null {
    const raw = this.db.prepare('SELECT * FROM terminal_payments WHERE service_id = ?').get(serviceId) as Raw | undefined;
    return raw ? rowOf(raw) : null;
  }

  byPayment(paymentId: string): TerminalRow | null {
    const raw = this.db.prepare('SELECT * FROM terminal_payments WHERE payment_id = ?').get(paymentId) as Raw | undefined;
    return raw ? rowOf(raw) : null;
  }

  /** The exchanges whose outcome is still to learn, oldest first. */
  open(): TerminalRow[] {
    const rows = this.db
      .prepare(`SELECT * FROM terminal_payments WHERE stage IN (${OPEN_STAGES.map(() => '?').join(', ')}) ORDER BY created_at, service_id`)
      .all(...OPEN_STAGES) as Raw[];
    return rows.map(rowOf);
  }

  /** The order as its receipt reads it: each payment the terminal approved with the terminal's receipt text (docs/api.md §9.3). */
  withReceipts(order: Order): ReceiptOrder {
    const rows = this.db
      .prepare(`SELECT payment_id, receipt FROM terminal_payments WHERE order_id = ? AND stage = 'approved' AND receipt <> '[]'`)
      .all(order.orderId) as { payment_id: string; receipt: string }[];
    if (rows.length === 0) return order;
    const texts = new Map(rows.map((r) => [r.payment_id, JSON.parse(r.receipt) as string[]]));
    return {
      ...order,
      payments: order.payments.map((p) => (texts.has(p.paymentId) ? { ...p, terminalReceipt: texts.get(p.paymentId) } : p)),
    };
  }
}

/** Those of these payments confirmed by hand, looked up by the unique payment_id. */
export const MANUAL_AMONG_SQL = `SELECT payment_id FROM terminal_payments
  WHERE payment_id IN (SELECT value FROM json_each(?)) AND manual = 1`;

/** The payments among these the clerk confirmed on a stand-alone terminal (docs/api.md §9.2), for the day's money. */
export function manualAmong(db: CounterDb, paymentIds: string[]): Set<string> {
  const rows = db.prepare(MANUAL_AMONG_SQL).all(JSON.stringify(paymentIds)) as { payment_id: string }[];
  return new Set(rows.map((r) => r.payment_id));
}
