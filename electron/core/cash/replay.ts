import type { MethodFigures } from '../../../shared/manager/types';
import { methodFigures, type Movement } from '../../../domain/reports/figures';
import { dayBounds } from '../../../domain/reports/timeZone';
import type { CounterDb } from '../db/database';
import { journalRows } from './journal';
import type { PaymentContent } from './orderMoney';

/**
 * The Z report's money figures replayed from the journal alone (docs/api.md §10.3): what an
 * auditor holding only the journal would compute for a business day. Tests compare it with the
 * Z report the counter froze.
 */
export interface Replayed {
  methods: MethodFigures[];
  floats: number;
  rounding: number;
  paidIn: number;
  paidOut: number;
  drops: number;
  counted: number;
}

export function replayDay(db: CounterDb, businessDate: string, timeZone: string): Replayed {
  const bounds = dayBounds(businessDate, timeZone);
  const payments = new Map<string, Movement>();
  const sessions = new Set<string>();
  const out: Replayed = { methods: [], floats: 0, rounding: 0, paidIn: 0, paidOut: 0, drops: 0, counted: 0 };
  for (const row of journalRows(db)) {
    const c = row.content;
    if (row.kind === 'payment' || row.kind === 'refund') {
      const p = c as unknown as PaymentContent;
      const settled = row.state === 'SETTLED' ? p.statusAt : (payments.get(p.paymentId)?.settledAt ?? null);
      payments.set(p.paymentId, {
        paymentId: p.paymentId,
        orderId: p.orderId,
        paymentMethodId: p.paymentMethodId,
        methodName: p.methodName,
        provider: p.provider,
        isRefund: p.isRefund,
        amount: p.amount,
        state: row.state as Movement['state'],
        createdOn: p.statusAt,
        settledAt: settled,
        lastAt: p.statusAt,
        rounding: p.rounding,
      });
    } else if (c.businessDate === businessDate || sessions.has(row.subject)) {
      if (row.kind === 'sessionOpened') {
        sessions.add(row.subject);
        out.floats += c.float as number;
      } else if (row.kind === 'sessionClosed') out.counted += c.counted as number;
      else if (row.kind === 'paidIn') out.paidIn += c.amount as number;
      else if (row.kind === 'paidOut') out.paidOut += c.amount as number;
      else if (row.kind === 'drop') out.drops += c.amount as number;
    }
  }
  const money = [...payments.values()];
  out.methods = methodFigures(money, bounds);
  const from = Date.parse(bounds.from);
  const to = Date.parse(bounds.to);
  for (const m of money) {
    if (m.state !== 'SETTLED' || m.settledAt === null) continue;
    const t = Date.parse(m.settledAt);
    if (t >= from && t < to) out.rounding += (m.isRefund ? -1 : 1) * (m.rounding ?? 0);
  }
  return out;
}
