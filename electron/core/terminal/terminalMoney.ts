import type { IpcResult } from '../../../shared/ipc';
import type { PinTotals, TerminalTotals } from '../../../shared/ipc/terminal';
import { ok } from '../../../shared/refusals';
import { pinNet } from '../../../domain/reports/pin';
import type { CounterDb } from '../db/database';
import type { OrderDesk } from '../orders';
import type { TerminalPort } from './port';
import type { TerminalStore } from './terminalStore';

/**
 * What the terminal's money channels need, and the terminal's totals beside the counter's
 * (docs/api.md §9.2, docs/counter.md §15). Refunds are terminalRefunds.ts.
 */

export interface TerminalMoneyDeps {
  db: CounterDb;
  store: TerminalStore;
  port: TerminalPort | null;
  desk: OrderDesk;
  pinMethod: () => number;
}

const ZERO: PinTotals = { debitCount: 0, debitAmount: 0, refundCount: 0, refundAmount: 0 };

/** The counter's own PIN totals of [from, to), those the terminal took apart from those confirmed by hand. */
export function counterPinTotals(deps: TerminalMoneyDeps, from: string, to: string): { counter: PinTotals; manual: PinTotals } {
  const rows = deps.db
    .prepare(
      `SELECT m.is_refund AS refund, m.amount AS amount, t.manual AS manual
       FROM money_facts m LEFT JOIN terminal_payments t ON t.payment_id = m.payment_id
       WHERE m.payment_method_id = ? AND m.state = 'SETTLED' AND m.settled_at >= ? AND m.settled_at < ?`,
    )
    .all(deps.pinMethod(), from, to) as { refund: number; amount: number; manual: number | null }[];
  const counter = { ...ZERO };
  const manual = { ...ZERO };
  for (const r of rows) {
    const into = r.manual === 1 ? manual : counter;
    if (r.refund === 1) {
      into.refundCount++;
      into.refundAmount += r.amount;
    } else {
      into.debitCount++;
      into.debitAmount += r.amount;
    }
  }
  return { counter, manual };
}

/** At X the terminal's totals (GetTotals), at Z its period closed (Reconciliation), beside the counter's. */
export async function terminalTotals(
  deps: TerminalMoneyDeps,
  range: { from: string; to: string; close: boolean },
): Promise<IpcResult<TerminalTotals>> {
  const own = counterPinTotals(deps, range.from, range.to);
  if (!deps.port) return ok({ ...own, terminal: null, difference: null, error: null });
  const answer = await deps.port.totals(range.close);
  // No answer is said as unreachable on the screens (docs/api.md §9.2).
  if (answer.kind !== 'ok')
    return ok({ ...own, terminal: null, difference: null, error: answer.kind === 'refused' ? answer.error : 'unreachable' });
  return ok({ ...own, terminal: answer.value, difference: pinNet(answer.value) - pinNet(own.counter), error: null });
}
