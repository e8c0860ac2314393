import type { CashMovement, OpenSession, SessionFigures } from '../../shared/manager/cash';
import { cashTotal, type CashCount } from '../../shared/manager/schemas';
import type { Actor } from '../../shared/manager/types';
import { cashTaken, movementTotals, type Movement } from './figures';

/**
 * A drawer session's figures (docs/api.md §10.1, §10.2): expected cash is its float, plus cash
 * taken less cash given back while it was open, as handed over (rounded), plus paid in, less
 * paid out, less safe drops made in it. "No sale" moves no money; it is counted.
 */

export interface SessionFacts extends OpenSession {
  closedAt: string | null;
  closedBy: Actor | null;
  counted: CashCount | null;
}

/** One session's figures: the cash settled while it was open and the movements made in it. */
export function sessionFigures(s: SessionFacts, money: Movement[], moves: CashMovement[]): SessionFigures {
  const from = Date.parse(s.openedAt);
  const to = s.closedAt === null ? Infinity : Date.parse(s.closedAt);
  const cash = cashTaken(money, (at) => Date.parse(at) >= from && Date.parse(at) < to);
  const totals = movementTotals(moves.filter((m) => m.sessionId === s.sessionId));
  const expected = s.float + cash.handed + totals.paidIn - totals.paidOut - totals.drops;
  const counted = s.counted === null ? null : cashTotal(s.counted);
  return {
    sessionId: s.sessionId,
    businessDate: s.businessDate,
    openedAt: s.openedAt,
    openedBy: s.openedBy,
    float: s.float,
    closedAt: s.closedAt,
    closedBy: s.closedBy,
    cashSales: cash.handed,
    rounding: cash.rounding,
    ...totals,
    expected,
    counted,
    countedByDenomination: s.counted,
    difference: counted === null ? null : counted - expected,
  };
}
