/**
 * The central's side of day closes (issue 11): each counter's Z report, stored once per
 * close id (a counter sends it again after a lost answer), so that a store's figures survive
 * the loss of a counter. Counters leave it empty.
 */
export const DAY_CLOSURES_SQL = `
  CREATE TABLE day_closures (
    close_id TEXT PRIMARY KEY,
    touchpoint_id INTEGER NOT NULL,
    device_id TEXT NOT NULL,
    business_date TEXT NOT NULL,
    closed_at TEXT NOT NULL,
    received_on TEXT NOT NULL,
    doc TEXT NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX day_closures_by_touchpoint ON day_closures (touchpoint_id, business_date, close_id);
`;
