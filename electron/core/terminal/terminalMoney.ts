import type { IpcResult } from '../../../shared/ipc';
import type { PinTotals, TerminalTotals } from '../../../shared/ipc/terminal';
import { ok } from '../../../shared/refusals';
import { pinNet } from '../../../domain/reports/pin';
import type { CounterDb } from '../db/database';
import { settledByMethod, type OrderDesk } from '../orders';
import type { TerminalPort } from './port';
import { manualAmong, type TerminalStore } from './terminalStore';

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
  // The order index's settled payments of the method; which of them were confirmed by hand is the terminal's own read.
  const rows = settledByMethod(deps.db, deps.pinMethod(), { from, to });
  const confirmed = manualAmong(
    deps.db,
    rows.map((r) => r.paymentId),
  );
  const counter = { ...ZERO };
  const manual = { ...ZERO };
  for (const r of rows) {
    const into = confirmed.has(r.paymentId) ? manual : counter;
    if (r.isRefund) {
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
