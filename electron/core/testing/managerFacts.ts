import { openCounterDatabase, type CounterDb } from '../db/database';
import type { SyncState } from '../../../shared/ipc';
import { stateChanged, stateOf } from '../db/syncState';

/**
 * Rows of the manager's index tables (electron/core/db/managerDaySchema.ts) written directly,
 * for tests of the reads that need an order just inside or just outside a bound without
 * making it through the order domain. Every field has a plain default.
 */

export interface FactRow {
  orderId: string;
  createdOn: string;
  orderNumber?: string;
  statusId?: number;
  clerkId?: string | null;
  clerkName?: string | null;
  totalAmount?: number;
  paidAmount?: number;
  refundedAmount?: number;
  lines?: string;
  lineCount?: number;
  syncState?: string;
}

export interface MoneyRow {
  paymentId: string;
  orderId: string;
  orderCreatedOn?: string;
  paymentMethodId?: number;
  methodName?: string;
  provider?: string;
  isRefund?: boolean;
  amount: number;
  state?: string;
  createdOn?: string;
  settledAt?: string | null;
  lastAt?: string;
}

export function factTables(db: CounterDb = openCounterDatabase(':memory:')) {
  const putFact = db.prepare(
    `INSERT INTO order_facts (order_id, created_on, order_number, status_id, clerk_id, clerk_name, total_amount, paid_amount,
       refunded_amount, line_count, lines, sync_state) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const putMoney = db.prepare(
    `INSERT INTO money_facts (payment_id, order_id, order_created_on, payment_method_id, method_name, provider, is_refund, amount,
       state, created_on, settled_at, last_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  return {
    db,
    fact(f: FactRow) {
      putFact.run(
        f.orderId,
        f.createdOn,
        f.orderNumber ?? `N-${f.orderId}`,
        f.statusId ?? 1,
        f.clerkId === undefined ? 'anna' : f.clerkId,
        f.clerkName === undefined ? 'Anna de Vries' : f.clerkName,
        f.totalAmount ?? 340,
        f.paidAmount ?? 0,
        f.refundedAmount ?? 0,
        f.lineCount ?? 1,
        f.lines ?? '1× Enkele reis stad',
        f.syncState ?? 'pending',
      );
    },
    line(orderId: string, lineNo: number, createdOn: string, productId: number, quantity = 1, amount = 340) {
      db.prepare(
        'INSERT INTO order_fact_lines (order_id, line_no, created_on, product_id, product_name, quantity, amount) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ).run(orderId, lineNo, createdOn, productId, `product ${productId}`, quantity, amount);
    },
    money(m: MoneyRow) {
      const at = m.createdOn ?? '2026-10-24T08:00:00.000Z';
      const state = m.state ?? 'SETTLED';
      putMoney.run(
        m.paymentId,
        m.orderId,
        m.orderCreatedOn ?? at,
        m.paymentMethodId ?? 1,
        m.methodName ?? 'Contant',
        m.provider ?? 'counter',
        m.isRefund ? 1 : 0,
        m.amount,
        state,
        at,
        m.settledAt === undefined ? (state === 'SETTLED' ? at : null) : m.settledAt,
        m.lastAt ?? at,
      );
    },
    sync(orderId: string, state: SyncState, extra: { reasons?: unknown[]; centralOrderNumber?: string; updatedAt?: string } = {}) {
      const at = extra.updatedAt ?? '2026-10-24T08:00:00.000Z';
      db.prepare('INSERT INTO sync_orders (order_id, central_order_number, state, reasons, updated_at) VALUES (?, ?, ?, ?, ?)').run(
        orderId,
        extra.centralOrderNumber ?? null,
        state,
        JSON.stringify(extra.reasons ?? []),
        at,
      );
      stateChanged(db, orderId, undefined, state, at);
    },
  };
}

/**
 * Writes an order's sync state as sync does (its row, then the review's copy and the history
 * through syncState.ts), without a push: for tests of what the manager is shown of each state.
 */
export function setSyncState(db: CounterDb, orderId: string, state: SyncState, at: string, reasons: unknown[] = []): void {
  const before = stateOf(db, orderId);
  const written = JSON.stringify(reasons);
  db.prepare('UPDATE sync_orders SET state = ?, reasons = ?, updated_at = ? WHERE order_id = ?').run(state, written, at, orderId);
  stateChanged(db, orderId, before, state, at, written);
}
