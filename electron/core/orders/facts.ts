import type { CounterDb as Database } from '../db/database';
import { readSetting, writeSetting } from '../db/settings';
import type { Actor, OrderEventKind } from '../../../shared/manager/types';
import type { Order } from '../../../shared/schemas/order';
import { refundReason } from '../../../domain/order/payments';
import { linesText, movementsOf, orderFactOf, type Movement } from '../../../domain/reports/figures';
import { stmt } from '../../../domain/store/sqlite/statements';

/**
 * The counter's index of its orders (schema: electron/core/db/managerDaySchema.ts), written in
 * the same transaction as each order write: the review's facts, lines and money, the
 * search keys, and the order's history with who did it, read off what changed.
 */

/** The search keys of an order's own text: its number and the pass numbers typed on its lines. */
export const compact = (text: string) => text.replace(/\s+/g, '').toLowerCase();
function searchKeys(order: Order): string[] {
  const keys = new Set([`no:${compact(order.orderNumber)}`]);
  for (const line of order.orderLines) {
    for (const t of line.customerTokens ?? []) {
      if (t.passNumber) keys.add(`pass:${compact(t.passNumber)}`);
      if (t.transitToken?.xTat) keys.add(`xtat:${compact(t.transitToken.xTat)}`);
    }
  }
  return [...keys];
}

interface Known {
  status: number;
  money: Map<string, string>;
}

function known(db: Database, orderId: string): Known | undefined {
  const fact = stmt(db, 'SELECT status_id AS status FROM order_facts WHERE order_id = ?').get(orderId) as { status: number } | undefined;
  if (!fact) return undefined;
  const rows = stmt(db, 'SELECT payment_id AS id, state FROM money_facts WHERE order_id = ?').all(orderId) as {
    id: string;
    state: string;
  }[];
  return { status: fact.status, money: new Map(rows.map((r) => [r.id, r.state])) };
}

const SETTLED_KIND: Record<string, OrderEventKind> = { SETTLED: 'paymentSettled', FAILED: 'paymentFailed', CANCELLED: 'paymentCancelled' };

interface NewEvent {
  kind: OrderEventKind;
  payment?: Movement;
  detail?: string | null;
}

/** What happened between the indexed version of an order and this one. */
function changes(order: Order, before: Known | undefined, movements: Movement[]): NewEvent[] {
  const events: NewEvent[] = [];
  if (!before) events.push({ kind: 'created' });
  for (const m of movements) {
    const was = before?.money.get(m.paymentId);
    if (was === undefined) {
      const payment = order.payments.find((p) => p.paymentId === m.paymentId)!;
      events.push({ kind: m.isRefund ? 'refund' : 'payment', payment: m, detail: m.isRefund ? refundReason(payment) : m.state });
    } else if (was !== m.state) {
      const kind = m.isRefund && m.state === 'SETTLED' ? 'refundSettled' : SETTLED_KIND[m.state];
      if (kind) events.push({ kind, payment: m, detail: m.state });
    }
  }
  const status = order.order_OrderStatuses[0]!.orderStatus.orderStatusId;
  if (before && status !== before.status && (status === 5 || status === 6)) events.push({ kind: status === 5 ? 'delivered' : 'cancelled' });
  if (before && events.length === 0) events.push({ kind: 'changed' });
  return events;
}

function recordEvents(db: Database, orderId: string, at: string, actor: Actor | null, events: NewEvent[]): void {
  const put = stmt(
    db,
    `INSERT INTO order_events (order_id, at, kind, staff_id, staff_name, payment_id, amount, payment_method_id, detail)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const e of events) {
    put.run(
      orderId,
      at,
      e.kind,
      actor?.staffId ?? null,
      actor?.name ?? null,
      e.payment?.paymentId ?? null,
      e.payment?.amount ?? null,
      e.payment?.paymentMethodId ?? null,
      e.detail ?? null,
    );
  }
}

function clear(db: Database, orderId: string): void {
  for (const table of ['order_fact_lines', 'money_facts', 'order_search_keys'])
    stmt(db, `DELETE FROM ${table} WHERE order_id = ?`).run(orderId);
}

/**
 * Indexes the order as just written, and records what changed by whom (`actor`: the staff
 * member logged in; null for what sync took in from the central). Call inside the write's
 * transaction.
 */
export function indexOrder(db: Database, order: Order, actor: Actor | null, history = true): void {
  const before = known(db, order.orderId);
  const movements = movementsOf(order);
  if (history) recordEvents(db, order.orderId, order.lastUpdatedOn, actor, changes(order, before, movements));
  // The clerk of an order is who made it: kept from the first version on.
  const made = before ? undefined : actor;
  const fact = orderFactOf(order, made ?? null);
  const paid = movements.filter((m) => m.state === 'SETTLED' && !m.isRefund).reduce((t, m) => t + m.amount, 0);
  const refunded = movements.filter((m) => m.state === 'SETTLED' && m.isRefund).reduce((t, m) => t + m.amount, 0);
  stmt(
    db,
    `INSERT INTO order_facts (order_id, created_on, order_number, status_id, clerk_id, clerk_name, total_amount, paid_amount,
       refunded_amount, line_count, lines, sync_state)
     VALUES (@orderId, @createdOn, @orderNumber, @statusId, @clerkId, @clerkName, @total, @paid, @refunded, @lineCount, @lines,
       COALESCE((SELECT state FROM sync_orders WHERE order_id = @orderId), 'pending'))
     ON CONFLICT (order_id) DO UPDATE SET status_id = excluded.status_id, total_amount = excluded.total_amount,
       paid_amount = excluded.paid_amount, refunded_amount = excluded.refunded_amount, line_count = excluded.line_count,
       lines = excluded.lines, sync_state = excluded.sync_state`,
  ).run({
    orderId: fact.orderId,
    createdOn: fact.createdOn,
    orderNumber: fact.orderNumber,
    statusId: fact.statusId,
    clerkId: made?.staffId ?? null,
    clerkName: made?.name ?? null,
    total: fact.totalAmount,
    paid: paid - refunded,
    refunded,
    lineCount: fact.lines.length,
    lines: linesText(fact.lines),
  });
  clear(db, order.orderId);
  const line = stmt(
    db,
    `INSERT INTO order_fact_lines (order_id, line_no, created_on, product_id, product_name, quantity, amount, returned_quantity)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  fact.lines.forEach((l, i) =>
    line.run(order.orderId, i, order.createdOn, l.productId, l.productName, l.quantity, l.amount, l.returned ?? 0),
  );
  const money = stmt(
    db,
    `INSERT INTO money_facts (payment_id, order_id, order_created_on, payment_method_id, method_name, provider, is_refund, amount,
       state, created_on, settled_at, last_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const m of movements) {
    money.run(
      m.paymentId,
      m.orderId,
      order.createdOn,
      m.paymentMethodId,
      m.methodName,
      m.provider,
      m.isRefund ? 1 : 0,
      m.amount,
      m.state,
      m.createdOn,
      m.settledAt,
      m.lastAt,
    );
  }
  const key = stmt(db, 'INSERT OR IGNORE INTO order_search_keys (key, order_id, created_on) VALUES (?, ?, ?)');
  for (const k of searchKeys(order)) key.run(k, order.orderId, order.createdOn);
}

/** An order deleted here (its history stays, with who deleted it) or dropped as the central deleted it. */
export function unindexOrder(db: Database, orderId: string, at: string, actor: Actor | null): void {
  clear(db, orderId);
  stmt(db, 'DELETE FROM order_facts WHERE order_id = ?').run(orderId);
  recordEvents(db, orderId, at, actor, [{ kind: 'deleted' }]);
}

const INDEXED = 'manager.indexedAll';

/** Indexes the orders a counter held before it had the index (once, at the first start after the upgrade). */
export function indexExisting(db: Database): number {
  if (readSetting(db, INDEXED) !== undefined) return 0;
  let count = 0;
  db.transaction(() => {
    const docs = db.prepare('SELECT doc FROM orders WHERE order_id NOT IN (SELECT order_id FROM order_facts)').all() as { doc: string }[];
    for (const { doc } of docs) {
      // Their history before the upgrade is not known: no events are made up for them.
      indexOrder(db, JSON.parse(doc) as Order, null, false);
      count++;
    }
    writeSetting(db, INDEXED, true);
  })();
  return count;
}
