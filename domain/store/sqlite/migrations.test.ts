import BetterSqlite3, { type Database } from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../server/testing/fixtures';
import { NewerDatabaseError } from '../errors';
import {
  CONTRADICTORY_CLOSURES,
  KEPT_CLOSURES,
  KEPT_QUERY,
  SECOND_CLOSE_OF_A_DAY,
  SET_ASIDE_CLOSURES,
  SET_ASIDE_QUERY,
} from '../testing/contradictoryClosures';
import { DOCS_AFTER_RETURNS, DOCS_BEFORE_RETURNS } from '../testing/returnedDocs';
import { migrate, openDatabase, ORDER_TRACK, TRACKED_LAYOUT } from './database';
import { ORDER_MIGRATIONS as MIGRATIONS, type Migration } from './migrations';

const tables = (db: Database) =>
  (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((r) => r.name);
const userVersion = (db: Database) => db.pragma('user_version', { simple: true }) as number;
const orderVersion = (db: Database) =>
  (db.prepare("SELECT version FROM schema_tracks WHERE track = 'orders'").get() as { version: number }).version;
const upTo = (n: number) => [{ name: ORDER_TRACK.name, migrations: MIGRATIONS.slice(0, n) }];

/** A database brought to exactly `n` migrations of the order store's track. */
function atVersion(n: number): Database {
  const db = new BetterSqlite3(':memory:');
  migrate(db, ':memory:', upTo(n));
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
    expect(orderVersion(db)).toBe(1);
    expect(tables(db)).toEqual(['order_parts', 'order_tokens', 'orders', 'reference_data', 'schema_tracks', 'sequences']);
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
    before
      .prepare(
        `INSERT INTO orders (order_id, touchpoint_id, external_order_id, order_number, customer_profile_id, customer_fixed,
           status_id, created_on, last_updated_on, version, doc) VALUES ('kept', 1, NULL, 'n-1', 0, 0, 1, ?, ?, 0, '{}')`,
      )
      .run('2030-01-01T00:00:00.000Z', '2030-01-02T00:00:00.000Z');
    migrate(before, ':memory:', upTo(2));
    expect(tables(before)).toContain('deleted_orders');
    // The change clock goes on from the greatest stamp already given, never below it.
    expect(before.prepare("SELECT value FROM sequences WHERE name = 'change_stamp'").get()).toEqual({
      value: Date.parse('2030-01-02T00:00:00.000Z'),
    });
    const empty = atVersion(2);
    expect(empty.prepare("SELECT value FROM sequences WHERE name = 'change_stamp'").get()).toEqual({ value: 0 });
    empty.close();
    before.close();
  },
  3: () => {
    const before = atVersion(2);
    addOrderRow(before, 'kept', 'ext-1');
    migrate(before, ':memory:', upTo(3));
    const plan = (sql: string) => (before.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(1, 2) as { detail: string }[]).map((r) => r.detail);
    // An external id alone, and a customer's newest orders, read from an index without a sort
    // (listing.test.ts asks the same of every filter of GET /orders).
    expect(plan('SELECT order_id FROM orders WHERE external_order_id = ? AND 2 = ?')).toEqual([
      'SEARCH orders USING INDEX orders_by_external_id_alone (external_order_id=?)',
    ]);
    expect(plan('SELECT order_id FROM orders WHERE customer_profile_id = ? AND 2 = ? ORDER BY created_on DESC, order_id DESC')).toEqual([
      'SEARCH orders USING COVERING INDEX orders_by_customer_created (customer_profile_id=?)',
    ]);
    const indexes = (before.prepare("SELECT name FROM sqlite_master WHERE type = 'index'").all() as { name: string }[]).map((r) => r.name);
    expect(indexes).not.toContain('orders_by_customer');
    expect(before.prepare("SELECT order_id FROM orders WHERE external_order_id = 'ext-1'").all()).toEqual([{ order_id: 'kept' }]);
    before.close();
  },
  4: () => {
    const before = atVersion(3);
    migrate(before, ':memory:', upTo(4));
    const put = before.prepare(
      `INSERT INTO day_closures (close_id, touchpoint_id, device_id, business_date, closed_at, received_on, doc)
       VALUES ('c1', 10, 'd', '2026-11-23', 't', 't', '{}')`,
    );
    put.run();
    // One row per close id: a close sent twice is stored once.
    expect(() => put.run()).toThrow(/UNIQUE|PRIMARY/);
    before.close();
  },
  5: () => {
    const before = atVersion(4);
    addOrderRow(before, 'kept');
    migrate(before, ':memory:', upTo(5));
    expect(tables(before)).toEqual(expect.arrayContaining(['devices', 'enrolment_codes']));
    const code = before.prepare(
      "INSERT INTO enrolment_codes (code_hash, touchpoint_id, created_on, expires_on) VALUES ('h', 10, 't', 'u')",
    );
    code.run();
    // A code's hash is its key: the same code twice is one code.
    expect(() => code.run()).toThrow(/UNIQUE|PRIMARY/);
    before.prepare("INSERT INTO devices (device_id, touchpoint_id, enrolled_on) VALUES ('d1', 10, 't')").run();
    // A device starts unrevoked and without a report.
    expect(before.prepare('SELECT revoked_on, reported_on, oldest_unsent_age_seconds, report FROM devices').get()).toEqual({
      revoked_on: null,
      reported_on: null,
      oldest_unsent_age_seconds: null,
      report: null,
    });
    expect(before.prepare('SELECT order_id FROM orders').all()).toEqual([{ order_id: 'kept' }]);
    before.close();
  },
  6: () => {
    const before = atVersion(5);
    before.exec(CONTRADICTORY_CLOSURES);
    migrate(before, ':memory:', upTo(6));
    expect(before.prepare(KEPT_QUERY).all()).toEqual(KEPT_CLOSURES);
    expect(before.prepare(SET_ASIDE_QUERY).all()).toEqual(SET_ASIDE_CLOSURES);
    // One close per touchpoint and day from now on.
    expect(() => before.exec(SECOND_CLOSE_OF_A_DAY)).toThrow(/UNIQUE/);
    before.close();
  },
  7: () => {
    const before = atVersion(6);
    const put = before.prepare('UPDATE orders SET doc = ? WHERE order_id = ?');
    for (const [id, doc] of Object.entries(DOCS_BEFORE_RETURNS)) {
      addOrderRow(before, id);
      put.run(doc, id);
    }
    migrate(before, ':memory:', upTo(7));
    const docs = before.prepare('SELECT order_id AS id, doc FROM orders ORDER BY order_id').all() as { id: string; doc: string }[];
    expect(Object.fromEntries(docs.map((d) => [d.id, d.doc]))).toEqual(DOCS_AFTER_RETURNS);
    before.close();
  },
  8: () => {
    const before = atVersion(7);
    addOrderRow(before, 'kept');
    migrate(before, ':memory:', upTo(8));
    expect(tables(before)).toEqual(expect.arrayContaining(['card_events', 'card_fees', 'card_requests', 'card_tokens']));
    // Events count up from 1: the cards' revision starts at 0 on an empty table (docs/api.md §12).
    const event = before.prepare("INSERT INTO card_events (transit_token_id, doc) VALUES (?, '{}') RETURNING seq");
    expect([event.get(7), event.get(7)]).toEqual([{ seq: 1 }, { seq: 2 }]);
    // One answer per requestId, one replacement per fee order.
    const request = before.prepare("INSERT INTO card_requests (request_id, fingerprint, status, body) VALUES ('r1', 'f', 200, '{}')");
    request.run();
    expect(() => request.run()).toThrow(/UNIQUE|PRIMARY/);
    const fee = before.prepare("INSERT INTO card_fees (order_id, request_id) VALUES ('o1', 'r1')");
    fee.run();
    expect(() => fee.run()).toThrow(/UNIQUE|PRIMARY/);
    expect(before.prepare('SELECT order_id FROM orders').all()).toEqual([{ order_id: 'kept' }]);
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
    migrate(db, ':memory:', [ORDER_TRACK]);
    expect(orderVersion(db)).toBe(MIGRATIONS.length);
    expect(userVersion(db)).toBe(TRACKED_LAYOUT);
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
    expect(orderVersion(db)).toBe(MIGRATIONS.length);
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
    const again = openDatabase(file, [{ name: ORDER_TRACK.name, migrations: counting }]);
    expect(ran).toBe(0);
    expect(again.prepare('SELECT count(*) AS n FROM orders').get()).toEqual({ n: 1 });
    again.close();
  });

  it('refuses a database written by a newer version, leaving it as it was', () => {
    const file = join(tmp.dir, 'newer.sqlite');
    const db = openDatabase(file);
    db.pragma(`user_version = ${TRACKED_LAYOUT + 1}`);
    db.close();
    expect(() => openDatabase(file)).toThrow(NewerDatabaseError);
    expect(() => openDatabase(file)).toThrow(/newer version/);
    const check = new BetterSqlite3(file);
    expect(userVersion(check)).toBe(TRACKED_LAYOUT + 1);
    check.close();
  });

  it('refuses a database whose order store track is newer, leaving it as it was', () => {
    const file = join(tmp.dir, 'newer-track.sqlite');
    const db = openDatabase(file);
    db.prepare("UPDATE schema_tracks SET version = version + 1 WHERE track = 'orders'").run();
    db.close();
    expect(() => openDatabase(file)).toThrow(
      new RegExp(
        `\\(orders\\) was written by a newer version .*schema ${MIGRATIONS.length + 1}; this version knows up to ${MIGRATIONS.length}`,
      ),
    );
    const check = new BetterSqlite3(file);
    expect(orderVersion(check)).toBe(MIGRATIONS.length + 1);
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
    expect(() => migrate(db, ':memory:', [{ name: 'orders', migrations: failing }])).toThrow('migration 2 broke');
    expect(userVersion(db)).toBe(0);
    expect(tables(db)).toEqual([]);
    db.close();
  });

  it('every migration has its own test above', () => {
    const untested = MIGRATIONS.map((_, i) => i + 1).filter((n) => !PER_MIGRATION[n]);
    expect(untested, 'add a test for each new migration to PER_MIGRATION').toEqual([]);
  });
});
