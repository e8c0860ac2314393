import type { CounterDb as Database } from '../db/database';
import type { Movement } from '../../../domain/reports/figures';
import { cashRecordsOf } from '../cash';
import { paymentsIn, type Bounds } from '../orders';
import { manualAmong } from '../terminal';

/**
 * The payments and refunds settled, or failed, within the bounds: what the day's money figures read
 * (docs/counter.md §17). Each area reads its own tables: the orders the payments (by when they
 * settled or failed), the cash area each one's rounding and hands, the terminal which were confirmed
 * by hand; each read by an index, joined here by payment id. The terminal uses the orders, so the
 * orders cannot ask the terminal: the manager, which uses all three, puts them together.
 */
export function movementsIn(db: Database, bounds: Bounds): Movement[] {
  const payments = paymentsIn(db, bounds);
  const ids = payments.map((p) => p.paymentId);
  const cash = cashRecordsOf(db, ids);
  const manual = manualAmong(db, ids);
  return payments.map((p) => ({
    ...p,
    rounding: cash.get(p.paymentId)?.rounding ?? 0,
    takenBy: cash.get(p.paymentId)?.takenBy ?? null,
    fromCentral: cash.get(p.paymentId)?.fromCentral ?? null,
    ...(manual.has(p.paymentId) && { manual: true }),
  }));
}
