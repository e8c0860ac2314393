import type { CounterDb as Database } from '../db/database';
import type { SyncProblem } from '../../../shared/manager/types';
import type { ProblemError } from '../../../shared/schemas/problem';
import { unsyncedOrders } from '../orders';

/**
 * The orders the central does not have in their latest state, for the manager: refused by the
 * central (with its reasons), set aside after failing again and again, or still waiting.
 */
export function syncProblems(db: Database): SyncProblem[] {
  return unsyncedOrders(db).map(({ state, setAside, reasons, ...row }) => ({
    ...row,
    kind: state === 'rejected' ? 'rejected' : setAside === 1 ? 'setAside' : 'unsent',
    reasons: state === 'rejected' ? (JSON.parse(reasons) as ProblemError[]) : [],
  }));
}
