import { randomUUID } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import type { Order } from '../../shared/schemas/order';

/**
 * The baseline of the counter's `orders.create`: the rows the handler's one transaction writes
 * for a new order, written by bare prepared statements in one transaction on the counter's own
 * schema and pragmas (so the same disk sync), copied from a template order the handler made.
 * The two change stamps, the order row, its parts, the outbox and sync rows, the manager's
 * facts, fact lines, search key and history. `sameWrites` checks they are the same rows.
 */
export function bareOrderWriter(db: Database, template: Order) {
  const doc = JSON.stringify(template);
  const lines = template.orderLines.map((l) => ({
    productId: l.productId,
    name: l.productName,
    quantity: l.quantity,
    amount: l.amountInclTax * l.quantity,
  }));
  const linesText = lines.map((l) => `${l.quantity}× ${l.name}`).join(', ');
  const sql = {
    stamp: db.prepare("UPDATE sequences SET value = MAX(value + 1, ?) WHERE name = 'change_stamp' RETURNING value"),
    number: db.prepare("UPDATE sequences SET value = value + 1 WHERE name = 'order_number' RETURNING value"),
    order: db.prepare(
      `INSERT INTO orders (order_id, touchpoint_id, external_order_id, order_number, customer_profile_id, customer_fixed,
         status_id, created_on, last_updated_on, version, doc) VALUES (?, 10, NULL, ?, 0, 0, 1, ?, ?, 0, ?)`,
    ),
    part: db.prepare(`INSERT INTO order_parts (part_id, kind, order_id) VALUES (?, 'line', ?)`),
    outbox: db.prepare(`INSERT INTO outbox (order_id, change, created_at) VALUES (?, 'insert', ?)`),
    sync: db.prepare(`INSERT INTO sync_orders (order_id, state, updated_at) VALUES (?, 'pending', ?)`),
    fact: db.prepare(
      `INSERT INTO order_facts (order_id, created_on, order_number, status_id, clerk_id, clerk_name, total_amount, paid_amount,
         refunded_amount, line_count, lines, sync_state) VALUES (?, ?, ?, 1, 'anna', 'Anna de Vries', ?, 0, 0, ?, ?, 'pending')`,
    ),
    factLine: db.prepare(
      `INSERT INTO order_fact_lines (order_id, line_no, created_on, product_id, product_name, quantity, amount) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    searchKey: db.prepare('INSERT INTO order_search_keys (key, order_id, created_on) VALUES (?, ?, ?)'),
    event: db.prepare(
      `INSERT INTO order_events (order_id, at, kind, staff_id, staff_name) VALUES (?, ?, 'created', 'anna', 'Anna de Vries')`,
    ),
  };
  const write = db.transaction((id: string, now: Date) => {
    const at = new Date((sql.stamp.get(now.getTime()) as { value: number }).value).toISOString();
    const number = `B-${(sql.number.get() as { value: number }).value}`;
    sql.order.run(id, number, at, at, doc);
    for (let l = 0; l < lines.length; l++) sql.part.run(randomUUID(), id);
    sql.outbox.run(id, at);
    sql.sync.run(id, at);
    sql.fact.run(id, at, number, template.totalAmount, lines.length, linesText);
    lines.forEach((l, i) => sql.factLine.run(id, i, at, l.productId, l.name, l.quantity, l.amount));
    sql.searchKey.run(`no:${number.toLowerCase()}`, id, at);
    sql.event.run(id, at);
  });
  return () => write.immediate(randomUUID(), new Date());
}

/** What a connection has written so far: rows per table, and every row changed (SQLite's total_changes()). */
export function writesOf(db: Database): Record<string, number> {
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
  const counts: Record<string, number> = { 'rows changed': db.prepare('SELECT total_changes()').pluck().get() as number };
  for (const table of tables) counts[table] = db.prepare(`SELECT COUNT(*) FROM "${table}"`).pluck().get() as number;
  return counts;
}

/** The handler and the baseline wrote the same: as many rows in every table, as many rows changed. */
export function sameWrites(handler: { before: Record<string, number>; after: Record<string, number> }, bare: typeof handler): void {
  const delta = (w: typeof handler) => Object.fromEntries(Object.keys(w.after).map((k) => [k, w.after[k]! - (w.before[k] ?? 0)]));
  const [h, b] = [delta(handler), delta(bare)];
  const differ = Object.keys({ ...h, ...b }).filter((k) => h[k] !== b[k]);
  if (differ.length > 0) {
    throw new Error(
      `the bare baseline does not write what the handler writes: ${differ.map((k) => `${k} ${h[k]} against ${b[k]}`).join(', ')}`,
    );
  }
}
