import { Catalog } from '../../domain/catalog';
import { demoFixturesPath, loadFixturesFile } from '../../domain/fixtures';
import { OrderService } from '../../domain/service';
import { openSqliteOrderStore } from '../../domain/store/sqlite/store';
import { makeTemplates, seedOptions } from './templates';
import { seedRow, type VarietyOptions } from './variety';

const BATCH = 10_000;

export interface Seeded {
  options: VarietyOptions;
  seconds: number;
}

/**
 * Fills a new SQLite file with `count` varied orders (variety.ts): the templates through
 * the order service, then the rows straight into the tables in one transaction per BATCH
 * (the central would take hours through HTTP and measure nothing we want). The templates
 * themselves are removed again; the sequences go on after the seeded rows.
 */
export async function seedSqlite(file: string, count: number, newest: number): Promise<Seeded> {
  const t0 = performance.now();
  const fixtures = loadFixturesFile(demoFixturesPath());
  const catalog = new Catalog(fixtures);
  const store = openSqliteOrderStore(file);
  const db = store.db;
  try {
    const templates = await makeTemplates(new OrderService({ store, catalog: () => catalog }), catalog);
    db.prepare('DELETE FROM orders').run();
    const sequence = (db.prepare("SELECT value FROM sequences WHERE name = 'order_number'").get() as { value: number }).value;
    const options = seedOptions(fixtures, templates, { count, newest, sequence });
    const order = db.prepare(
      `INSERT INTO orders (order_id, touchpoint_id, external_order_id, order_number, customer_profile_id, customer_fixed,
         status_id, created_on, last_updated_on, version, doc)
       VALUES (@order_id, @touchpoint_id, @external_order_id, @order_number, @customer_profile_id, @customer_fixed,
         @status_id, @created_on, @last_updated_on, @version, @doc)`,
    );
    const part = db.prepare('INSERT INTO order_parts (part_id, kind, order_id) VALUES (?, ?, ?)');
    const token = db.prepare('INSERT INTO order_tokens (transit_token_id, order_id) VALUES (?, ?)');
    const batch = db.transaction((from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const row = seedRow(options, templates, i);
        const { parts, tokens, ...columns } = row;
        order.run(columns);
        for (const p of parts) part.run(p.part_id, p.kind, row.order_id);
        for (const t of tokens) token.run(t, row.order_id);
      }
    });
    // Loading is faster without the secondary indexes, built once at the end (the same
    // definitions, read back), and without a disk sync per batch: a crash only loses a seed.
    const indexes = db
      .prepare(
        "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN ('orders', 'order_parts', 'order_tokens')",
      )
      .all() as { name: string; sql: string }[];
    for (const index of indexes) db.exec(`DROP INDEX ${index.name}`);
    db.pragma('synchronous = OFF');
    for (let from = 0; from < count; from += BATCH) batch.immediate(from, Math.min(count, from + BATCH));
    for (const index of indexes) db.exec(index.sql);
    db.pragma('synchronous = FULL');
    db.prepare("UPDATE sequences SET value = ? WHERE name = 'order_number'").run(sequence + count);
    db.prepare("UPDATE sequences SET value = MAX(value, ?) WHERE name = 'change_stamp'").run(newest + 60_000);
    db.pragma('wal_checkpoint(TRUNCATE)');
    return { options, seconds: (performance.now() - t0) / 1000 };
  } finally {
    await store.close();
  }
}
