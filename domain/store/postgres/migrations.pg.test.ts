import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { freshPostgresUrl } from '../../../server/testing/postgres';
import { NewerDatabaseError } from '../errors';
import {
  CONTRADICTORY_CLOSURES,
  KEPT_CLOSURES,
  KEPT_QUERY,
  SECOND_CLOSE_OF_A_DAY,
  SET_ASIDE_CLOSURES,
  SET_ASIDE_QUERY,
} from '../testing/contradictoryClosures';
import { DOCS_BEFORE_RETURNS, PARSED_AFTER_RETURNS } from '../testing/returnedDocs';
import { migrate, openPostgres } from './database';
import { PG_MIGRATIONS } from './migrations';

/** The PostgreSQL backend's migrations, on a real server: one test per migration, and the rules of the runner. */

const pools: pg.Pool[] = [];
afterEach(async () => {
  for (const p of pools.splice(0)) if (!p.ended) await p.end();
});

async function poolOn(url?: string): Promise<pg.Pool> {
  const pool = new pg.Pool({ connectionString: url ?? (await freshPostgresUrl()), max: 4 });
  pools.push(pool);
  return pool;
}

const tables = async (pool: pg.Pool) =>
  (
    await pool.query<{ name: string }>(
      'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name',
    )
  ).rows.map((r) => r.name);
const versions = async (pool: pg.Pool) =>
  (await pool.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')).rows;

const addOrderRow = (pool: pg.Pool, id: string, external: string | null = null) =>
  pool.query(
    `INSERT INTO orders (order_id, touchpoint_id, external_order_id, order_number, customer_profile_id, customer_fixed,
       status_id, created_on, last_updated_on, version, doc) VALUES ($1, 1, $2, $3, 0, false, 1, 't', 't', 0, '{}')`,
    [id, external, `n-${id}`],
  );

const PER_MIGRATION: Record<number, () => Promise<void>> = {
  1: async () => {
    const pool = await poolOn();
    await migrate(pool, 'test', PG_MIGRATIONS.slice(0, 1));
    expect(await tables(pool)).toEqual([
      'change_clock',
      'deleted_orders',
      'order_parts',
      'order_tokens',
      'orders',
      'reference_data',
      'schema_migrations',
    ]);
    expect(await versions(pool)).toEqual([{ version: 1 }]);
    await addOrderRow(pool, 'a', 'ext-1');
    await addOrderRow(pool, 'b');
    await addOrderRow(pool, 'c');
    // externalOrderId is unique per touchpoint; many orders may have none.
    await expect(addOrderRow(pool, 'd', 'ext-1')).rejects.toMatchObject({ code: '23505', constraint: 'orders_by_external_id' });
    await pool.query("INSERT INTO order_parts (part_id, kind, order_id) VALUES ('l1', 'line', 'a')");
    await expect(pool.query("INSERT INTO order_parts (part_id, kind, order_id) VALUES ('x', 'other', 'a')")).rejects.toMatchObject({
      code: '23514',
    });
    await pool.query("DELETE FROM orders WHERE order_id = 'a'");
    expect((await pool.query('SELECT count(*)::int AS n FROM order_parts')).rows).toEqual([{ n: 0 }]);
    // Order numbers come from a sequence; the change clock starts at zero.
    expect((await pool.query("SELECT nextval('order_number')::int AS n")).rows).toEqual([{ n: 1 }]);
    expect((await pool.query('SELECT stamp::int FROM change_clock')).rows).toEqual([{ stamp: 0 }]);
    // Time stamps sort bytewise (the "C" collation), as the SQLite backend's and the cursors do.
    await pool.query("UPDATE orders SET created_on = CASE order_id WHEN 'b' THEN '2031-01-01T00:00:00.000Z' ELSE '2031-01-01 00:00' END");
    expect((await pool.query('SELECT order_id FROM orders ORDER BY created_on')).rows.map((r) => r.order_id)).toEqual(['c', 'b']);
  },
  2: async () => {
    const pool = await poolOn();
    await migrate(pool, 'test', PG_MIGRATIONS.slice(0, 1));
    await addOrderRow(pool, 'kept', 'ext-1');
    await migrate(pool, 'test', PG_MIGRATIONS.slice(0, 2));
    const client = await pool.connect();
    try {
      // With sequential scans priced out, a plan without an index scan would still show one.
      await client.query('SET enable_seqscan = off');
      const plan = async (sql: string, args: unknown[]) =>
        (await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, args)).rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(await plan('SELECT order_id FROM orders WHERE external_order_id = $1', ['ext-1'])).toContain('orders_by_external_id_alone');
      const customer = await plan(
        'SELECT order_id FROM orders WHERE customer_profile_id = $1 ORDER BY created_on DESC, order_id DESC LIMIT 20',
        [5],
      );
      expect(customer).toContain('orders_by_customer_created');
      expect(customer).not.toMatch(/Sort|Seq Scan/);
    } finally {
      client.release();
    }
    expect((await pool.query("SELECT order_id FROM orders WHERE external_order_id = 'ext-1'")).rows).toEqual([{ order_id: 'kept' }]);
  },
  3: async () => {
    const pool = await poolOn();
    await migrate(pool, 'test', PG_MIGRATIONS.slice(0, 3));
    const put = () =>
      pool.query(
        `INSERT INTO day_closures (close_id, touchpoint_id, device_id, business_date, closed_at, received_on, doc)
         VALUES ('c1', 10, 'd', '2026-11-23', 't', 't', '{}')`,
      );
    await put();
    // One row per close id: a close sent twice is stored once.
    await expect(put()).rejects.toMatchObject({ code: '23505' });
    const client = await pool.connect();
    try {
      await client.query('SET enable_seqscan = off');
      const plan = (
        await client.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN SELECT close_id FROM day_closures WHERE touchpoint_id = $1 AND (business_date, close_id) > ($2, $3)
           ORDER BY business_date, close_id LIMIT 10`,
          [10, '2026-11-01', ''],
        )
      ).rows
        .map((r) => r['QUERY PLAN'])
        .join('\n');
      expect(plan).toContain('day_closures_by_touchpoint');
      expect(plan).not.toMatch(/Sort|Seq Scan/);
    } finally {
      client.release();
    }
  },
  4: async () => {
    const pool = await poolOn();
    await migrate(pool, 'test', PG_MIGRATIONS.slice(0, 3));
    await addOrderRow(pool, 'kept');
    await migrate(pool, 'test', PG_MIGRATIONS.slice(0, 4));
    expect(await tables(pool)).toEqual(expect.arrayContaining(['devices', 'enrolment_codes']));
    const code = () =>
      pool.query("INSERT INTO enrolment_codes (code_hash, touchpoint_id, created_on, expires_on) VALUES ('h', 10, 't', 'u')");
    await code();
    // A code's hash is its key: the same code twice is one code.
    await expect(code()).rejects.toMatchObject({ code: '23505' });
    await pool.query("INSERT INTO devices (device_id, touchpoint_id, enrolled_on) VALUES ('d1', 10, 't')");
    // A device starts unrevoked and without a report.
    expect((await pool.query('SELECT revoked_on, reported_on, oldest_unsent_age_seconds, report FROM devices')).rows).toEqual([
      { revoked_on: null, reported_on: null, oldest_unsent_age_seconds: null, report: null },
    ]);
    expect((await pool.query('SELECT order_id FROM orders')).rows).toEqual([{ order_id: 'kept' }]);
  },
  5: async () => {
    const pool = await poolOn();
    await migrate(pool, 'test', PG_MIGRATIONS.slice(0, 4));
    await pool.query(CONTRADICTORY_CLOSURES);
    await migrate(pool, 'test', PG_MIGRATIONS.slice(0, 5));
    expect((await pool.query(KEPT_QUERY)).rows).toEqual(KEPT_CLOSURES);
    expect((await pool.query(SET_ASIDE_QUERY)).rows).toEqual(SET_ASIDE_CLOSURES);
    // One close per touchpoint and day from now on.
    await expect(pool.query(SECOND_CLOSE_OF_A_DAY)).rejects.toMatchObject({ code: '23505', constraint: 'day_closures_one_per_day' });
  },
  6: async () => {
    const pool = await poolOn();
    await migrate(pool, 'test', PG_MIGRATIONS.slice(0, 5));
    for (const [id, doc] of Object.entries(DOCS_BEFORE_RETURNS)) {
      await addOrderRow(pool, id);
      await pool.query('UPDATE orders SET doc = $1 WHERE order_id = $2', [doc, id]);
    }
    await migrate(pool, 'test', PG_MIGRATIONS.slice(0, 6));
    const rows = (await pool.query<{ id: string; doc: string }>('SELECT order_id AS id, doc FROM orders ORDER BY order_id')).rows;
    expect(Object.fromEntries(rows.map((r) => [r.id, JSON.parse(r.doc) as unknown]))).toEqual(PARSED_AFTER_RETURNS);
    // What needed no change is the same text.
    expect(rows.find((r) => r.id === 'd-already')!.doc).toBe(DOCS_BEFORE_RETURNS['d-already']);
  },
  7: async () => {
    const pool = await poolOn();
    await migrate(pool, 'test', PG_MIGRATIONS.slice(0, 6));
    await addOrderRow(pool, 'kept');
    await migrate(pool, 'test', PG_MIGRATIONS.slice(0, 7));
    expect(await tables(pool)).toEqual(expect.arrayContaining(['card_events', 'card_fees', 'card_requests', 'card_tokens']));
    // Events count up from 1: the cards' revision starts at 0 on an empty table (docs/api.md §12).
    const event = () => pool.query<{ seq: string }>("INSERT INTO card_events (transit_token_id, doc) VALUES (7, '{}') RETURNING seq");
    expect([(await event()).rows[0]!.seq, (await event()).rows[0]!.seq]).toEqual(['1', '2']);
    // One answer per requestId, one replacement per fee order.
    const request = "INSERT INTO card_requests (request_id, fingerprint, status, body) VALUES ('r1', 'f', 200, '{}')";
    await pool.query(request);
    await expect(pool.query(request)).rejects.toMatchObject({ code: '23505' });
    const fee = "INSERT INTO card_fees (order_id, request_id) VALUES ('o1', 'r1')";
    await pool.query(fee);
    await expect(pool.query(fee)).rejects.toMatchObject({ code: '23505' });
    expect((await pool.query('SELECT order_id FROM orders')).rows).toEqual([{ order_id: 'kept' }]);
  },
};

describe('postgres migrations', () => {
  it.each(PG_MIGRATIONS.map((_, i) => i + 1))('migration %i', async (n) => {
    await PER_MIGRATION[n]!();
  });

  it('every migration has its own test above', () => {
    expect(PG_MIGRATIONS.map((_, i) => i + 1).filter((n) => !PER_MIGRATION[n])).toEqual([]);
  });

  it('brings a database at every earlier version up to date, keeping its orders', async () => {
    for (let n = 0; n < PG_MIGRATIONS.length; n++) {
      const pool = await poolOn();
      await migrate(pool, 'test', PG_MIGRATIONS.slice(0, n));
      if (n >= 1) await addOrderRow(pool, 'old');
      await migrate(pool, 'test', PG_MIGRATIONS);
      expect((await versions(pool)).length).toBe(PG_MIGRATIONS.length);
      expect((await pool.query('SELECT order_id FROM orders')).rows).toEqual(n >= 1 ? [{ order_id: 'old' }] : []);
    }
  });

  it('runs each migration once when several processes start together, and nothing again on reopening', async () => {
    const url = await freshPostgresUrl();
    const opened = await Promise.all([openPostgres(url), openPostgres(url), openPostgres(url)]);
    pools.push(...opened);
    expect(await versions(opened[0]!)).toEqual(PG_MIGRATIONS.map((_, i) => ({ version: i + 1 })));
    await addOrderRow(opened[0]!, 'kept');
    const again = await openPostgres(url);
    pools.push(again);
    expect((await again.query('SELECT order_id FROM orders')).rows).toEqual([{ order_id: 'kept' }]);
    expect((await versions(again)).length).toBe(PG_MIGRATIONS.length);
  });

  it('refuses a database written by a newer version, leaving it as it was', async () => {
    const url = await freshPostgresUrl();
    const pool = await poolOn(url);
    await migrate(pool, 'test');
    await pool.query('INSERT INTO schema_migrations (version) VALUES ($1)', [PG_MIGRATIONS.length + 1]);
    await expect(openPostgres(url)).rejects.toBeInstanceOf(NewerDatabaseError);
    await expect(openPostgres(url)).rejects.toThrow(
      `newer version of this program (schema ${PG_MIGRATIONS.length + 1}; this version knows up to ${PG_MIGRATIONS.length})`,
    );
    expect((await versions(pool)).length).toBe(PG_MIGRATIONS.length + 1);
  });

  it('a failing migration leaves the database at the version it had', async () => {
    const pool = await poolOn();
    await expect(migrate(pool, 'test', ['CREATE TABLE first (id integer)', 'CREATE TABLE broken (id no_such_type)'])).rejects.toThrow(
      /no_such_type/,
    );
    expect(await tables(pool)).toEqual([]);
  });
});
