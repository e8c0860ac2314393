import BetterSqlite3, { type Database } from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate, ORDER_TRACK } from '../../../domain/store/sqlite/database';
import { COUNTER_TRACK } from './database';
import { COUNTER_MIGRATIONS } from './migrations';
import { tables } from './testing/schema';

const counterUpTo = (n: number) => [ORDER_TRACK, { name: COUNTER_TRACK.name, migrations: COUNTER_MIGRATIONS.slice(0, n) }];

/** A database with the order store's tables and exactly `n` of the counter's migrations. */
function atVersion(n: number): Database {
  const db = new BetterSqlite3(':memory:');
  migrate(db, ':memory:', counterUpTo(n));
  return db;
}

/** One test per migration of the counter's track; a new migration without its test fails the last test. */
const PER_MIGRATION: Record<number, () => void> = {
  1: () => {
    const before = atVersion(0);
    migrate(before, ':memory:', counterUpTo(1));
    expect(tables(before)).toEqual(expect.arrayContaining(['outbox', 'sync_orders', 'settings', 'staff', 'lookup_cache']));
    expect(() => before.prepare("INSERT INTO outbox (order_id, change, created_at) VALUES ('kept', 'rename', 't')").run()).toThrow(/CHECK/);
    before.close();
  },
  2: () => {
    const before = atVersion(1);
    before.prepare("INSERT INTO staff (staff_id, name, role, pin_hash) VALUES ('s1', 'Sam', 'clerk', 'h')").run();
    migrate(before, ':memory:', counterUpTo(2));
    // Staff of before are active; a disabled flag is 0 or 1 only.
    expect(before.prepare('SELECT staff_id, active FROM staff').all()).toEqual([{ staff_id: 's1', active: 1 }]);
    expect(() => before.prepare("UPDATE staff SET active = 2 WHERE staff_id = 's1'").run()).toThrow(/CHECK/);
    expect(tables(before)).toEqual(expect.arrayContaining(['login_failures', 'settings_audit']));
    before.close();
  },
  3: () => {
    const before = atVersion(2);
    before.prepare("INSERT INTO sync_orders (order_id, state, updated_at) VALUES ('o', 'pending', 't')").run();
    migrate(before, ':memory:', counterUpTo(3));
    expect(before.prepare('SELECT order_id, failures, set_aside, last_error, central_updated_on FROM sync_orders').all()).toEqual([
      { order_id: 'o', failures: 0, set_aside: 0, last_error: null, central_updated_on: null },
    ]);
    before.close();
  },
  4: () => {
    const before = atVersion(3);
    migrate(before, ':memory:', counterUpTo(4));
    // What every committed change asks (what is left to send, less the orders set aside)
    // reads the set-aside orders through the index, not by scanning every order held.
    const plan = (sql: string) => (before.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((r) => r.detail);
    const counts = [
      'SELECT COUNT(*) FROM sync_orders WHERE set_aside = 1',
      'SELECT COUNT(DISTINCT order_id) FROM outbox WHERE order_id NOT IN (SELECT order_id FROM sync_orders WHERE set_aside = 1)',
    ];
    for (const sql of counts) {
      expect(plan(sql).join(' | ')).toContain('sync_orders_set_aside');
      expect(plan(sql)).not.toContain('SCAN sync_orders');
    }
    before.close();
  },
  5: () => {
    const before = atVersion(4);
    before.prepare("INSERT INTO sync_orders (order_id, central_order_id, state, updated_at) VALUES ('o', 'c', 'synced', 't')").run();
    migrate(before, ':memory:', counterUpTo(5));
    // A pulled order is matched to the local copy through the index, not a scan of every order held.
    const sql = 'SELECT * FROM sync_orders WHERE central_order_id = ?';
    expect((before.prepare(`EXPLAIN QUERY PLAN ${sql}`).all('c') as { detail: string }[]).map((r) => r.detail)).toEqual([
      'SEARCH sync_orders USING INDEX sync_orders_by_central_id (central_order_id=?)',
    ]);
    expect(before.prepare(sql).get('c')).toMatchObject({ order_id: 'o', central_order_id: 'c' });
    before.close();
  },
  6: () => {
    const before = atVersion(5);
    before
      .prepare(
        `INSERT INTO orders (order_id, touchpoint_id, order_number, customer_profile_id, customer_fixed, status_id, created_on,
           last_updated_on, version, doc) VALUES ('kept', 1, 'n-kept', 0, 0, 1, 't', 't', 0, '{}')`,
      )
      .run();
    migrate(before, ':memory:', counterUpTo(6));
    expect(tables(before)).toEqual(
      expect.arrayContaining([
        'order_facts',
        'order_fact_lines',
        'money_facts',
        'order_search_keys',
        'order_events',
        'drawer_days',
        'audit_log',
      ]),
    );
    const fact = (id: string) =>
      before
        .prepare(
          `INSERT INTO order_facts (order_id, created_on, order_number, status_id, total_amount, paid_amount, refunded_amount, line_count, lines)
           VALUES (?, 't', ?, 1, 0, 0, 0, 0, '')`,
        )
        .run(id, `n-${id}`);
    fact('kept');
    // The sync state reaches the review's copy, and reaching or being refused by the central the order's history.
    const syncRow = "INSERT INTO sync_orders (order_id, state, updated_at) VALUES ('kept', 'pending', 't1')";
    before.prepare(syncRow).run();
    before.prepare("UPDATE sync_orders SET state = 'synced', updated_at = 't2' WHERE order_id = 'kept'").run();
    before.prepare("UPDATE sync_orders SET state = 'rejected', reasons = '[1]', updated_at = 't3' WHERE order_id = 'kept'").run();
    expect(before.prepare('SELECT sync_state FROM order_facts').get()).toEqual({ sync_state: 'rejected' });
    expect(before.prepare('SELECT at, kind, detail FROM order_events ORDER BY seq').all()).toEqual([
      { at: 't2', kind: 'reachedCentral', detail: null },
      { at: 't3', kind: 'refusedByCentral', detail: '[1]' },
    ]);
    expect(() => before.prepare("INSERT INTO audit_log (at, action, outcome) VALUES ('t', 'x', 'maybe')").run()).toThrow(/CHECK/);
    before.close();
  },
  7: () => {
    const before = atVersion(6);
    // As the released program wrote them: three tickets of 275 as 2475 (825 times 3), one of 400 as 400.
    const line = before.prepare(
      `INSERT INTO order_fact_lines (order_id, line_no, created_on, product_id, product_name, quantity, amount)
       VALUES ('o', ?, 't', ?, 'p', ?, ?)`,
    );
    line.run(1, 600, 3, 2475);
    line.run(2, 601, 1, 400);
    migrate(before, ':memory:', counterUpTo(7));
    expect(before.prepare('SELECT line_no, quantity, amount FROM order_fact_lines ORDER BY line_no').all()).toEqual([
      { line_no: 1, quantity: 3, amount: 825 },
      { line_no: 2, quantity: 1, amount: 400 },
    ]);
    before.close();
  },
  8: () => {
    const before = atVersion(7);
    migrate(before, ':memory:', counterUpTo(8));
    expect(before.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'sync_orders'").all()).toEqual([]);
    // What the triggers did is done by syncState.ts (syncOrders.test.ts): a state written bare changes nothing else.
    before.prepare("INSERT INTO sync_orders (order_id, state, updated_at) VALUES ('o', 'pending', 't1')").run();
    before.prepare("UPDATE sync_orders SET state = 'synced', updated_at = 't2' WHERE order_id = 'o'").run();
    expect(before.prepare('SELECT COUNT(*) AS n FROM order_events').get()).toEqual({ n: 0 });
    before.close();
  },
  9: () => {
    const before = atVersion(8);
    migrate(before, ':memory:', counterUpTo(9));
    expect(tables(before)).toEqual(expect.arrayContaining(['money_journal', 'cash_roundings', 'drawer_sessions', 'cash_movements']));
    // A rounding is at most 2 cents either way; a movement is one of four kinds; one drawer session open at a time.
    expect(() => before.prepare("INSERT INTO cash_roundings VALUES ('p', 'o', 3)").run()).toThrow(/CHECK/);
    const movement = before.prepare("INSERT INTO cash_movements VALUES (?, '2026-11-27', NULL, ?, 100, 'r', 's', 'S', 't')");
    expect(() => movement.run('m1', 'gift')).toThrow(/CHECK/);
    movement.run('m2', 'paidIn');
    const session = before.prepare(
      "INSERT INTO drawer_sessions (session_id, business_date, opened_at, opened_by_id, opened_by_name, float_count, float_amount) VALUES (?, '2026-11-27', 't', 's', 'S', '{}', 0)",
    );
    session.run('s1');
    expect(() => session.run('s2')).toThrow(/UNIQUE/);
    before.close();
  },
  10: () => {
    const before = atVersion(9);
    migrate(before, ':memory:', counterUpTo(10));
    // A receipt's first print is kept; a problem is one the printer can have, or none.
    before.prepare("INSERT INTO receipt_prints (receipt_key, order_id, printed_at, problem) VALUES ('o', 'o', NULL, 'paperOut')").run();
    expect(before.prepare('SELECT receipt_key, printed_at, problem FROM receipt_prints').all()).toEqual([
      { receipt_key: 'o', printed_at: null, problem: 'paperOut' },
    ]);
    expect(() => before.prepare("INSERT INTO receipt_prints (receipt_key, order_id, problem) VALUES ('r', 'o', 'jammed')").run()).toThrow(
      /CHECK/,
    );
    before.close();
  },
  11: () => {
    const before = atVersion(10);
    migrate(before, ':memory:', counterUpTo(11));
    const insert = before.prepare(
      `INSERT INTO terminal_payments (service_id, order_id, transaction_id, amount, stage, created_at, updated_at) VALUES (?, 'o', 't', ?, ?, 't', 't')`,
    );
    insert.run('S1', 500, 'unknown');
    // A ServiceID is one exchange: never a second row with it; a stage is one the driver knows; no payment of nothing.
    expect(() => insert.run('S1', 500, 'card')).toThrow(/UNIQUE|PRIMARY/);
    expect(() => insert.run('S2', 500, 'maybe')).toThrow(/CHECK/);
    expect(() => insert.run('S3', 0, 'card')).toThrow(/CHECK/);
    expect(before.prepare('SELECT service_id, receipt, manual, stopped FROM terminal_payments').all()).toEqual([
      { service_id: 'S1', receipt: '[]', manual: 0, stopped: 0 },
    ]);
    const counter = before.prepare('INSERT INTO terminal_service_ids (one, last) VALUES (?, 1)');
    counter.run(1);
    expect(() => counter.run(2)).toThrow(/CHECK/);
    before.close();
  },
  12: () => {
    const before = atVersion(11);
    expect(tables(before)).not.toContain('parked_sales');
    migrate(before, ':memory:', counterUpTo(12));
    const park = before.prepare("INSERT INTO parked_sales (order_id, parked_at, staff_id, staff_name) VALUES ('o', 't', 's1', 'Sam')");
    park.run();
    expect(before.prepare('SELECT order_id, parked_at, staff_name FROM parked_sales').all()).toEqual([
      { order_id: 'o', parked_at: 't', staff_name: 'Sam' },
    ]);
    // An order is parked once.
    expect(() => park.run()).toThrow(/UNIQUE|PRIMARY/);
    before.close();
  },
  13: () => {
    const before = atVersion(12);
    expect(tables(before)).not.toContain('terminal_reversals');
    migrate(before, ':memory:', counterUpTo(13));
    const day = before.prepare("INSERT INTO terminal_reconciliations (business_date, at, totals) VALUES ('2026-11-27', 't', '{}')");
    day.run();
    // One Reconciliation kept per business day.
    expect(() => day.run()).toThrow(/UNIQUE|PRIMARY/);
    const reversal = before.prepare(
      `INSERT INTO terminal_reversals (service_id, payment_id, order_id, amount, whole, reason, reference, stage, created_at, updated_at)
       VALUES (?, 'p', 'o', ?, 0, 'r', ?, ?, 't', 't')`,
    );
    reversal.run('S1', 100, 'ref-1', 'sent');
    // A ServiceID and a refund's reference are one reversal each; a stage is one the counter knows; no reversal of nothing.
    expect(() => reversal.run('S1', 100, 'ref-2', 'sent')).toThrow(/UNIQUE|PRIMARY/);
    expect(() => reversal.run('S2', 100, 'ref-1', 'sent')).toThrow(/UNIQUE/);
    expect(() => reversal.run('S3', 100, 'ref-3', 'maybe')).toThrow(/CHECK/);
    expect(() => reversal.run('S4', 0, 'ref-4', 'sent')).toThrow(/CHECK/);
    expect(before.prepare('SELECT service_id, stage, error FROM terminal_reversals').all()).toEqual([
      { service_id: 'S1', stage: 'sent', error: null },
    ]);
    before.close();
  },
  14: () => {
    const before = atVersion(13);
    expect(tables(before)).not.toContain('cash_hands');
    migrate(before, ':memory:', counterUpTo(14));
    const hand = before.prepare('INSERT INTO cash_hands (payment_id, staff_id, staff_name, central_by) VALUES (?, ?, ?, ?)');
    hand.run('p1', 'anna', 'Anna de Vries', null);
    hand.run('p2', null, null, 'operator-desk-7');
    // One row a payment; a staff member has both an id and a name, or neither.
    expect(() => hand.run('p1', 'mark', 'Mark Jansen', null)).toThrow(/UNIQUE|PRIMARY/);
    expect(() => hand.run('p3', 'mark', null, null)).toThrow(/CHECK/);
    expect(before.prepare('SELECT payment_id, central_by FROM cash_hands ORDER BY payment_id').all()).toEqual([
      { payment_id: 'p1', central_by: null },
      { payment_id: 'p2', central_by: 'operator-desk-7' },
    ]);
    before.close();
  },
  15: () => {
    const before = atVersion(14);
    before
      .prepare(
        `INSERT INTO order_fact_lines (order_id, line_no, created_on, product_id, product_name, quantity, amount)
         VALUES ('o', 0, 't', 600, 'p', 3, 1020)`,
      )
      .run();
    migrate(before, ':memory:', counterUpTo(15));
    // A line indexed before returns by line had nothing returned.
    expect(before.prepare('SELECT quantity, returned_quantity FROM order_fact_lines').all()).toEqual([
      { quantity: 3, returned_quantity: 0 },
    ]);
    before.prepare("UPDATE order_fact_lines SET returned_quantity = 2 WHERE order_id = 'o'").run();
    expect(before.prepare('SELECT returned_quantity FROM order_fact_lines').get()).toEqual({ returned_quantity: 2 });
    before.close();
  },
  16: () => {
    const before = atVersion(15);
    expect(tables(before)).not.toContain('card_blocks');
    migrate(before, ':memory:', counterUpTo(16));
    const block = before.prepare(
      "INSERT INTO card_blocks (request_id, transit_token_id, reason, created_at, stage) VALUES (?, ?, ?, 't', ?)",
    );
    block.run('r1', 7, 'LOST', 'waiting');
    // One waiting block a card; a sent one may stand beside it; reasons and stages are the contract's.
    expect(() => block.run('r2', 7, 'STOLEN', 'waiting')).toThrow(/UNIQUE/);
    block.run('r3', 7, 'STOLEN', 'sent');
    expect(() => block.run('r4', 8, 'MISLAID', 'waiting')).toThrow(/CHECK/);
    expect(() => block.run('r5', 8, 'LOST', 'queued')).toThrow(/CHECK/);
    expect(before.prepare('SELECT request_id, stage FROM card_blocks ORDER BY request_id').all()).toEqual([
      { request_id: 'r1', stage: 'waiting' },
      { request_id: 'r3', stage: 'sent' },
    ]);
    before.close();
  },
  17: () => {
    const before = atVersion(16);
    before
      .prepare("INSERT INTO card_blocks (request_id, transit_token_id, reason, created_at, stage) VALUES ('r1', 7, 'LOST', 't', 'waiting')")
      .run();
    expect(tables(before)).not.toContain('card_replacements');
    migrate(before, ':memory:', counterUpTo(17));
    // A block of before has no place among the sales: it waits for none.
    expect(before.prepare('SELECT request_id, after_seq FROM card_blocks').all()).toEqual([{ request_id: 'r1', after_seq: null }]);
    const kept = before.prepare("INSERT INTO card_replacements (attempt, request_id, transit_token_id, created_at) VALUES (?, ?, 7, 't')");
    kept.run('[7,"a"]', 'q1');
    // One requestId per replacement asked, and a requestId is never used for two.
    expect(() => kept.run('[7,"a"]', 'q2')).toThrow(/UNIQUE|PRIMARY/);
    expect(() => kept.run('[7,"b"]', 'q1')).toThrow(/UNIQUE/);
    expect(before.prepare('SELECT attempt, request_id FROM card_replacements').all()).toEqual([{ attempt: '[7,"a"]', request_id: 'q1' }]);
    before.close();
  },
  18: () => {
    const before = atVersion(17);
    const fact = (db: Database, orderId: string, createdOn: string) =>
      db
        .prepare(
          `INSERT INTO order_facts (order_id, created_on, order_number, status_id, clerk_id, clerk_name, total_amount, paid_amount,
             refunded_amount, line_count, lines, sync_state) VALUES (?, ?, ?, 4, 'c1', 'Clerk', 340, 340, 0, 1, '[]', 'synced')`,
        )
        .run(orderId, createdOn, `N-${orderId}`);
    fact(before, 'o-b', '2026-11-02T09:00:00.000Z');
    fact(before, 'o-a', '2026-11-03T09:00:00.000Z');
    fact(before, 'o-c', '2026-11-01T09:00:00.000Z');
    migrate(before, ':memory:', counterUpTo(18));
    // Every row kept, now in the order of the time it was made (the table's key), not of its id.
    expect(before.prepare('SELECT order_id, created_on, order_number, status_id, sync_state FROM order_facts').all()).toEqual([
      { order_id: 'o-c', created_on: '2026-11-01T09:00:00.000Z', order_number: 'N-o-c', status_id: 4, sync_state: 'synced' },
      { order_id: 'o-b', created_on: '2026-11-02T09:00:00.000Z', order_number: 'N-o-b', status_id: 4, sync_state: 'synced' },
      { order_id: 'o-a', created_on: '2026-11-03T09:00:00.000Z', order_number: 'N-o-a', status_id: 4, sync_state: 'synced' },
    ]);
    // An order's facts are still one row: its id stays unique, whatever its time.
    expect(() => fact(before, 'o-a', '2026-11-04T09:00:00.000Z')).toThrow(/UNIQUE/);
    // A day's rows are read by the key, without a lookup of each row elsewhere.
    const plan = before
      .prepare(
        `EXPLAIN QUERY PLAN SELECT order_id, lines FROM order_facts WHERE created_on >= ? AND created_on < ? ORDER BY created_on DESC`,
      )
      .all('2026-11-02', '2026-11-03') as { detail: string }[];
    expect(plan.map((r) => r.detail)).toEqual(['SEARCH order_facts USING PRIMARY KEY (created_on>? AND created_on<?)']);
    before.close();
  },
  19: () => {
    const before = atVersion(18);
    expect(tables(before)).not.toContain('purged_orders');
    migrate(before, ':memory:', counterUpTo(19));
    const looked = before.prepare('INSERT INTO purged_orders (order_id, last_updated_on) VALUES (?, ?)');
    looked.run('o1', '2026-01-01T00:00:00Z');
    // One row an order: the version last looked at.
    expect(() => looked.run('o1', '2026-01-02T00:00:00Z')).toThrow(/UNIQUE/);
    expect(() => looked.run('o2', null)).toThrow(/NOT NULL/);
    before.close();
  },
};
describe("each of the counter's migrations", () => {
  it.each(COUNTER_MIGRATIONS.map((_, i) => i + 1))('migration %i', (n) => {
    PER_MIGRATION[n]!();
  });

  it('every migration has its own test above', () => {
    expect(COUNTER_MIGRATIONS.map((_, i) => i + 1).filter((n) => !PER_MIGRATION[n])).toEqual([]);
  });
});
