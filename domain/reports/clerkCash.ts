import type { CashMovement } from '../../shared/manager/cash';
import type { ClerkCash } from '../../shared/manager/types';
import { CASH_PROVIDER, isDrawerCash, type Movement } from './figures';

/**
 * The drawer's cash per clerk (docs/counter.md §17), beside the per-session and overall figures
 * of X and Z: the cash each clerk took and gave back, as handed over (rounded), and the cash each
 * moved without a sale. Refunds made on the central are no clerk's cash: they are totalled apart.
 */

const blank = (clerk: ClerkCash['clerk']): ClerkCash => ({
  clerk,
  taken: 0,
  payments: 0,
  givenBack: 0,
  refunds: 0,
  paidIn: 0,
  paidOut: 0,
  drops: 0,
  noSales: 0,
  net: 0,
});

export function clerkCash(money: Movement[], moves: CashMovement[], inDay: (at: string | null) => boolean): ClerkCash[] {
  const byClerk = new Map<string, ClerkCash>();
  const of = (clerk: ClerkCash['clerk']) => {
    const key = clerk?.staffId ?? '';
    const found = byClerk.get(key) ?? blank(clerk);
    byClerk.set(key, found);
    return found;
  };
  for (const m of money) {
    if (!isDrawerCash(m) || !inDay(m.settledAt)) continue;
    const f = of(m.takenBy ?? null);
    const handed = m.amount + (m.rounding ?? 0);
    if (m.isRefund) {
      f.givenBack += handed;
      f.refunds += 1;
    } else {
      f.taken += handed;
      f.payments += 1;
    }
  }
  for (const move of moves) {
    const f = of(move.by);
    if (move.kind === 'paidIn') f.paidIn += move.amount;
    else if (move.kind === 'paidOut') f.paidOut += move.amount;
    else if (move.kind === 'drop') f.drops += move.amount;
    else f.noSales += 1;
  }
  for (const f of byClerk.values()) f.net = f.taken - f.givenBack + f.paidIn - f.paidOut - f.drops;
  // Named clerks by name; cash no clerk was recorded for comes last.
  return [...byClerk.values()].sort((a, b) => (a.clerk === null ? 1 : b.clerk === null ? -1 : a.clerk.name.localeCompare(b.clerk.name)));
}

/** Refunds made on the central settled in the day: all of them, and the cash ones the drawer's expected cash leaves out. */
export function centralRefunds(money: Movement[], inDay: (at: string | null) => boolean) {
  let count = 0;
  let amount = 0;
  let cash = 0;
  for (const m of money) {
    if (!m.fromCentral || !m.isRefund || m.state !== 'SETTLED' || !inDay(m.settledAt)) continue;
    count += 1;
    amount += m.amount;
    if (m.provider === CASH_PROVIDER) cash += m.amount;
  }
  return { count, amount, cash };
}
