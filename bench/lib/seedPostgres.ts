import { Catalog } from '../../domain/catalog';
import { demoFixturesPath, loadFixturesFile } from '../../domain/fixtures';
import { OrderService } from '../../domain/service';
import { openPostgresOrderStore } from '../../domain/store/postgres/store';
import type { Seeded } from './seedSqlite';
import { makeTemplates, seedOptions } from './templates';
import { seedRow, type SeedRow } from './variety';

const BATCH = 5_000;

/** The rows of a batch as one array per column, for `unnest`: one statement per table and batch. */
function columnsOf(rows: SeedRow[]) {
  return [
    rows.map((r) => r.order_id),
    rows.map((r) => r.touchpoint_id),
    rows.map((r) => r.external_order_id),
    rows.map((r) => r.order_number),
    rows.map((r) => r.customer_profile_id),
    rows.map((r) => r.status_id),
    rows.map((r) => r.created_on),
    rows.map((r) => r.last_updated_on),
    rows.map((r) => r.doc),
  ];
}

/** seedSqlite's rows in a PostgreSQL database (its schema named in `url`), one transaction per BATCH. */
export async function seedPostgres(url: string, count: number, newest: number): Promise<Seeded> {
  const t0 = performance.now();
  const fixtures = loadFixturesFile(demoFixturesPath());
  const catalog = new Catalog(fixtures);
  const store = await openPostgresOrderStore(url);
  const pool = store.pool;
  try {
    const templates = await makeTemplates(new OrderService({ store, catalog: () => catalog }), catalog);
    await pool.query('DELETE FROM orders');
    const { rows } = await pool.query<{ last_value: string }>('SELECT last_value FROM order_number');
    const sequence = Number(rows[0]!.last_value);
    const options = seedOptions(fixtures, templates, { count, newest, sequence });
    const client = await pool.connect();
    try {
      for (let from = 0; from < count; from += BATCH) {
        const batch = Array.from({ length: Math.min(BATCH, count - from) }, (_, k) => seedRow(options, templates, from + k));
        await client.query('BEGIN');
        await client.query(
          `INSERT INTO orders (order_id, touchpoint_id, external_order_id, order_number, customer_profile_id, customer_fixed,
             status_id, created_on, last_updated_on, version, doc)
           SELECT o, t, e, n, c, false, s, cr, up, 1, d
           FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::int[], $6::int[], $7::text[], $8::text[], $9::text[])
             AS u (o, t, e, n, c, s, cr, up, d)`,
          columnsOf(batch),
        );
        const parts = batch.flatMap((r) => r.parts.map((p) => [p.part_id, p.kind, r.order_id]));
        await client.query('INSERT INTO order_parts (part_id, kind, order_id) SELECT * FROM unnest($1::text[], $2::text[], $3::text[])', [
          parts.map((p) => p[0]),
          parts.map((p) => p[1]),
          parts.map((p) => p[2]),
        ]);
        const tokens = batch.flatMap((r) => r.tokens.map((t) => [t, r.order_id] as const));
        await client.query('INSERT INTO order_tokens (transit_token_id, order_id) SELECT * FROM unnest($1::int[], $2::text[])', [
          tokens.map((t) => t[0]),
          tokens.map((t) => t[1]),
        ]);
        await client.query('COMMIT');
      }
    } finally {
      client.release();
    }
    await pool.query("SELECT setval('order_number', $1)", [sequence + count]);
    await pool.query('UPDATE change_clock SET stamp = GREATEST(stamp, $1) WHERE id = 1', [newest + 60_000]);
    await pool.query('VACUUM ANALYZE orders');
    return { options, seconds: (performance.now() - t0) / 1000 };
  } finally {
    await store.close();
  }
}
