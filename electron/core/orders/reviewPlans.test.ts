import { afterAll, describe, expect, it } from 'vitest';
import { openCounterDatabase } from '../db/database';
import { AUDIT_PAGE_SQL } from '../audit/audit';
import { CASH_RECORDS_SQL } from '../cash/orderMoney';
import { MANUAL_AMONG_SQL } from '../terminal/terminalStore';
import {
  LINES_MADE_SQL,
  MOVEMENTS_FAILED_SQL,
  MOVEMENTS_SETTLED_SQL,
  ORDERS_MADE_SQL,
  SETTLED_BY_METHOD_SQL,
  STALE_SQL,
  ordersPageSql,
  searchSql,
  summarySql,
} from './review';
import { SYNC_PROBLEMS_SQL } from './unsynced';

/**
 * Every read of the manager's screens and the clerks' order search is served by an index:
 * SQLite's own query plan says so, on any machine. A full scan grows with every order the
 * counter ever held; these grow with what they answer.
 */

const db = openCounterDatabase(':memory:');
afterAll(() => db.close());

function plan(sql: string): string[] {
  const statement = db.prepare(`EXPLAIN QUERY PLAN ${sql}`);
  const params = (sql.match(/\?/g) ?? []).length;
  return (statement.all(...Array<null>(params).fill(null)) as { detail: string }[]).map((r) => r.detail);
}
/** A scan of a whole table, not of an index range or a partial index. */
const fullScans = (lines: string[]) => lines.filter((l) => /^SCAN \w+$/.test(l));

const day = { from: '2026-10-24T22:00:00.000Z', to: '2026-10-25T23:00:00.000Z' };
const after = { createdOn: '2026-10-25T12:00:00.000Z', orderId: 'x' };

describe('query plans of the manager’s reads', () => {
  const cases: [string, string, string][] = [
    ['a page of a day', ordersPageSql(day, {}, [], after, 50).sql, 'USING PRIMARY KEY (created_on'],
    ['by status', ordersPageSql(day, { statusIds: [4, 5] }, [], after, 50).sql, 'order_facts_by_status'],
    ['by clerk', ordersPageSql(day, { staffId: 'anna' }, [], after, 50).sql, 'order_facts_by_clerk'],
    ['by sync state', ordersPageSql(day, { syncStates: ['rejected'] }, [], null, 50).sql, 'order_facts_by_sync'],
    ['by product', ordersPageSql(day, { productId: 101 }, [], null, 50).sql, 'order_fact_lines_by_product'],
    ['by payment method', ordersPageSql(day, { paymentMethodId: 2 }, [], null, 50).sql, 'money_facts_by_method'],
    ['by token', ordersPageSql(day, { token: '3528' }, [880001], null, 50).sql, 'order_search_keys'],
    ['the range summary', summarySql(day, { staffId: 'anna' }, []).sql, 'order_facts_by_clerk'],
    ['the summary by status', summarySql(day, { statusIds: [4, 5], paymentMethodId: 1 }, []).sql, 'COVERING INDEX order_facts_by_status'],
    ['the clerks’ search', searchSql([880001], null, undefined), 'sync_orders_by_central_number'],
    ['money settled in a day', MOVEMENTS_SETTLED_SQL, 'money_facts_by_settled'],
    ['payments failed in a day', MOVEMENTS_FAILED_SQL, 'money_facts_by_last'],
    ['the terminal’s own PIN totals', SETTLED_BY_METHOD_SQL, 'money_facts_by_settled'],
    // The day's money adds to each payment what the cash and terminal areas recorded (manager/dayMoney.ts).
    ['their roundings and hands', CASH_RECORDS_SQL, 'SEARCH h USING PRIMARY KEY (payment_id=?)'],
    [
      'those confirmed by hand',
      MANUAL_AMONG_SQL,
      'SEARCH terminal_payments USING INDEX sqlite_autoindex_terminal_payments_2 (payment_id=?)',
    ],
    ['orders made in a day', ORDERS_MADE_SQL, 'USING PRIMARY KEY (created_on'],
    ['lines of a day', LINES_MADE_SQL, 'order_fact_lines_by_time'],
    ['stale concepts', STALE_SQL, 'order_facts_by_status'],
    ['sync problems', SYNC_PROBLEMS_SQL, 'sync_orders_by_state'],
    ['the audit trail', AUDIT_PAGE_SQL, 'audit_log_by_at'],
  ];
  it.each(cases)('%s uses an index and scans no whole table', (_name, sql, index) => {
    const lines = plan(sql);
    expect(fullScans(lines), lines.join(' | ')).toEqual([]);
    expect(lines.join(' | ')).toContain(index);
  });

  it('the check itself finds a full scan', () => {
    expect(fullScans(plan('SELECT * FROM order_facts WHERE lines LIKE ?'))).toEqual(['SCAN order_facts']);
  });
});
