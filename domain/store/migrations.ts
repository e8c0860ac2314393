import type { Database } from 'better-sqlite3';
import { greatestStampSoFar } from './changes';
import { DAY_CLOSURES_SQL } from './schema/dayClosures';
import { MANAGER_DAY_SQL } from './schema/managerDay';

/**
 * Numbered migrations, in order. A released migration never changes: a change to the schema
 * is a new entry at the end. `user_version` holds how many have run.
 */
export type Migration = (db: Database) => void;

export const MIGRATIONS: readonly Migration[] = [
  // 1: orders, their lookup indexes, the order number sequence and the reference data.
  (db) =>
    db.exec(`
      CREATE TABLE orders (
        order_id TEXT PRIMARY KEY,
        touchpoint_id INTEGER NOT NULL,
        external_order_id TEXT,
        order_number TEXT NOT NULL UNIQUE,
        customer_profile_id INTEGER NOT NULL,
        customer_fixed INTEGER NOT NULL,
        status_id INTEGER NOT NULL,
        created_on TEXT NOT NULL,
        last_updated_on TEXT NOT NULL,
        version INTEGER NOT NULL,
        doc TEXT NOT NULL
      );
      CREATE UNIQUE INDEX orders_by_external_id ON orders (touchpoint_id, external_order_id)
        WHERE external_order_id IS NOT NULL;
      CREATE INDEX orders_by_created ON orders (created_on, order_id);
      CREATE INDEX orders_by_updated ON orders (last_updated_on, order_id);
      CREATE INDEX orders_by_customer ON orders (customer_profile_id);
      CREATE TABLE order_parts (
        part_id TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('line', 'payment')),
        order_id TEXT NOT NULL REFERENCES orders (order_id) ON DELETE CASCADE
      ) WITHOUT ROWID;
      CREATE INDEX order_parts_by_order ON order_parts (order_id);
      CREATE TABLE order_tokens (
        transit_token_id INTEGER NOT NULL,
        order_id TEXT NOT NULL REFERENCES orders (order_id) ON DELETE CASCADE,
        PRIMARY KEY (transit_token_id, order_id)
      ) WITHOUT ROWID;
      CREATE INDEX order_tokens_by_order ON order_tokens (order_id);
      CREATE TABLE sequences (name TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
      INSERT INTO sequences (name, value) VALUES ('order_number', 0);
      CREATE TABLE reference_data (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        doc TEXT NOT NULL,
        source TEXT NOT NULL,
        loaded_on TEXT NOT NULL
      );
    `),
  // 2: the counter's side: its sync outbox and the central's view of each order, settings,
  // staff, and the lookup cache. The central leaves these tables empty.
  (db) =>
    db.exec(`
      CREATE TABLE outbox (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        order_id TEXT NOT NULL,
        change TEXT NOT NULL CHECK (change IN ('insert', 'update', 'delete')),
        created_at TEXT NOT NULL
      );
      CREATE INDEX outbox_by_order ON outbox (order_id, seq);
      CREATE TABLE sync_orders (
        order_id TEXT PRIMARY KEY,
        central_order_id TEXT,
        central_order_number TEXT,
        state TEXT NOT NULL CHECK (state IN ('pending', 'synced', 'rejected', 'central')),
        reasons TEXT NOT NULL DEFAULT '[]',
        outcome_unknown INTEGER NOT NULL DEFAULT 0,
        attempts INTEGER NOT NULL DEFAULT 0,
        updated_at TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX sync_orders_by_state ON sync_orders (state);
      CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
      CREATE TABLE staff (
        staff_id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        role TEXT NOT NULL CHECK (role IN ('clerk', 'manager')),
        pin_hash TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE TABLE lookup_cache (
        kind TEXT NOT NULL CHECK (kind IN ('token', 'mandate')),
        id INTEGER NOT NULL,
        doc TEXT NOT NULL,
        fetched_at TEXT NOT NULL,
        PRIMARY KEY (kind, id)
      ) WITHOUT ROWID;
    `),
  // 3: the counter's staff can be disabled; wrong-PIN lockouts survive a restart; who changed
  // the central, its token or the touchpoint, and when.
  (db) =>
    db.exec(`
      ALTER TABLE staff ADD COLUMN active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1));
      CREATE TABLE login_failures (
        staff_id TEXT PRIMARY KEY,
        count INTEGER NOT NULL,
        until_ms INTEGER NOT NULL
      ) WITHOUT ROWID;
      CREATE TABLE settings_audit (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        at TEXT NOT NULL,
        staff_id TEXT NOT NULL,
        staff_name TEXT NOT NULL,
        setting TEXT NOT NULL,
        value TEXT
      );
    `),
  // 4: the change feed (CONTRACT 8): the change clock, which goes on from the greatest
  // lastUpdatedOn stored, and the tombstones of deleted orders.
  (db) => {
    db.exec(`
      CREATE TABLE deleted_orders (
        order_id TEXT PRIMARY KEY,
        external_order_id TEXT,
        touchpoint_id INTEGER NOT NULL,
        customer_profile_id INTEGER NOT NULL,
        deleted_on TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX deleted_orders_by_stamp ON deleted_orders (deleted_on, order_id);
    `);
    db.prepare("INSERT INTO sequences (name, value) VALUES ('change_stamp', ?)").run(greatestStampSoFar(db));
  },
  // 5: the counter's side: an order whose push keeps failing (`failures` counts those that
  // count, `attempts` every unknown outcome) is set aside with its last error, so it no
  // longer holds up the others, until a manager retries it; and the
  // central's lastUpdatedOn of the version last taken in, so a pull skips what it has.
  (db) =>
    db.exec(`
      ALTER TABLE sync_orders ADD COLUMN failures INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE sync_orders ADD COLUMN set_aside INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE sync_orders ADD COLUMN last_error TEXT;
      ALTER TABLE sync_orders ADD COLUMN central_updated_on TEXT;
    `),
  // 6: the counter's side: the few set-aside orders found without reading every order, since
  // every committed change counts what is still to send (and skips those set aside).
  (db) => db.exec('CREATE INDEX sync_orders_set_aside ON sync_orders (order_id) WHERE set_aside = 1;'),
  // 7: the counter's side of the manager's day: index tables, order history, drawer days, audit.
  (db) => db.exec(MANAGER_DAY_SQL),
  // 8: the central's side: the day closes counters send.
  (db) => db.exec(DAY_CLOSURES_SQL),
];
