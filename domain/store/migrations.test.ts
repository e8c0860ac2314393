import BetterSqlite3, { type Database } from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../server/testing/fixtures';
import { NewerDatabaseError, migrate, openDatabase } from './database';
import { MIGRATIONS, type Migration } from './migrations';

const tables = (db: Database) =>
  (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((r) => r.name);
const userVersion = (db: Database) => db.pragma('user_version', { simple: true }) as number;

/** A database brought to exactly `n` migrations. */
function atVersion(n: number): Database {
  const db = new BetterSqlite3(':memory:');
  migrate(db, ':memory:', MIGRATIONS.slice(0, n));
  return db;
}

const addOrderRow = (db: Database, id: string, external: string | null = null) =>
  db
    .prepare(
      `INSERT INTO orders (order_id, touchpoint_id, external_order_id, order_number, customer_profile_id, customer_fixed,
         status_id, created_on, last_updated_on, version, doc) VALUES (?, 1, ?, ?, 0, 0, 1, 't', 't', 0, '{}')`,
    )
    .run(id, external, `n-${id}`);

/**
 * One test per migration: each says what its migration adds. A new migration without its
 * test here fails the last test of this file.
 */
const PER_MIGRATION: Record<number, () => void> = {
  1: () => {
    const db = atVersion(1);
    expect(userVersion(db)).toBe(1);
    expect(tables(db)).toEqual(['order_parts', 'order_tokens', 'orders', 'reference_data', 'sequences']);
    expect(db.prepare("SELECT value FROM sequences WHERE name = 'order_number'").get()).toEqual({ value: 0 });
    addOrderRow(db, 'a', 'ext-1');
    addOrderRow(db, 'b', null);
    addOrderRow(db, 'c', null);
    // externalOrderId is unique per touchpoint; many orders may have none.
    expect(() => addOrderRow(db, 'd', 'ext-1')).toThrow(/UNIQUE/);
    db.pragma('foreign_keys = ON');
    db.prepare("INSERT INTO order_parts (part_id, kind, order_id) VALUES ('l1', 'line', 'a')").run();
    expect(() => db.prepare("INSERT INTO order_parts (part_id, kind, order_id) VALUES ('x', 'other', 'a')").run()).toThrow(/CHECK/);
    db.prepare("DELETE FROM orders WHERE order_id = 'a'").run();
    expect(db.prepare('SELECT count(*) AS n FROM order_parts').get()).toEqual({ n: 0 });
    db.close();
  },
  2: () => {
    const before = atVersion(1);
    addOrderRow(before, 'kept');
    migrate(before, ':memory:', MIGRATIONS.slice(0, 2));
    expect(userVersion(before)).toBe(2);
    expect(tables(before)).toEqual(expect.arrayContaining(['outbox', 'sync_orders', 'settings', 'staff', 'lookup_cache']));
    expect(before.prepare('SELECT order_id FROM orders').all()).toEqual([{ order_id: 'kept' }]);
    expect(() => before.prepare("INSERT INTO outbox (order_id, change, created_at) VALUES ('kept', 'rename', 't')").run()).toThrow(/CHECK/);
    before.close();
  },
  3: () => {
    const before = atVersion(2);
    before.prepare("INSERT INTO staff (staff_id, name, role, pin_hash) VALUES ('s1', 'Sam', 'clerk', 'h')").run();
    migrate(before, ':memory:', MIGRATIONS.slice(0, 3));
    expect(userVersion(before)).toBe(3);
    // Staff of before are active; a disabled flag is 0 or 1 only.
    expect(before.prepare('SELECT staff_id, active FROM staff').all()).toEqual([{ staff_id: 's1', active: 1 }]);
    expect(() => before.prepare("UPDATE staff SET active = 2 WHERE staff_id = 's1'").run()).toThrow(/CHECK/);
    expect(tables(before)).toEqual(expect.arrayContaining(['login_failures', 'settings_audit']));
    before.close();
  },
  4: () => {
    const before = atVersion(3);
    before
      .prepare(
        `INSERT INTO orders (order_id, touchpoint_id, external_order_id, order_number, customer_profile_id, customer_fixed,
           status_id, created_on, last_updated_on, version, doc) VALUES ('kept', 1, NULL, 'n-1', 0, 0, 1, ?, ?, 0, '{}')`,
      )
      .run('2030-01-01T00:00:00.000Z', '2030-01-02T00:00:00.000Z');
    migrate(before, ':memory:', MIGRATIONS.slice(0, 4));
    expect(tables(before)).toContain('deleted_orders');
    // The change clock goes on from the greatest stamp already given, never below it.
    expect(before.prepare("SELECT value FROM sequences WHERE name = 'change_stamp'").get()).toEqual({
      value: Date.parse('2030-01-02T00:00:00.000Z'),
    });
    const empty = atVersion(4);
    expect(empty.prepare("SELECT value FROM sequences WHERE name = 'change_stamp'").get()).toEqual({ value: 0 });
    empty.close();
    before.close();
  },
  5: () => {
    const before = atVersion(4);
    before.prepare("INSERT INTO sync_orders (order_id, state, updated_at) VALUES ('o', 'pending', 't')").run();
    migrate(before, ':memory:', MIGRATIONS.slice(0, 5));
    expect(before.prepare('SELECT order_id, failures, set_aside, last_error, central_updated_on FROM sync_orders').all()).toEqual([
      { order_id: 'o', failures: 0, set_aside: 0, last_error: null, central_updated_on: null },
    ]);
    before.close();
  },
  6: () => {
    const before = atVersion(5);
    migrate(before, ':memory:', MIGRATIONS.slice(0, 6));
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
  7: () => {
    const before = atVersion(6);
    addOrderRow(before, 'kept');
    migrate(before, ':memory:', MIGRATIONS.slice(0, 7));
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
  8: () => {
    const before = atVersion(7);
    migrate(before, ':memory:', MIGRATIONS.slice(0, 8));
    const put = before.prepare(
      `INSERT INTO day_closures (close_id, touchpoint_id, device_id, business_date, closed_at, received_on, doc)
       VALUES ('c1', 10, 'd', '2026-11-23', 't', 't', '{}')`,
    );
    put.run();
    // One row per close id: a close sent twice is stored once.
    expect(() => put.run()).toThrow(/UNIQUE|PRIMARY/);
    before.close();
  },
};

describe('migrations', () => {
  const tmp = tempDir();
  afterAll(() => tmp.remove());

  it.each(MIGRATIONS.map((_, i) => i + 1).filter((n) => PER_MIGRATION[n]))('migration %i', (n) => {
    PER_MIGRATION[n]!();
  });

  it.each(MIGRATIONS.map((_, i) => i))('a database at version %i is brought up to date, keeping its orders', (n) => {
    const db = atVersion(n);
    if (n >= 1) addOrderRow(db, 'old');
    migrate(db, ':memory:', MIGRATIONS);
    expect(userVersion(db)).toBe(MIGRATIONS.length);
    if (n >= 1) expect(db.prepare('SELECT order_id FROM orders').all()).toEqual([{ order_id: 'old' }]);
    db.close();
  });

  it('opens a new file with WAL, synchronous=FULL and foreign keys, creating its folder', () => {
    const file = join(tmp.dir, 'nested', 'folder', 'central.sqlite');
    const db = openDatabase(file);
    expect(existsSync(file)).toBe(true);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(userVersion(db)).toBe(MIGRATIONS.length);
    db.close();
  });

  it('reopening an up-to-date file runs nothing again', () => {
    const file = join(tmp.dir, 'reopen.sqlite');
    const first = openDatabase(file);
    addOrderRow(first, 'x');
    first.close();
    let ran = 0;
    const counting: Migration[] = MIGRATIONS.map((m) => (db: Database) => {
      ran++;
      m(db);
    });
    const again = openDatabase(file, counting);
    expect(ran).toBe(0);
    expect(again.prepare('SELECT count(*) AS n FROM orders').get()).toEqual({ n: 1 });
    again.close();
  });

  it('refuses a database written by a newer version, leaving it as it was', () => {
    const file = join(tmp.dir, 'newer.sqlite');
    const db = openDatabase(file);
    db.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    db.close();
    expect(() => openDatabase(file)).toThrow(NewerDatabaseError);
    expect(() => openDatabase(file)).toThrow(/newer version/);
    const check = new BetterSqlite3(file);
    expect(userVersion(check)).toBe(MIGRATIONS.length + 1);
    check.close();
  });

  it('a failing migration leaves the database at the version it had', () => {
    const db = new BetterSqlite3(':memory:');
    const failing: Migration[] = [
      (d) => d.exec('CREATE TABLE first (id INTEGER)'),
      () => {
        throw new Error('migration 2 broke');
      },
    ];
    expect(() => migrate(db, ':memory:', failing)).toThrow('migration 2 broke');
    expect(userVersion(db)).toBe(0);
    expect(tables(db)).toEqual([]);
    db.close();
  });

  it('every migration has its own test above', () => {
    const untested = MIGRATIONS.map((_, i) => i + 1).filter((n) => !PER_MIGRATION[n]);
    expect(untested, 'add a test for each new migration to PER_MIGRATION').toEqual([]);
  });
});
