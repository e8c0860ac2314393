// The counter's core as the lint sees it (docs/architecture.md §2): its areas and the areas each
// may use, its tables and their owners, and the named exceptions. Data, not configuration:
// eslint.config.js hands it to the house's rules (scripts/lint/house.js), and the tests that check
// the map against the code and the schema import it from here.

/**
 * The areas of the counter's core (docs/architecture.md §2) and the areas each may use, through
 * their index.ts only. counter.ts composes them; the storage (db/) sits under every area. An area
 * reads and writes its own tables, and another area's only through what that area offers.
 */
export const coreAreas = {
  config: [],
  central: [],
  audit: [],
  staff: [],
  display: [],
  catalog: ['central'],
  devices: ['config'],
  cash: ['audit'],
  orders: ['cash'],
  printing: ['devices'],
  tokens: ['catalog', 'central'],
  settings: ['catalog', 'config', 'orders', 'staff'],
  session: ['catalog', 'settings', 'staff'],
  fleet: ['central', 'config', 'orders', 'settings'],
  payments: ['audit', 'orders'],
  terminal: ['audit', 'config', 'devices', 'orders'],
  returns: ['audit', 'orders', 'payments', 'staff', 'terminal'],
  manager: ['audit', 'cash', 'central', 'orders', 'terminal'],
  sync: ['central', 'manager', 'orders'],
  sale: ['catalog', 'orders', 'settings', 'staff', 'tokens'],
  cards: ['audit', 'catalog', 'central', 'orders', 'staff', 'tokens'],
};
/**
 * The tables of the counter's database and who owns each: the one that writes it (docs/architecture.md
 * §2). Only the owner names a table in SQL; every other area reads and writes it through what the
 * owner's index offers (the rule house/tables). The storage (db/) creates every table (its migrations
 * and schema files are outside the rule) and owns the tables under every area: the sync bookkeeping
 * (outbox, sync_orders and its kept count), the settings' key-value store and the lookup cache, each
 * written by a module of db/. db/ is open to every area (house/areas'
 * `open`), and so are its tables to read: a query joins an order's sync row where it needs it; only
 * db/'s modules write them. sync/ owns no table: it keeps its state through db/'s modules and the
 * orders area. Tables of no owner (a CTE, json_each) are not judged.
 */
export const coreTables = {
  db: ['schema_tracks', 'outbox', 'sync_orders', 'sync_pending_count', 'settings', 'lookup_cache'],
  audit: ['audit_log'],
  staff: ['staff', 'login_failures'],
  settings: ['settings_audit'],
  cash: ['money_journal', 'cash_roundings', 'cash_hands', 'drawer_sessions', 'cash_movements'],
  // The order domain's store (domain/store/sqlite, hosted here) and the review's facts kept beside it.
  orders: [
    'orders',
    'order_parts',
    'order_tokens',
    'sequences',
    'reference_data',
    'deleted_orders',
    'day_closures',
    'day_closures_set_aside',
    'enrolment_codes',
    'devices',
    'card_tokens',
    'card_events',
    'card_requests',
    'card_fees',
    'order_facts',
    'order_fact_lines',
    'money_facts',
    'order_search_keys',
    'order_events',
    'purged_orders',
  ],
  terminal: ['terminal_payments', 'terminal_service_ids', 'terminal_reconciliations', 'terminal_reversals'],
  // The business days of the drawer (open, X, Z) and their way to the central.
  manager: ['drawer_days', 'day_close_outbox'],
  sale: ['parked_sales'],
  printing: ['receipt_prints'],
  cards: ['card_blocks', 'card_replacements'],
};
/** The files that create the tables (they name every one), outside house/tables. */
export const schemaFiles = ['electron/core/db/migrations.ts', 'electron/core/db/*Schema.ts', 'electron/core/db/orderFactsByDay.ts'];
/** Named exceptions to house/tables: a file and the other owners' tables it may still name, each with its reason. */
export const tableExceptions = {
  // The storage keeps the review's copy of an order's sync state (order_facts.sync_state) and its
  // history (order_events) in the same statements as sync_orders (counter migration 8 replaced the
  // triggers that did it), and lists local orders beside their sync rows: db/ imports no area.
  'electron/core/db/syncState.ts': ['order_facts', 'order_events'],
  'electron/core/db/syncOrders.ts': ['orders'],
};
