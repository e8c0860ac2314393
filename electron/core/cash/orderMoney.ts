import type { Order } from '../../../shared/schemas/order';
import type { Actor } from '../../../shared/manager/types';
import { cashHandover } from '../../../domain/order/cashRounding';
import { paymentState } from '../../../domain/order/money';
import { CASH_PROVIDER } from '../../../domain/reports/figures';
import { stmt } from '../../../domain/store/sqlite/statements';
import type { CounterDb } from '../db/database';
import { appendJournal, lastState } from './journal';

/** A payment's content in the journal: enough to replay the day's money (replay.ts). */
export interface PaymentContent {
  orderId: string;
  paymentId: string;
  paymentMethodId: number;
  methodName: string;
  provider: string;
  isRefund: boolean;
  amount: number;
  /** Cash only: rounded − exact (docs/api.md §10.1); 0 otherwise. */
  rounding: number;
  /** When this status was set, by the order's own record. */
  statusAt: string;
  by: string | null;
  /** A refund made on the central: who made it there (its `sub`). */
  refundedBy?: string;
}

/** Who handled a cash payment or refund at this counter, or who made a refund on the central (docs/counter.md §17). */
function recordHands(db: CounterDb, paymentId: string, by: Actor | null, central: string | null): void {
  stmt(db, 'INSERT OR IGNORE INTO cash_hands (payment_id, staff_id, staff_name, central_by) VALUES (?, ?, ?, ?)').run(
    paymentId,
    by?.staffId ?? null,
    by?.name ?? null,
    central,
  );
}

/** The rounding recorded for a payment, 0 when none was. */
export const roundingOf = (db: CounterDb, paymentId: string): number =>
  (stmt(db, 'SELECT difference FROM cash_roundings WHERE payment_id = ?').get(paymentId) as { difference: number } | undefined)
    ?.difference ?? 0;

/** The rounding recorded for each cash payment and refund of an order, by payment id (none: not there). */
export function cashRoundingsOf(db: CounterDb, orderId: string): Record<string, number> {
  const rows = stmt(db, 'SELECT payment_id, difference FROM cash_roundings WHERE order_id = ?').all(orderId) as {
    payment_id: string;
    difference: number;
  }[];
  return Object.fromEntries(rows.map((r) => [r.payment_id, r.difference]));
}

/** What the cash area recorded of a payment or refund: its rounding (0 when none) and whose hands (docs/counter.md §17). */
export interface CashRecord {
  rounding: number;
  takenBy: Actor | null;
  fromCentral: string | null;
}

/** Each payment's rounding and hands, by payment id, read by their primary keys. */
export const CASH_RECORDS_SQL = `SELECT p.value AS paymentId, r.difference AS rounding, h.staff_id AS staffId, h.staff_name AS staffName,
  h.central_by AS fromCentral FROM json_each(?) p LEFT JOIN cash_roundings r ON r.payment_id = p.value
  LEFT JOIN cash_hands h ON h.payment_id = p.value`;

/** The cash records of these payments (the day's money, manager/dayMoney.ts); one for each id, recorded or not. */
export function cashRecordsOf(db: CounterDb, paymentIds: string[]): Map<string, CashRecord> {
  const rows = stmt(db, CASH_RECORDS_SQL).all(JSON.stringify(paymentIds)) as {
    paymentId: string;
    rounding: number | null;
    staffId: string | null;
    staffName: string | null;
    fromCentral: string | null;
  }[];
  return new Map(
    rows.map((r) => [
      r.paymentId,
      {
        rounding: r.rounding ?? 0,
        takenBy: r.staffId === null ? null : { staffId: r.staffId, name: r.staffName ?? '' },
        fromCentral: r.fromCentral,
      },
    ]),
  );
}

/**
 * Journals the money of an order as written, inside the write's transaction: each payment or
 * refund new to the journal, and each status it reached since it was last journaled. A cash
 * payment or refund new here has its rounding recorded now, under the setting of this moment.
 */
export function journalOrderMoney(db: CounterDb, order: Order, by: Actor | null, at: string, rounding: boolean): void {
  for (const p of order.payments) {
    const state = paymentState(p);
    const last = lastState(db, p.paymentId);
    if (last === state) continue;
    const cash = p.paymentMethod.provider === CASH_PROVIDER;
    // A refund made on the central (docs/api.md §7.1) arrives by pull: no cash of this drawer changed hands.
    const central = p.refundedBy ?? null;
    if (last === undefined && (cash || central)) recordHands(db, p.paymentId, central ? null : by, central);
    // The cash that changed hands is decided once, here, by the one rule (docs/counter.md §17).
    const handover = cashHandover(p.amountDebit, rounding);
    if (last === undefined && cash && !central && handover.rounding !== 0) {
      stmt(db, 'INSERT OR IGNORE INTO cash_roundings (payment_id, order_id, difference) VALUES (?, ?, ?)').run(
        p.paymentId,
        order.orderId,
        handover.rounding,
      );
    }
    const content: PaymentContent = {
      orderId: order.orderId,
      paymentId: p.paymentId,
      paymentMethodId: p.paymentMethod.paymentMethodId,
      methodName: p.paymentMethod.name,
      provider: p.paymentMethod.provider,
      isRefund: p.isRefund,
      amount: p.amountDebit,
      rounding: cash ? roundingOf(db, p.paymentId) : 0,
      statusAt: p.paymentStatuses[0]!.createdOn,
      by: central ? null : (by?.staffId ?? null),
      ...(central && { refundedBy: central }),
    };
    appendJournal(db, { at, kind: p.isRefund ? 'refund' : 'payment', subject: p.paymentId, state, content: { ...content } });
  }
}
