import BetterSqlite3 from 'better-sqlite3';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, ORDER_TRACK, TRACKED_LAYOUT } from '../../../domain/store/sqlite/database';
import { ORDER_MIGRATIONS } from '../../../domain/store/sqlite/migrations';
import { tempDir } from '../../../server/testing/fixtures';
import { COUNTER_TRACK, openCounterDatabase } from './database';
import { COUNTER_MIGRATIONS } from './migrations';
import { tables, trackVersions } from './testing/schema';

/** The counter's file and its two tracks of migrations (the order store's and its own): new, released, part way, opened by the central. */
describe("the counter's database across its tracks", () => {
  const tmp = tempDir();
  afterAll(() => tmp.remove());

  it('a new counter database has both tracks, each up to date', () => {
    const db = openCounterDatabase(join(tmp.dir, 'new.sqlite'));
    expect(trackVersions(db)).toEqual([
      { track: 'counter', version: COUNTER_MIGRATIONS.length },
      { track: 'orders', version: ORDER_MIGRATIONS.length },
    ]);
    expect(db.pragma('user_version', { simple: true })).toBe(TRACKED_LAYOUT);
    db.close();
  });

  it('opens a counter database the released program left at user_version 6, with its data, and carries on', () => {
    // Made by the program as released (one list of 6 migrations), with a sale waiting to be sent.
    const file = join(tmp.dir, 'released.sqlite');
    copyFileSync(join(import.meta.dirname, 'testing', 'released-v6.sqlite'), file);
    const db = openCounterDatabase(file);
    expect(db.pragma('user_version', { simple: true })).toBe(TRACKED_LAYOUT);
    expect(trackVersions(db)).toEqual([
      { track: 'counter', version: COUNTER_MIGRATIONS.length },
      { track: 'orders', version: ORDER_MIGRATIONS.length },
    ]);
    expect(db.prepare('SELECT order_id, order_number FROM orders').all()).toEqual([{ order_id: 'o-1', order_number: 'K1A2B-000001' }]);
    expect(db.prepare('SELECT order_id, change FROM outbox').all()).toEqual([{ order_id: 'o-1', change: 'insert' }]);
    expect(db.prepare('SELECT order_id, state, failures, set_aside FROM sync_orders').all()).toEqual([
      { order_id: 'o-1', state: 'pending', failures: 2, set_aside: 1 },
    ]);
    expect(db.prepare('SELECT name, role, active FROM staff').all()).toEqual([{ name: 'Anna de Vries', role: 'manager', active: 1 }]);
    expect(db.prepare('SELECT key, value FROM settings').all()).toEqual([{ key: 'touchpointId', value: '10' }]);
    expect(db.prepare('SELECT count FROM login_failures').all()).toEqual([{ count: 2 }]);
    expect(db.prepare("SELECT value FROM sequences WHERE name = 'change_stamp'").get()).toEqual({ value: 0 });
    // It goes on working: a new outbox row, and reopening runs nothing again.
    db.prepare("INSERT INTO outbox (order_id, change, created_at) VALUES ('o-1', 'update', 't')").run();
    db.close();
    const again = openCounterDatabase(file);
    expect(again.prepare('SELECT count(*) AS n FROM outbox').get()).toEqual({ n: 2 });
    again.close();
  });

  it('carries over a file the one list had brought only part way, running the rest of each track', () => {
    // Released migrations 1 to 3 ran: orders 1, counter 1 and 2.
    const db = new BetterSqlite3(':memory:');
    for (const step of [ORDER_MIGRATIONS[0]!, COUNTER_MIGRATIONS[0]!, COUNTER_MIGRATIONS[1]!]) step(db);
    db.pragma('user_version = 3');
    db.prepare("INSERT INTO sync_orders (order_id, state, updated_at) VALUES ('o', 'pending', 't')").run();
    migrate(db, ':memory:', [ORDER_TRACK, COUNTER_TRACK]);
    expect(tables(db)).toContain('deleted_orders');
    expect(db.prepare('SELECT order_id, failures FROM sync_orders').all()).toEqual([{ order_id: 'o', failures: 0 }]);
    expect(trackVersions(db)).toEqual([
      { track: 'counter', version: COUNTER_MIGRATIONS.length },
      { track: 'orders', version: ORDER_MIGRATIONS.length },
    ]);
    db.close();
  });

  it("lets the central open a released file, leaving the counter's track as it found it", () => {
    const file = join(tmp.dir, 'central-released.sqlite');
    copyFileSync(join(import.meta.dirname, 'testing', 'released-v6.sqlite'), file);
    const db = openDatabase(file);
    expect(trackVersions(db)).toEqual([
      { track: 'counter', version: 4 },
      { track: 'orders', version: ORDER_MIGRATIONS.length },
    ]);
    db.close();
  });
});
