/**
 * The counter's side of the manager's day (issue 11), as one migration's SQL: index tables
 * the counter keeps beside each order in the same transaction as its write (facts, lines,
 * money, search keys), who did what to each order, the drawer's days, the day closes still
 * to send, and the audit trail. Every list and report of the
 * manager is served by an index here, never by reading every order's document.
 */
export const MANAGER_DAY_SQL = `
  CREATE TABLE order_facts (
    order_id TEXT PRIMARY KEY,
    created_on TEXT NOT NULL,
    order_number TEXT NOT NULL,
    status_id INTEGER NOT NULL,
    clerk_id TEXT,
    clerk_name TEXT,
    total_amount INTEGER NOT NULL,
    paid_amount INTEGER NOT NULL,
    refunded_amount INTEGER NOT NULL,
    line_count INTEGER NOT NULL,
    lines TEXT NOT NULL,
    sync_state TEXT NOT NULL DEFAULT 'pending'
  ) WITHOUT ROWID;
  CREATE INDEX order_facts_by_time ON order_facts (created_on, order_id);
  CREATE INDEX order_facts_by_status ON order_facts (status_id, created_on, order_id);
  CREATE INDEX order_facts_by_clerk ON order_facts (clerk_id, created_on, order_id);
  CREATE INDEX order_facts_by_sync ON order_facts (sync_state, created_on, order_id);

  CREATE TABLE order_fact_lines (
    order_id TEXT NOT NULL,
    line_no INTEGER NOT NULL,
    created_on TEXT NOT NULL,
    product_id INTEGER NOT NULL,
    product_name TEXT NOT NULL,
    quantity INTEGER NOT NULL,
    amount INTEGER NOT NULL,
    PRIMARY KEY (order_id, line_no)
  ) WITHOUT ROWID;
  CREATE INDEX order_fact_lines_by_product ON order_fact_lines (product_id, created_on, order_id);
  CREATE INDEX order_fact_lines_by_time ON order_fact_lines (created_on);

  CREATE TABLE money_facts (
    payment_id TEXT PRIMARY KEY,
    order_id TEXT NOT NULL,
    order_created_on TEXT NOT NULL,
    payment_method_id INTEGER NOT NULL,
    method_name TEXT NOT NULL,
    provider TEXT NOT NULL,
    is_refund INTEGER NOT NULL,
    amount INTEGER NOT NULL,
    state TEXT NOT NULL,
    created_on TEXT NOT NULL,
    settled_at TEXT,
    last_at TEXT NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX money_facts_by_order ON money_facts (order_id);
  CREATE INDEX money_facts_by_method ON money_facts (payment_method_id, order_created_on, order_id);
  CREATE INDEX money_facts_by_settled ON money_facts (settled_at) WHERE settled_at IS NOT NULL;
  CREATE INDEX money_facts_by_last ON money_facts (last_at);

  CREATE TABLE order_search_keys (
    key TEXT NOT NULL,
    order_id TEXT NOT NULL,
    created_on TEXT NOT NULL,
    PRIMARY KEY (key, created_on, order_id)
  ) WITHOUT ROWID;
  CREATE INDEX order_search_keys_by_order ON order_search_keys (order_id);

  CREATE TABLE order_events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id TEXT NOT NULL,
    at TEXT NOT NULL,
    kind TEXT NOT NULL,
    staff_id TEXT,
    staff_name TEXT,
    payment_id TEXT,
    amount INTEGER,
    payment_method_id INTEGER,
    detail TEXT
  );
  CREATE INDEX order_events_by_order ON order_events (order_id, seq);

  CREATE TABLE drawer_days (
    business_date TEXT PRIMARY KEY,
    time_zone TEXT NOT NULL,
    opened_at TEXT,
    opened_by_id TEXT,
    opened_by_name TEXT,
    float_count TEXT,
    float_amount INTEGER NOT NULL DEFAULT 0,
    closed_at TEXT,
    closed_by_id TEXT,
    closed_by_name TEXT,
    close_id TEXT UNIQUE,
    report TEXT,
    reached_central_at TEXT
  ) WITHOUT ROWID;
  CREATE TABLE day_close_outbox (
    close_id TEXT PRIMARY KEY,
    created_at TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT
  ) WITHOUT ROWID;

  CREATE TABLE audit_log (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL,
    staff_id TEXT,
    staff_name TEXT,
    action TEXT NOT NULL,
    order_id TEXT,
    outcome TEXT NOT NULL CHECK (outcome IN ('done', 'refused')),
    detail TEXT
  );
  CREATE INDEX audit_log_by_at ON audit_log (at, seq);
  CREATE INDEX audit_log_by_order ON audit_log (order_id, seq) WHERE order_id IS NOT NULL;

  CREATE INDEX sync_orders_by_central_number ON sync_orders (central_order_number) WHERE central_order_number IS NOT NULL;

  -- The sync state lives in sync_orders, written by sync in many places: these keep the
  -- review's copy and the order's history in step, in the same transaction.
  CREATE TRIGGER sync_state_new AFTER INSERT ON sync_orders BEGIN
    UPDATE order_facts SET sync_state = NEW.state WHERE order_id = NEW.order_id;
  END;
  CREATE TRIGGER sync_state_changed AFTER UPDATE OF state ON sync_orders WHEN NEW.state <> OLD.state BEGIN
    UPDATE order_facts SET sync_state = NEW.state WHERE order_id = NEW.order_id;
    INSERT INTO order_events (order_id, at, kind, detail)
      SELECT NEW.order_id, NEW.updated_at, CASE NEW.state WHEN 'synced' THEN 'reachedCentral' ELSE 'refusedByCentral' END,
        CASE NEW.state WHEN 'rejected' THEN NEW.reasons END
      WHERE NEW.state IN ('synced', 'rejected');
  END;
`;
