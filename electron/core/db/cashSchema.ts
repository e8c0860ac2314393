/**
 * The counter's cash (docs/api.md §10, docs/counter.md §17): the money journal, hash-chained,
 * one row per money event; the rounding each cash payment or refund made; the drawer's
 * sessions (a shift, a clerk), each with a counted float and a blind count; and the cash that
 * moves without a sale (paid in, paid out, safe drop, "no sale").
 */
export const CASH_SQL = `
  CREATE TABLE money_journal (
    seq INTEGER PRIMARY KEY,
    at TEXT NOT NULL,
    kind TEXT NOT NULL,
    subject TEXT NOT NULL,
    state TEXT,
    content TEXT NOT NULL,
    prev_hash TEXT NOT NULL,
    hash TEXT NOT NULL
  );
  CREATE INDEX money_journal_by_subject ON money_journal (subject, seq);

  CREATE TABLE cash_roundings (
    payment_id TEXT PRIMARY KEY,
    order_id TEXT NOT NULL,
    difference INTEGER NOT NULL CHECK (difference BETWEEN -2 AND 2)
  ) WITHOUT ROWID;

  CREATE TABLE drawer_sessions (
    session_id TEXT PRIMARY KEY,
    business_date TEXT NOT NULL,
    opened_at TEXT NOT NULL,
    opened_by_id TEXT NOT NULL,
    opened_by_name TEXT NOT NULL,
    float_count TEXT NOT NULL,
    float_amount INTEGER NOT NULL CHECK (float_amount >= 0),
    closed_at TEXT,
    closed_by_id TEXT,
    closed_by_name TEXT,
    counted_count TEXT,
    counted_amount INTEGER CHECK (counted_amount >= 0),
    expected_amount INTEGER
  ) WITHOUT ROWID;
  CREATE INDEX drawer_sessions_by_date ON drawer_sessions (business_date, opened_at);
  -- One drawer: one session open at a time.
  CREATE UNIQUE INDEX drawer_sessions_one_open ON drawer_sessions ((1)) WHERE closed_at IS NULL;

  CREATE TABLE cash_movements (
    movement_id TEXT PRIMARY KEY,
    business_date TEXT NOT NULL,
    session_id TEXT,
    kind TEXT NOT NULL CHECK (kind IN ('paidIn', 'paidOut', 'drop', 'noSale')),
    amount INTEGER NOT NULL CHECK (amount >= 0),
    reason TEXT NOT NULL,
    staff_id TEXT NOT NULL,
    staff_name TEXT NOT NULL,
    at TEXT NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX cash_movements_by_date ON cash_movements (business_date, at);

  -- The journal's head hash as the day's close left it: sent with the close.
  ALTER TABLE drawer_days ADD COLUMN journal_head TEXT;
`;
