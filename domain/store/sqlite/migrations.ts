import type { Database } from 'better-sqlite3';
import { DAY_CLOSURES_SET_ASIDE } from '../dayClosures';
import { greatestStampSoFar } from './changes';
import { withReturnedQuantity } from '../returnedQuantity';

/**
 * The order store's numbered SQLite migrations, in order (its track; see database.ts). A
 * released migration never changes: a change to the schema is a new entry at the end. Until
 * the tracks were split, the order store's and the counter's migrations were one list,
 * recorded in `user_version`; the "released as" numbers are their places in it.
 */
export type Migration = (db: Database) => void;

export const ORDER_MIGRATIONS: readonly Migration[] = [
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
  // 2 (released as 4): the change feed (docs/api.md §8): the change clock, which goes on from the greatest
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
  // 3: every list query of the central read from an index range that stops at the page
  // (listing.ts): an external id alone; the current status, customer and touchpoint each
  // followed by both sort keys, so a filtered page is read in order instead of sorted; the
  // deletions a counter pulls for its touchpoint. The customer index is replaced by its two.
  (db) =>
    db.exec(`
      CREATE INDEX orders_by_external_id_alone ON orders (external_order_id) WHERE external_order_id IS NOT NULL;
      CREATE INDEX orders_by_status_created ON orders (status_id, created_on, order_id);
      CREATE INDEX orders_by_status_updated ON orders (status_id, last_updated_on, order_id);
      DROP INDEX orders_by_customer;
      CREATE INDEX orders_by_customer_created ON orders (customer_profile_id, created_on, order_id);
      CREATE INDEX orders_by_customer_updated ON orders (customer_profile_id, last_updated_on, order_id);
      CREATE INDEX orders_by_touchpoint_created ON orders (touchpoint_id, created_on, order_id);
      CREATE INDEX orders_by_touchpoint_updated ON orders (touchpoint_id, last_updated_on, order_id);
      CREATE INDEX deleted_orders_by_touchpoint ON deleted_orders (touchpoint_id, deleted_on, order_id);
      CREATE INDEX deleted_orders_by_customer ON deleted_orders (customer_profile_id, deleted_on, order_id);
    `),
  // 4: the day closes counters send (issue 11), one per close id, listed per touchpoint by
  // business date. Counters leave it empty.
  (db) =>
    db.exec(`
      CREATE TABLE day_closures (
        close_id TEXT PRIMARY KEY,
        touchpoint_id INTEGER NOT NULL,
        device_id TEXT NOT NULL,
        business_date TEXT NOT NULL,
        closed_at TEXT NOT NULL,
        received_on TEXT NOT NULL,
        doc TEXT NOT NULL
      );
      CREATE INDEX day_closures_by_touchpoint ON day_closures (touchpoint_id, business_date, close_id);
    `),
  // 5: a fleet of counters (docs/api.md §11.1, §11.2): one-time enrolment codes, kept as their
  // SHA-256 only (a copy of the database holds no usable code); the devices they enrolled, and
  // each device's last heartbeat (the columns the stale-counter gauge counts by, and the whole
  // report as JSON text). Counters leave them empty.
  (db) =>
    db.exec(`
      CREATE TABLE enrolment_codes (
        code_hash TEXT PRIMARY KEY,
        touchpoint_id INTEGER NOT NULL,
        created_on TEXT NOT NULL,
        expires_on TEXT NOT NULL,
        claimed_on TEXT,
        device_id TEXT
      ) WITHOUT ROWID;
      CREATE TABLE devices (
        device_id TEXT PRIMARY KEY,
        touchpoint_id INTEGER NOT NULL,
        enrolled_on TEXT NOT NULL,
        revoked_on TEXT,
        reported_on TEXT,
        oldest_unsent_age_seconds INTEGER,
        report TEXT
      ) WITHOUT ROWID;
      CREATE INDEX devices_by_touchpoint ON devices (touchpoint_id, device_id);
    `),
  // 6: one close per touchpoint and business day, close ids compared in lower case (docs/api.md
  // §10.4). Closes stored before that contradict the first one received for their touchpoint
  // and day (or its id, in another case) are moved aside to day_closures_set_aside, never
  // deleted: an operator can still read them (docs/operations.md §10). All touchpoints'
  // closes are listed by business date for an operator's mismatch list.
  (db) =>
    db.exec(`
      ${DAY_CLOSURES_SET_ASIDE}
      CREATE UNIQUE INDEX day_closures_one_per_day ON day_closures (touchpoint_id, business_date);
      CREATE INDEX day_closures_by_date ON day_closures (business_date, close_id);
    `),
  // 7: returns by line (docs/api.md §7.1): every line answers its returnedQuantity. No line was
  // returned before, so each stored line without one gets 0; the answer of a list is the stored
  // text itself (domain/order/present.ts), so the text is rewritten, not filled in on reading.
  (db) => {
    const put = db.prepare('UPDATE orders SET doc = ? WHERE order_id = ?');
    // A page at a time: a statement cannot write while another still reads.
    const page = db.prepare('SELECT order_id AS id, doc FROM orders WHERE order_id > ? ORDER BY order_id LIMIT 1000');
    for (let rows = page.all('') as { id: string; doc: string }[]; rows.length > 0; rows = page.all(rows.at(-1)!.id) as typeof rows) {
      for (const row of rows) {
        const rewritten = withReturnedQuantity(row.doc);
        if (rewritten !== null) put.run(rewritten, row.id);
      }
    }
  },
  // 8: the central's own card data (docs/api.md §12): the cards it changed or issued, as they
  // are now (kept apart from the fixtures, so a reload never undoes them); each card's events
  // (their greatest seq is the cards' revision, by which another process sees a change); the
  // first answer of each card write by its requestId; the fee order each replacement used.
  // Counters leave them empty.
  (db) =>
    db.exec(`
      CREATE TABLE card_tokens (
        transit_token_id INTEGER PRIMARY KEY,
        doc TEXT NOT NULL
      );
      CREATE TABLE card_events (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        transit_token_id INTEGER NOT NULL,
        doc TEXT NOT NULL
      );
      CREATE INDEX card_events_by_card ON card_events (transit_token_id, seq);
      CREATE TABLE card_requests (
        request_id TEXT PRIMARY KEY,
        fingerprint TEXT NOT NULL,
        status INTEGER NOT NULL,
        body TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE TABLE card_fees (
        order_id TEXT PRIMARY KEY,
        request_id TEXT NOT NULL
      ) WITHOUT ROWID;
    `),
];
