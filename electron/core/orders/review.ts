import type { CounterDb as Database } from '../db/database';
import type { OrderFilters } from '../../../shared/manager/schemas';
import type { ManagerOrderRow, OrderEvent, RangeSummary } from '../../../shared/manager/types';
import type { ProblemError } from '../../../shared/schemas/problem';
import type { Catalog } from '../../../domain/catalog';
import type { Movement, OrderFact } from '../../../domain/reports/figures';
import { stmt } from '../../../domain/store/sqlite/statements';
import { compact } from './facts';

/**
 * The review's reads of the order index (facts.ts writes it; its schema and indexes are
 * db/managerDaySchema.ts): pages of orders in a time range under filters (keyset, newest first),
 * the range's totals, the money of a day, the clerks' order search, the orders the central does
 * not have. Plain functions taking the database first, for the manager and sale areas.
 */

export interface Bounds {
  from: string;
  to: string;
}

export interface Position {
  createdOn: string;
  orderId: string;
}

/** The opaque cursor of a page: where the last row was. */
export const encodePosition = (p: Position) => Buffer.from(JSON.stringify([p.createdOn, p.orderId])).toString('base64url');
export function decodePosition(cursor: string): Position | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string')) {
      return { createdOn: value[0] as string, orderId: value[1] as string };
    }
  } catch {
    // not a cursor of ours
  }
  return null;
}

/** The registered tokens a text names (xTat, pass number or card digits), from the cached reference data. */
export function tokenIdsFor(catalog: Catalog, text: string): number[] {
  const wanted = compact(text);
  return [...catalog.tokens.values()]
    .filter((t) => compact(t.passNumber ?? '') === wanted || String(t.lastDigits ?? '') === wanted || compact(t.xTat) === wanted)
    .map((t) => t.transitTokenId);
}

const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/** The orders a token text finds: by the keys of their own text, or a registered token on a line. */
function tokenCondition(text: string, tokenIds: number[]): { sql: string; args: unknown[] } {
  const key = compact(text);
  return {
    sql: `f.order_id IN (SELECT order_id FROM order_search_keys WHERE key IN (?, ?)
      UNION ALL SELECT order_id FROM order_tokens WHERE transit_token_id IN (${marks(tokenIds.length)}))`,
    args: [`pass:${key}`, `xtat:${key}`, ...tokenIds],
  };
}

function where(bounds: Bounds, filters: OrderFilters, tokenIds: number[]) {
  const parts = ['f.created_on >= ?', 'f.created_on < ?'];
  const args: unknown[] = [bounds.from, bounds.to];
  const add = (sql: string, ...values: unknown[]) => {
    parts.push(sql);
    args.push(...values);
  };
  if (filters.statusIds?.length) add(`f.status_id IN (${marks(filters.statusIds.length)})`, ...filters.statusIds);
  if (filters.syncStates?.length) add(`f.sync_state IN (${marks(filters.syncStates.length)})`, ...filters.syncStates);
  if (filters.staffId !== undefined) add('f.clerk_id = ?', filters.staffId);
  if (filters.productId !== undefined) {
    add(
      '+f.order_id IN (SELECT order_id FROM order_fact_lines WHERE product_id = ? AND created_on >= ? AND created_on < ?)',
      filters.productId,
      bounds.from,
      bounds.to,
    );
  }
  if (filters.paymentMethodId !== undefined) {
    add(
      '+f.order_id IN (SELECT order_id FROM money_facts WHERE payment_method_id = ? AND order_created_on >= ? AND order_created_on < ?)',
      filters.paymentMethodId,
      bounds.from,
      bounds.to,
    );
  }
  if (filters.token !== undefined) {
    const t = tokenCondition(filters.token, tokenIds);
    add(t.sql, ...t.args);
  }
  return { sql: parts.join(' AND '), args };
}

/** A row of the page as read: the view's row with its clerk in two columns. */
type FactRow = Omit<ManagerOrderRow, 'clerk'> & { clerkId: string | null; clerkName: string | null };

const ROW_COLUMNS = `f.order_id AS orderId, f.order_number AS orderNumber, s.central_order_number AS centralOrderNumber,
  f.created_on AS createdOn, f.status_id AS statusId, f.clerk_id AS clerkId, f.clerk_name AS clerkName, f.lines,
  f.line_count AS lineCount, f.total_amount AS totalAmount, f.paid_amount AS paidAmount,
  f.refunded_amount AS refundedAmount, f.sync_state AS syncState`;

const toRow = ({ clerkId, clerkName, ...row }: FactRow): ManagerOrderRow => ({
  ...row,
  clerk: clerkId === null ? null : { staffId: clerkId, name: clerkName ?? '' },
});

export function ordersPageSql(bounds: Bounds, filters: OrderFilters, tokenIds: number[], after: Position | null, limit: number) {
  const w = where(bounds, filters, tokenIds);
  const keyset = after ? ' AND (f.created_on, f.order_id) < (?, ?)' : '';
  return {
    sql: `SELECT ${ROW_COLUMNS} FROM order_facts f LEFT JOIN sync_orders s ON s.order_id = f.order_id
      WHERE ${w.sql}${keyset} ORDER BY f.created_on DESC, f.order_id DESC LIMIT ?`,
    args: [...w.args, ...(after ? [after.createdOn, after.orderId] : []), limit + 1],
  };
}

/** One page, newest first; `next` is set when more follow. */
export function ordersPage(
  db: Database,
  bounds: Bounds,
  filters: OrderFilters,
  tokenIds: number[],
  after: Position | null,
  limit: number,
): { rows: ManagerOrderRow[]; next: Position | null } {
  const q = ordersPageSql(bounds, filters, tokenIds, after, limit);
  const rows = stmt(db, q.sql).all(...q.args) as FactRow[];
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page.map(toRow), next: more && last ? { createdOn: last.createdOn, orderId: last.orderId } : null };
}

export function summarySql(bounds: Bounds, filters: OrderFilters, tokenIds: number[]) {
  const w = where(bounds, filters, tokenIds);
  return {
    sql: `SELECT COUNT(*) AS count, COALESCE(SUM(CASE WHEN f.status_id <> 6 THEN f.total_amount END), 0) AS totalAmount,
        COALESCE(SUM(f.paid_amount), 0) AS paidAmount, COALESCE(SUM(f.refunded_amount), 0) AS refundedAmount
      FROM order_facts f WHERE ${w.sql}`,
    args: w.args,
  };
}

/** The count and totals of the whole range under the filters. */
export function rangeSummary(db: Database, bounds: Bounds, filters: OrderFilters, tokenIds: number[]): RangeSummary {
  const q = summarySql(bounds, filters, tokenIds);
  return stmt(db, q.sql).get(...q.args) as RangeSummary;
}

interface MoneyRow {
  paymentId: string;
  orderId: string;
  paymentMethodId: number;
  methodName: string;
  provider: string;
  isRefund: number;
  amount: number;
  state: Movement['state'];
  createdOn: string;
  settledAt: string | null;
  lastAt: string;
}
const MONEY_COLUMNS = `payment_id AS paymentId, order_id AS orderId, payment_method_id AS paymentMethodId, method_name AS methodName,
  provider, is_refund AS isRefund, amount, state, created_on AS createdOn, settled_at AS settledAt, last_at AS lastAt`;

export const MOVEMENTS_SETTLED_SQL = `SELECT ${MONEY_COLUMNS} FROM money_facts WHERE settled_at >= ? AND settled_at < ?`;
export const MOVEMENTS_FAILED_SQL = `SELECT ${MONEY_COLUMNS} FROM money_facts WHERE last_at >= ? AND last_at < ? AND state = 'FAILED'`;

/**
 * The payments and refunds settled, or failed, within the bounds, as the order index holds them: the
 * manager's day's money (manager/dayMoney.ts) adds what the cash and terminal areas recorded of each.
 */
export function paymentsIn(db: Database, bounds: Bounds): Movement[] {
  const settled = stmt(db, MOVEMENTS_SETTLED_SQL).all(bounds.from, bounds.to) as MoneyRow[];
  const failed = stmt(db, MOVEMENTS_FAILED_SQL).all(bounds.from, bounds.to) as MoneyRow[];
  return [...settled, ...failed].map((r) => ({ ...r, isRefund: r.isRefund === 1 }));
}

/** The settled payments of one method in a range, by when they settled (`+` keeps the method's index, which would read every day's, out). */
export const SETTLED_BY_METHOD_SQL = `SELECT payment_id AS paymentId, is_refund AS isRefund, amount FROM money_facts
  WHERE settled_at >= ? AND settled_at < ? AND +payment_method_id = ? AND state = 'SETTLED'`;

/** The payments and refunds of one payment method settled within the bounds (the terminal's own PIN totals, docs/counter.md §15). */
export function settledByMethod(
  db: Database,
  paymentMethodId: number,
  bounds: Bounds,
): { paymentId: string; isRefund: boolean; amount: number }[] {
  const rows = stmt(db, SETTLED_BY_METHOD_SQL).all(bounds.from, bounds.to, paymentMethodId) as {
    paymentId: string;
    isRefund: number;
    amount: number;
  }[];
  return rows.map((r) => ({ ...r, isRefund: r.isRefund === 1 }));
}

export const ORDERS_MADE_SQL = `SELECT f.order_id AS orderId, f.order_number AS orderNumber, f.created_on AS createdOn,
  f.status_id AS statusId, f.total_amount AS totalAmount, f.refunded_amount AS refundedAmount, f.clerk_id AS clerkId,
  f.clerk_name AS clerkName FROM order_facts f WHERE f.created_on >= ? AND f.created_on < ?`;
export const LINES_MADE_SQL = `SELECT order_id AS orderId, product_id AS productId, product_name AS productName, quantity, amount,
  returned_quantity AS returned FROM order_fact_lines WHERE created_on >= ? AND created_on < ?`;

/** The orders made within the bounds, with their lines, as the report figures take them. */
export function ordersMadeIn(db: Database, bounds: Bounds, withLines: boolean): OrderFact[] {
  const rows = stmt(db, ORDERS_MADE_SQL).all(bounds.from, bounds.to) as (Omit<OrderFact, 'clerk' | 'lines'> & {
    clerkId: string | null;
    clerkName: string | null;
  })[];
  const lines = new Map<string, OrderFact['lines']>();
  if (withLines) {
    for (const l of stmt(db, LINES_MADE_SQL).all(bounds.from, bounds.to) as (OrderFact['lines'][number] & { orderId: string })[]) {
      const { orderId, returned, ...line } = l;
      lines.set(orderId, [...(lines.get(orderId) ?? []), returned ? { ...line, returned } : line]);
    }
  }
  return rows.map(({ clerkId, clerkName, refundedAmount, ...r }) => ({
    ...r,
    ...(refundedAmount ? { refundedAmount } : {}),
    clerk: clerkId === null ? null : { staffId: clerkId, name: clerkName ?? '' },
    lines: lines.get(r.orderId) ?? [],
  }));
}

/** The history of one order, oldest first. */
export function orderEvents(db: Database, orderId: string): OrderEvent[] {
  const rows = stmt(
    db,
    `SELECT at, kind, staff_id AS staffId, staff_name AS staffName, payment_id AS paymentId, amount,
       payment_method_id AS paymentMethodId, detail FROM order_events WHERE order_id = ? ORDER BY seq`,
  ).all(orderId) as (Omit<OrderEvent, 'actor'> & { staffId: string | null; staffName: string | null })[];
  return rows.map(({ staffId, staffName, ...e }) => ({ ...e, actor: staffId === null ? null : { staffId, name: staffName ?? '' } }));
}

/** Open concept (or awaiting payment) orders made before `before`: abandoned at the counter. */
export const STALE_SQL = `SELECT ${ROW_COLUMNS} FROM order_facts f LEFT JOIN sync_orders s ON s.order_id = f.order_id
  WHERE f.status_id IN (1, 2) AND f.created_on < ? ORDER BY f.created_on DESC LIMIT 500`;
export function staleOrders(db: Database, before: string): ManagerOrderRow[] {
  return (stmt(db, STALE_SQL).all(before) as FactRow[]).map(toRow);
}

export function staleCount(db: Database, before: string): number {
  return (stmt(db, 'SELECT COUNT(*) AS n FROM order_facts WHERE status_id IN (1, 2) AND created_on < ?').get(before) as { n: number }).n;
}

export function searchSql(tokenIds: number[], range: Bounds | null, statusIds: number[] | undefined) {
  const parts: string[] = [];
  if (range) parts.push('f.created_on >= ? AND f.created_on < ?');
  if (statusIds?.length) parts.push(`f.status_id IN (${marks(statusIds.length)})`);
  const found = `f.order_id IN (SELECT order_id FROM order_search_keys WHERE key IN (?, ?, ?)
      UNION ALL SELECT order_id FROM sync_orders WHERE central_order_number = ?
      UNION ALL SELECT order_id FROM order_tokens WHERE transit_token_id IN (${marks(tokenIds.length)}))`;
  return `SELECT ${ROW_COLUMNS} FROM order_facts f LEFT JOIN sync_orders s ON s.order_id = f.order_id
    WHERE ${[found, ...parts].join(' AND ')} ORDER BY f.created_on DESC, f.order_id DESC LIMIT ?`;
}

/**
 * The clerks' order search: an order number (local or the central's), a pass number, the
 * last digits of a bank card or an xTat, each answered from an index.
 */
export function searchByText(
  db: Database,
  catalog: Catalog,
  text: string,
  range: Bounds | null,
  statusIds: number[] | undefined,
  limit: number,
): ManagerOrderRow[] {
  const key = compact(text);
  const tokenIds = tokenIdsFor(catalog, text);
  const args = [
    `no:${key}`,
    `pass:${key}`,
    `xtat:${key}`,
    text.trim(),
    ...tokenIds,
    ...(range ? [range.from, range.to] : []),
    ...(statusIds ?? []),
  ];
  return (stmt(db, searchSql(tokenIds, range, statusIds)).all(...args, limit) as FactRow[]).map(toRow);
}

/** The orders made within the bounds that the central refused, with its reasons. */
export function refusedIn(db: Database, bounds: Bounds): { orderId: string; orderNumber: string; reasons: ProblemError[] }[] {
  const rows = stmt(
    db,
    `SELECT f.order_id AS orderId, f.order_number AS orderNumber, s.reasons FROM order_facts f JOIN sync_orders s ON s.order_id = f.order_id
     WHERE f.sync_state = 'rejected' AND f.created_on >= ? AND f.created_on < ? ORDER BY f.created_on`,
  ).all(bounds.from, bounds.to) as { orderId: string; orderNumber: string; reasons: string }[];
  return rows.map((r) => ({ ...r, reasons: JSON.parse(r.reasons) as ProblemError[] }));
}

/** The order numbers of these orders, by id (an unknown id has none). */
export function orderNumbersOf(db: Database, orderIds: string[]): Map<string, string> {
  const rows = stmt(db, 'SELECT order_id AS id, order_number AS n FROM order_facts WHERE order_id IN (SELECT value FROM json_each(?))').all(
    JSON.stringify(orderIds),
  ) as { id: string; n: string }[];
  return new Map(rows.map((r) => [r.id, r.n]));
}
