import { createHash } from 'node:crypto';
import type { Database } from 'better-sqlite3';
import { dayBounds, nextDay } from '../../domain/reports/timeZone';

/**
 * The manager benchmark's large store made fast (bench/README.md "manager"): its first days are
 * seeded through the counter's own write path (bench/manager.ts `seed`, whose orders repeat every
 * `baseDays` days), then every later day is a copy of one of those days made by set-based SQL,
 * each order's numbers and times moved to what the write path would have written for that day:
 * ids, order numbers and pass numbers carry the order's index (distinct per copy, so a pass
 * number still finds one order), and every time in an order is its created_on, moved to the
 * same offset from the start of the target day (Europe/Amsterdam: a day of 23 or 25 hours
 * spills into the next day as the write path's seed does). `sameStores` checks the result
 * against a store seeded through the write path alone, table by table, before anything is
 * measured.
 */

export interface DayCopy {
  db: Database;
  firstDay: string;
  timeZone: string;
  perDay: number;
  /** Days seeded through the write path, the cycle its orders repeat in. */
  baseDays: number;
  /** Orders the store holds when done. */
  count: number;
}

/** The tables one order's write fills (insertOrder, indexOrder, its sync row), each row carrying the order's id. */
const ORDER_TABLES = [
  'orders',
  'order_parts',
  'order_tokens',
  'order_facts',
  'order_fact_lines',
  'money_facts',
  'order_search_keys',
  'order_events',
  'sync_orders',
];

/** The seed's order ids end in the order's index, twelve digits (bench/manager.ts). */
export const orderIdOf = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

const PASS = (n: string) => `'3528 ' || substr(${n}, 1, 4) || ' ' || substr(${n}, 5, 4) || ' ' || substr(${n}, 9, 4)`;

/** Per source order of the day: the strings to replace and their copies' values. */
const MAP_SQL = `
  INSERT INTO temp.copy_map (src, c, nc, p12, q12, p7, q7, pf, qf)
  SELECT order_id, created_on, strftime('%Y-%m-%dT%H:%M:%fZ', created_on, @shift || ' seconds'),
    printf('%012d', i), printf('%012d', i + @offset), printf('%07d', i), printf('%07d', i + @offset),
    ${PASS("printf('%012d', i)")}, ${PASS("printf('%012d', i + @offset)")}
  FROM (SELECT order_id, created_on, CAST(substr(order_id, 25) AS INTEGER) AS i FROM orders WHERE order_id BETWEEN @lo AND @hi)`;

/** A text column of a copied row: its time moved, then every form of the order's index. */
const moved = (column: string) =>
  `replace(replace(replace(replace(replace(t.${column}, m.c, m.nc), m.pf, m.qf), m.p12, m.q12), 'KBEN-' || m.p7, 'KBEN-' || m.q7), 'kben-' || m.p7, 'kben-' || m.q7)`;

interface Column {
  name: string;
  type: string;
  pk: number;
}

/**
 * One INSERT ... SELECT per table, from its columns as the schema has them (a rowid key, order_events'
 * seq, is left to the insert). CROSS JOIN keeps the day's orders the outer loop, each looked up by
 * its order id: the planner would otherwise scan the whole table once a day, and the copy would slow
 * as the store grows.
 */
function copyStatements(db: Database) {
  return ORDER_TABLES.map((table) => {
    const columns = db.prepare(`PRAGMA table_info(${table})`).all() as Column[];
    const keys = columns.filter((c) => c.pk > 0);
    const key = keys.length === 1 && keys[0]!.type.toUpperCase() === 'INTEGER' ? keys[0] : undefined;
    const copied = columns.filter((c) => c !== key);
    const values = copied.map((c) => (c.type.toUpperCase() === 'TEXT' ? moved(c.name) : `t.${c.name}`));
    return db.prepare(
      `INSERT INTO ${table} (${copied.map((c) => c.name).join(', ')})
       SELECT ${values.join(', ')} FROM temp.copy_map m CROSS JOIN ${table} t ON t.order_id = m.src
       ${key ? `ORDER BY t.${key.name}` : ''}`,
    );
  });
}

const dayStart = (day: string, timeZone: string) => Date.parse(dayBounds(day, timeZone).from);

/** Fills the days after the base with copies of it, `daysPerTransaction` days a transaction. Answers the seconds it took. */
export function copyDays(plan: DayCopy, daysPerTransaction = 50): number {
  const { db, perDay, baseDays, count } = plan;
  const started = performance.now();
  db.exec('CREATE TEMP TABLE copy_map (src TEXT PRIMARY KEY, c, nc, p12, q12, p7, q7, pf, qf) WITHOUT ROWID');
  const map = db.prepare(MAP_SQL);
  const clear = db.prepare('DELETE FROM temp.copy_map');
  const inserts = copyStatements(db);
  const days: string[] = [plan.firstDay];
  for (let d = 1; d < Math.ceil(count / perDay); d++) days.push(nextDay(days[d - 1]!));
  const copy = db.transaction((from: number, to: number) => {
    for (let target = from; target < to; target++) {
      const source = target % baseDays;
      const offset = (target - source) * perDay;
      const last = Math.min((source + 1) * perDay, count - offset) - 1;
      const shift = (dayStart(days[target]!, plan.timeZone) - dayStart(days[source]!, plan.timeZone)) / 1000;
      clear.run();
      map.run({ shift, offset, lo: orderIdOf(source * perDay), hi: orderIdOf(last) });
      for (const insert of inserts) insert.run();
    }
  });
  // Seeding only: a power cut here loses a benchmark, not a sale. The measured reads run with FULL again.
  db.pragma('synchronous = OFF');
  // A bigger page cache for the copy only: the reads are measured with the store's own.
  const cache = db.pragma('cache_size', { simple: true }) as number;
  db.pragma('cache_size = -262144');
  for (let from = baseDays; from < days.length; from += daysPerTransaction)
    copy.immediate(from, Math.min(days.length, from + daysPerTransaction));
  db.exec('DROP TABLE temp.copy_map');
  db.pragma(`cache_size = ${cache}`);
  db.pragma('synchronous = FULL');
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.exec('ANALYZE');
  return (performance.now() - started) / 1000;
}

/** Rows and a digest of their contents, table by table (every table but the planner's statistics). */
function contents(db: Database): Map<string, { rows: number; digest: string }> {
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_stat%' ORDER BY name").all() as {
    name: string;
  }[];
  const out = new Map<string, { rows: number; digest: string }>();
  for (const { name } of tables) {
    const width = (db.prepare(`PRAGMA table_info(${name})`).all() as unknown[]).length;
    const order = Array.from({ length: width }, (_, i) => i + 1).join(', ');
    const hash = createHash('sha256');
    let rows = 0;
    for (const row of db.prepare(`SELECT * FROM ${name} ORDER BY ${order}`).raw().iterate()) {
      hash.update(JSON.stringify(row));
      rows++;
    }
    out.set(name, { rows, digest: hash.digest('hex') });
  }
  return out;
}

/**
 * Whether a store seeded by copies holds exactly what the write path writes for the same orders:
 * every table, row for row (so as many rows per table and day). Answers the differences, none
 * when they are the same.
 */
export function sameStores(written: Database, copied: Database): string[] {
  const [a, b] = [contents(written), contents(copied)];
  const differences: string[] = [];
  for (const name of new Set([...a.keys(), ...b.keys()])) {
    const [x, y] = [a.get(name), b.get(name)];
    if (x?.digest === y?.digest) continue;
    differences.push(
      `${name}: ${x?.rows ?? 'no table'} rows written, ${y?.rows ?? 'no table'} copied${x?.rows === y?.rows ? ', contents differ' : ''}`,
    );
  }
  return differences;
}

/** How many rows the order tables hold in all, for the report. */
export function orderRows(db: Database): number {
  return ORDER_TABLES.reduce((n, t) => n + (db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n, 0);
}
