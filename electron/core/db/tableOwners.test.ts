import { describe, expect, it } from 'vitest';
import { coreTables } from '../../../scripts/lint/areas';
import { openCounterDatabase } from './database';

/**
 * Every table of the counter's database has one owner in the lint's coreTables
 * (scripts/lint/areas.js, docs/architecture.md §2): a table of no owner would escape the lint's
 * rule house/tables, so a new migration's table fails here until the map says whose it is; an
 * owner's table the schema no longer has fails too.
 */

describe("the owners of the counter's tables", () => {
  it('name each table of a new counter database once, and no other', () => {
    const db = openCounterDatabase(':memory:');
    const tables = (
      db
        .prepare(
          "SELECT name FROM sqlite_master WHERE type = 'table' UNION SELECT name FROM sqlite_temp_master WHERE type = 'table' ORDER BY name",
        )
        .all() as { name: string }[]
    )
      .map((r) => r.name)
      .filter((name) => !name.startsWith('sqlite_'));
    db.close();
    const owned = Object.values(coreTables).flat();
    expect(tables.filter((t) => !owned.includes(t))).toEqual([]);
    expect(owned.filter((t) => !tables.includes(t))).toEqual([]);
    expect(owned.filter((t, i) => owned.indexOf(t) !== i)).toEqual([]);
    // The check sees the whole schema: the order store's, the counter's and the connection's own.
    expect(tables).toEqual(expect.arrayContaining(['orders', 'order_facts', 'drawer_days', 'outbox', 'sync_pending_count']));
  });
});
