/**
 * The review's order facts (managerDaySchema.ts) rebuilt with the day's order as their key,
 * (created_on, order_id) instead of order_id: the rows of a day, and of any time range, lie
 * side by side in the table, so a day's filtered page and its summary read the pages of that
 * day only, whatever the store's size (docs/counter.md §10, "The review at scale"). order_id
 * stays unique through an index of its own (the writes' ON CONFLICT (order_id) and every
 * lookup of one order); the index by time is the key itself now. The index by status also holds
 * the amounts, so a range's totals under a status filter are read from it alone. Same columns,
 * same rows.
 */
export const ORDER_FACTS_BY_DAY_SQL = `
  CREATE TABLE order_facts_by_day (
    order_id TEXT NOT NULL,
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
    sync_state TEXT NOT NULL DEFAULT 'pending',
    PRIMARY KEY (created_on, order_id)
  ) WITHOUT ROWID;
  INSERT INTO order_facts_by_day (order_id, created_on, order_number, status_id, clerk_id, clerk_name, total_amount,
      paid_amount, refunded_amount, line_count, lines, sync_state)
    SELECT order_id, created_on, order_number, status_id, clerk_id, clerk_name, total_amount, paid_amount,
      refunded_amount, line_count, lines, sync_state FROM order_facts ORDER BY created_on, order_id;
  DROP TABLE order_facts;
  ALTER TABLE order_facts_by_day RENAME TO order_facts;
  CREATE UNIQUE INDEX order_facts_by_order ON order_facts (order_id);
  CREATE INDEX order_facts_by_status ON order_facts (status_id, created_on, order_id, total_amount, paid_amount, refunded_amount);
  CREATE INDEX order_facts_by_clerk ON order_facts (clerk_id, created_on, order_id);
  CREATE INDEX order_facts_by_sync ON order_facts (sync_state, created_on, order_id);
`;
