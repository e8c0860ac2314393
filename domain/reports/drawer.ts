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

/**
 * The drawer's one rule for cash taken while no session was open (docs/counter.md §17): it lies
 * in the drawer until the next count, so it counts into the next session opened that day. A
 * session's cash is thus what settled after the previous session of its day closed (from the
 * day's start for the first) until its own close. X, Z and the session's blind count all read
 * it here, through `daySessionFigures`.
 */
export function daySessionFigures(sessions: SessionFacts[], money: Movement[], moves: CashMovement[]): SessionFigures[] {
  const inOrder = [...sessions].sort((a, b) => Date.parse(a.openedAt) - Date.parse(b.openedAt) || a.sessionId.localeCompare(b.sessionId));
  return inOrder.map((s, i) => sessionFigures(s, money, moves, inOrder[i - 1]?.closedAt ?? null));
}

/** One session's figures: the cash settled from `since` (null: the day's start) until it closed, and the movements made in it. */
function sessionFigures(s: SessionFacts, money: Movement[], moves: CashMovement[], since: string | null): SessionFigures {
  const from = since === null ? -Infinity : Date.parse(since);
  const to = s.closedAt === null ? Infinity : Date.parse(s.closedAt);
  const inside = (at: string) => Date.parse(at) >= from && Date.parse(at) < to;
  const cash = cashTaken(money, inside);
  // A movement made while no session was open counts as its cash does: into the next session.
  const totals = movementTotals(moves.filter((m) => m.sessionId === s.sessionId || (m.sessionId === null && inside(m.at))));
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
