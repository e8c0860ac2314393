import type { CounterDb as Database } from '../db/database';
import type { SyncProblem } from '../../../shared/manager/types';
import type { ProblemError } from '../../../shared/schemas/problem';
import { stmt } from '../../../domain/store/sqlite/statements';

/**
 * The orders the central does not have in their latest state, for the manager: refused by the
 * central (with its reasons), set aside after failing again and again, or still waiting.
 */
export const SYNC_PROBLEMS_SQL = `
  SELECT s.order_id AS orderId, f.order_number AS orderNumber, f.status_id AS statusId, f.total_amount AS totalAmount,
    COALESCE((SELECT SUM(CASE WHEN m.is_refund = 0 AND m.state = 'SETTLED' THEN m.amount
                              WHEN m.is_refund = 1 AND m.state IN ('SETTLED', 'PENDING') THEN -m.amount ELSE 0 END)
              FROM money_facts m WHERE m.order_id = s.order_id), 0) AS refundable,
    s.state, s.set_aside AS setAside, s.reasons, s.last_error AS lastError, s.failures + s.attempts AS attempts,
    COALESCE((SELECT MIN(x.created_at) FROM outbox x WHERE x.order_id = s.order_id), s.updated_at) AS since
  FROM sync_orders s JOIN order_facts f ON f.order_id = s.order_id
  WHERE s.order_id IN (SELECT order_id FROM sync_orders WHERE state IN ('rejected', 'pending')
                       UNION SELECT order_id FROM sync_orders WHERE set_aside = 1)
  ORDER BY since`;

export function syncProblems(db: Database): SyncProblem[] {
  const rows = stmt(db, SYNC_PROBLEMS_SQL).all() as (Omit<SyncProblem, 'kind' | 'reasons'> & {
    state: string;
    setAside: number;
    reasons: string;
  })[];
  return rows.map(({ state, setAside, reasons, ...row }) => ({
    ...row,
    kind: state === 'rejected' ? 'rejected' : setAside === 1 ? 'setAside' : 'unsent',
    reasons: state === 'rejected' ? (JSON.parse(reasons) as ProblemError[]) : [],
  }));
}
