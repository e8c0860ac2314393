import type { HandlersOf } from '../../../shared/ipc';
import type { managerChannels } from '../../../shared/ipc/manager';
import type { DayTerminalTotals, TerminalTotals } from '../../../shared/ipc/terminal';
import type { DayReport } from '../../../shared/manager/types';
import { ok } from '../../../shared/refusals';
import type { CounterDb } from '../db/database';
import { counterPinTotals, terminalTotals, type TerminalMoneyDeps } from './terminalMoney';

/**
 * The terminal at the day's close (docs/api.md §9.2, docs/counter.md §15): once the Z is
 * committed, the counter closes the terminal's period (ReconciliationRequest) by itself and
 * keeps its totals beside the counter's PIN totals of the day, shown with the Z and with every
 * reprint of it. The close never waits on the terminal to commit: a terminal that fails or does
 * not answer is recorded with its reason, and the manager can close its period again from the Z.
 */

export function readDayTerminalTotals(db: CounterDb, businessDate: string): DayTerminalTotals | null {
  const row = db.prepare('SELECT at, totals FROM terminal_reconciliations WHERE business_date = ?').get(businessDate) as
    { at: string; totals: string } | undefined;
  return row ? { ...(JSON.parse(row.totals) as TerminalTotals), at: row.at } : null;
}

/** Keeps a day's Reconciliation: a later one (the manager's, from the Z) replaces the close's. */
export function keepDayTerminalTotals(db: CounterDb, businessDate: string, totals: TerminalTotals, at: string): DayTerminalTotals {
  db.prepare(
    `INSERT INTO terminal_reconciliations (business_date, at, totals) VALUES (?, ?, ?)
     ON CONFLICT (business_date) DO UPDATE SET at = excluded.at, totals = excluded.totals`,
  ).run(businessDate, at, JSON.stringify(totals));
  return { ...totals, at };
}

/** Closes the terminal's period for a closed day: whatever happens, an answer (with the terminal's reason when it failed). */
export async function reconcileDay(deps: TerminalMoneyDeps, report: DayReport, now: () => Date): Promise<DayTerminalTotals> {
  let totals: TerminalTotals;
  try {
    const answer = await terminalTotals(deps, { from: report.from, to: report.to, close: true });
    totals = answer.ok
      ? answer.value
      : { ...counterPinTotals(deps, report.from, report.to), terminal: null, difference: null, error: 'unreachable' };
  } catch (error) {
    // The day is closed already: a terminal (or driver) that throws is recorded as no answer.
    console.error(`terminal: the Reconciliation at the day close failed: ${(error as Error).message}`);
    totals = { ...counterPinTotals(deps, report.from, report.to), terminal: null, difference: null, error: 'unreachable' };
  }
  return keepDayTerminalTotals(deps.db, report.businessDate, totals, now().toISOString());
}

/** The manager's day channels with the terminal's period closed at Z (the Z shows what was kept: manager/handlers.ts). */
export function withTerminalAtClose(
  handlers: HandlersOf<typeof managerChannels>,
  deps: TerminalMoneyDeps,
  now: () => Date,
): HandlersOf<typeof managerChannels> {
  return {
    ...handlers,
    'day.close': async (input) => {
      const closed = await handlers['day.close'](input);
      if (!closed.ok) return closed;
      return ok({ ...closed.value, terminal: await reconcileDay(deps, closed.value, now) });
    },
  };
}
