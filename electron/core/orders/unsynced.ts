import type { CounterDb as Database } from '../db/database';
import type { SyncProblem } from '../../../shared/manager/types';
import { stmt } from '../../../domain/store/sqlite/statements';

/**
 * The orders the central does not have in their latest state, read off the order index beside
 * their sync rows: refused by the central (with its reasons), set aside after failing again and
 * again, or still waiting. The manager area says which is which (manager/syncProblems.ts).
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

/** An order the central does not have in its latest state, with its sync row's state, flag and reasons (JSON) as stored. */
export type UnsyncedOrder = Omit<SyncProblem, 'kind' | 'reasons'> & { state: string; setAside: number; reasons: string };

/** The orders the central does not have in their latest state, the longest waiting first. */
export const unsyncedOrders = (db: Database): UnsyncedOrder[] => stmt(db, SYNC_PROBLEMS_SQL).all() as UnsyncedOrder[];
