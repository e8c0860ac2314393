import type { Database } from 'better-sqlite3';
import type { SyncState } from '../../../shared/ipc';
import { stmt } from '../../../domain/store/sqlite/statements';

/**
 * The review's copy of an order's sync state (order_facts) and its history (order_events)
 * follow each change of state, in the caller's transaction: every write of `state` goes
 * through here. (Migration 8 replaced the triggers that did this: run for every order a push
 * syncs, they cost two and a half times these statements.) Reaching the central and being
 * refused by it enter the history when an existing row changes to that state.
 */
export function stateChanged(
  db: Database,
  orderId: string,
  before: SyncState | undefined,
  after: SyncState,
  at: string,
  reasons = '[]',
): void {
  if (before === after) return;
  stmt(db, 'UPDATE order_facts SET sync_state = ? WHERE order_id = ?').run(after, orderId);
  if (before === undefined || (after !== 'synced' && after !== 'rejected')) return;
  stmt(db, 'INSERT INTO order_events (order_id, at, kind, detail) VALUES (?, ?, ?, ?)').run(
    orderId,
    at,
    after === 'synced' ? 'reachedCentral' : 'refusedByCentral',
    after === 'rejected' ? reasons : null,
  );
}

export const stateOf = (db: Database, orderId: string): SyncState | undefined =>
  (stmt(db, 'SELECT state FROM sync_orders WHERE order_id = ?').get(orderId) as { state: SyncState } | undefined)?.state;
