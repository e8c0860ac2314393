import type { Migration } from '../../../domain/store/sqlite/migrations';
import { MANAGER_DAY_SQL } from './managerDaySchema';
import { CASH_SQL } from './cashSchema';
import { ORDER_FACTS_BY_DAY_SQL } from './orderFactsByDay';

/**
 * The counter's own tables (its track; see domain/store/sqlite/database.ts): numbered
 * migrations, in order, recorded apart from the order store's. A released migration never
 * changes: a change to the counter's schema is a new entry at the end. The "released as"
 * numbers are their places in the one list the tracks were split from.
 */
export const COUNTER_MIGRATIONS: readonly Migration[] = [
  // 1 (released as 2): the counter's side: its sync outbox and the central's view of each order, settings,
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
  // 2 (released as 3): the counter's staff can be disabled; wrong-PIN lockouts survive a restart; who changed
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
  // 3 (released as 5): the counter's side: an order whose push keeps failing (`failures` counts those that
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
  // 4 (released as 6): the counter's side: the few set-aside orders found without reading every order, since
  // every committed change counts what is still to send (and skips those set aside).
  (db) => db.exec('CREATE INDEX sync_orders_set_aside ON sync_orders (order_id) WHERE set_aside = 1;'),
  // 5: a pulled order made at another counter is matched to its local
  // copy by the central's id, once per pulled order; without this, a scan of every order held.
  (db) => db.exec('CREATE INDEX sync_orders_by_central_id ON sync_orders (central_order_id) WHERE central_order_id IS NOT NULL;'),
  // 6: the manager's day: index tables, order history, drawer days, day closes to send, audit.
  (db) => db.exec(MANAGER_DAY_SQL),
  // 7: the per-product report's line amounts were written as the line total times its
  // quantity again (orderFactOf's bug, fixed with this migration). Every row written before
  // holds that product, so dividing by the quantity gives the line total back exactly.
  (db) => db.exec('UPDATE order_fact_lines SET amount = amount / quantity WHERE quantity > 1;'),
  // 8: the sync state reaches the review's copy and the order's history through syncState.ts,
  // in the same transaction, instead of triggers: those cost two and a half times as much for
  // every order a push syncs (10,000 orders: 0.52 s against 0.20 s of the counter's one thread).
  (db) => db.exec('DROP TRIGGER sync_state_new; DROP TRIGGER sync_state_changed;'),
  // 9: cash (docs/api.md §10): the money journal, cash roundings, drawer sessions and cash movements.
  (db) => db.exec(CASH_SQL),
  // 10: each receipt's printing (docs/api.md §9.3): printed_at is set by the first print that reached the
  // paper, so only a reprint of a printed receipt is a duplicate; a first print that failed keeps its problem.
  (db) =>
    db.exec(`
      CREATE TABLE receipt_prints (
        receipt_key TEXT PRIMARY KEY,
        order_id TEXT NOT NULL,
        printed_at TEXT,
        problem TEXT CHECK (problem IN ('paperOut', 'coverOpen', 'offline'))
      ) WITHOUT ROWID;
    `),
  // 11: the payment terminal's exchanges (docs/counter.md §15): each PIN payment's request is kept
  // before it is sent, so that one whose answer never came is asked about after a restart; and
  // the last ServiceID used, never reused.
  (db) =>
    db.exec(`
      CREATE TABLE terminal_payments (
        service_id TEXT PRIMARY KEY,
        payment_id TEXT UNIQUE,
        order_id TEXT NOT NULL,
        transaction_id TEXT NOT NULL,
        amount INTEGER NOT NULL CHECK (amount > 0),
        stage TEXT NOT NULL CHECK (stage IN ('card', 'unknown', 'stopping', 'approved', 'declined')),
        error TEXT,
        poi_transaction TEXT,
        receipt TEXT NOT NULL DEFAULT '[]',
        manual INTEGER NOT NULL DEFAULT 0 CHECK (manual IN (0, 1)),
        stopped INTEGER NOT NULL DEFAULT 0 CHECK (stopped IN (0, 1)),
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX terminal_payments_open ON terminal_payments (stage) WHERE stage IN ('card', 'unknown', 'stopping');
      CREATE TABLE terminal_service_ids (one INTEGER PRIMARY KEY CHECK (one = 1), last INTEGER NOT NULL);
    `),
  // 12: a sale put aside at the counter (parked) to serve the next customer, with who parked it
  // and when; any clerk of the counter resumes it (docs/counter.md §12). Resuming, or the order
  // being finished, leaves the order as it was: only this row goes.
  (db) =>
    db.exec(`
      CREATE TABLE parked_sales (
        order_id TEXT PRIMARY KEY,
        parked_at TEXT NOT NULL,
        staff_id TEXT,
        staff_name TEXT
      ) WITHOUT ROWID;
    `),
  // 13: the terminal at the day's close and its reversals (docs/counter.md §15): the totals of the
  // Reconciliation the day close made (or why the terminal gave none), by business day; and each
  // ReversalRequest kept before it is sent, with the refund it records (and the lines a return by line gives back), so that a reversal the
  // terminal accepted before a crash is asked about after the restart and recorded once.
  (db) =>
    db.exec(`
      CREATE TABLE terminal_reconciliations (
        business_date TEXT PRIMARY KEY,
        at TEXT NOT NULL,
        totals TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE TABLE terminal_reversals (
        service_id TEXT PRIMARY KEY,
        payment_id TEXT NOT NULL,
        order_id TEXT NOT NULL,
        amount INTEGER NOT NULL CHECK (amount > 0),
        whole INTEGER NOT NULL CHECK (whole IN (0, 1)),
        reason TEXT NOT NULL,
        lines TEXT,
        reference TEXT NOT NULL UNIQUE,
        staff_id TEXT,
        staff_name TEXT,
        stage TEXT NOT NULL CHECK (stage IN ('sent', 'reversed', 'refused')),
        error TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) WITHOUT ROWID;
      CREATE INDEX terminal_reversals_open ON terminal_reversals (stage) WHERE stage = 'sent';
      `),
  // 14: who handled each cash payment or refund at the counter (per clerk in X and Z), and the cash
  // refunds made on the central (refundedBy): apart from the drawer's cash (docs/counter.md §17).
  (db) =>
    db.exec(`
      CREATE TABLE cash_hands (
        payment_id TEXT PRIMARY KEY,
        staff_id TEXT,
        staff_name TEXT,
        central_by TEXT,
        CHECK ((staff_id IS NULL) = (staff_name IS NULL))
      ) WITHOUT ROWID;
    `),
  // 15: returns by line (docs/counter.md §19): how many of each indexed line were returned, for
  // the review and the day's product figures. Nothing was returned by line before, hence 0.
  (db) => db.exec('ALTER TABLE order_fact_lines ADD COLUMN returned_quantity INTEGER NOT NULL DEFAULT 0;'),
  // 16: card blocks made at the counter (docs/counter.md §22.2), each with the requestId made once
  // when it was asked for, kept until the central has it: a block made offline is sent later,
  // with the same requestId every time, so the central does it once.
  (db) =>
    db.exec(`
      CREATE TABLE card_blocks (
        request_id TEXT PRIMARY KEY,
        transit_token_id INTEGER NOT NULL,
        reason TEXT NOT NULL CHECK (reason IN ('LOST', 'STOLEN', 'DEFECTIVE', 'OTHER')),
        note TEXT,
        created_at TEXT NOT NULL,
        stage TEXT NOT NULL CHECK (stage IN ('waiting', 'sent', 'refused')),
        error TEXT
      ) WITHOUT ROWID;
      CREATE UNIQUE INDEX card_blocks_waiting ON card_blocks (transit_token_id) WHERE stage = 'waiting';
    `),
  // 17: the card service kept over a restart (docs/counter.md §22.2, §22.3): a replacement's
  // requestId, made once for what was asked (card, new pass number, fee), kept until the central
  // answers; and each block's place among the sales to send (the outbox's last seq when it was
  // made), so a sale on the card made before it reaches the central first. Blocks of before: none.
  (db) =>
    db.exec(`
      CREATE TABLE card_replacements (
        attempt TEXT PRIMARY KEY,
        request_id TEXT NOT NULL UNIQUE,
        transit_token_id INTEGER NOT NULL,
        created_at TEXT NOT NULL
      ) WITHOUT ROWID;
      ALTER TABLE card_blocks ADD COLUMN after_seq INTEGER;
    `),
  // 18: the review's order facts kept in the order of the day they were
  // made (docs/counter.md §10, "The review at scale"): a day's rows lie side by side, so a
  // day's page and its totals read a few pages of the table at any size instead of one each.
  // The copy keeps every row; order_id stays unique (an index of its own).
  (db) => db.exec(ORDER_FACTS_BY_DAY_SQL),
  // 19: the retention purge's record of the orders it has looked at, each with the version it saw
  // (docs/counter.md §11): the daily run skips them instead of reading every old order's document again.
  (db) =>
    db.exec(`
      CREATE TABLE purged_orders (
        order_id TEXT PRIMARY KEY,
        last_updated_on TEXT NOT NULL
      ) WITHOUT ROWID;
    `),
];
