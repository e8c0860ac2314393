import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgresUrl } from '../../../server/testing/postgres';
import { orderListQuery } from '../listing';
import { FILTERS, LATER, LOOKUPS } from '../testing/listFilters';
import type { OrderFilter, PageAfter } from '../types';
import { openPostgres } from './database';
import { bind } from './orders';

/**
 * GET /orders on PostgreSQL: each filter's page is read from an index, as on SQLite
 * (sqlite/listing.test.ts), asked of PostgreSQL's planner over 20,000 varied orders with
 * statistics, so the plans are the ones a real database of that shape gets.
 */

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Parent Relationship'?: string;
  'Plan Rows'?: number;
  Plans?: PlanNode[];
}

/** The equality filters and the column each one's index leads with. */
const EQUALITIES = [
  ['customerProfileId', 'customer_profile_id'],
  ['touchpointId', 'touchpoint_id'],
  ['orderStatusId', 'status_id'],
] as const;

const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];
const readsOrders = (node: PlanNode) => node['Relation Name'] === 'orders';

/** Whether every read of the orders table below `node` passes a Limit first (a page, not every matching order). */
function onlyPagesBelow(node: PlanNode): boolean {
  return (node.Plans ?? []).every((child) => child['Node Type'] === 'Limit' || (!readsOrders(child) && onlyPagesBelow(child)));
}

describe('order list plans on PostgreSQL', () => {
  let pool: pg.Pool;
  beforeAll(async () => {
    pool = await openPostgres(await freshPostgresUrl());
    // 20,000 orders over two years, shaped as a real store's: most done (statuses 7 and 8), the
    // other statuses 1% each; 40 touchpoints; 2,000 customers, of whom one (5, the filters') is a
    // heavy one with 400 orders (one with ten has them sorted, rightly: cheaper than a walk); an
    // external id on every third order, a token on every fifth.
    await pool.query(`
      INSERT INTO orders (order_id, touchpoint_id, external_order_id, order_number, customer_profile_id, customer_fixed,
        status_id, created_on, last_updated_on, version, doc)
      SELECT 'o-' || i, 10 + i % 40, CASE WHEN i % 3 = 0 THEN 'e-' || i END, 'n-' || i, CASE WHEN i % 50 = 0 THEN 5 ELSE i % 2000 END, false, CASE WHEN i % 100 < 6 THEN 1 + i % 100 ELSE 7 + i % 2 END,
        to_char(timestamp '2030-01-01' + i * interval '1 hour', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        to_char(timestamp '2030-01-01' + i * interval '1 hour' + (i % 7) * interval '1 day', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        0, '{}'
      FROM generate_series(1, 20000) AS i;
      INSERT INTO order_tokens (transit_token_id, order_id) SELECT 880000 + i % 500, 'o-' || i FROM generate_series(5, 20000, 5) AS i;
      ANALYZE orders;
      ANALYZE order_tokens;
    `);
  });
  afterAll(() => pool.end());

  const plan = async (filter: OrderFilter, after: PageAfter | null): Promise<PlanNode> => {
    const { sql, args } = bind(orderListQuery(filter, 50, after));
    const { rows } = await pool.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(`EXPLAIN (FORMAT JSON) ${sql}`, args);
    return rows[0]!['QUERY PLAN'][0]!.Plan;
  };

  for (const [name, filter] of Object.entries(FILTERS)) {
    for (const after of [null, LATER]) {
      it(`${name}${after ? ', a later page' : ''}: from an index, in order`, async () => {
        const all = nodes(await plan(filter, after));
        const reads = all.filter(readsOrders);
        expect(reads.length).toBeGreaterThan(0);
        // Never a scan of the whole table.
        for (const read of reads) expect(read['Node Type']).not.toBe('Seq Scan');
        // An equality filter is the index range's first column, not a condition checked row by row.
        for (const [field, column] of EQUALITIES) {
          if (filter[field] === undefined) continue;
          for (const read of reads) expect(read['Index Cond'] ?? '').toContain(column);
        }
        // A sort of the rows found only for lookups (an id, a number, a card's orders); several
        // statuses sort what their branches' pages hold, each read in index order and limited.
        if (LOOKUPS.has(name)) return;
        for (const sort of all.filter((n) => n['Node Type'] === 'Sort')) expect(onlyPagesBelow(sort)).toBe(true);
      });
    }
  }

  it('asks whether a listed order has tokens of each row the page takes, by an index look-up', async () => {
    // Asked as EXISTS, PostgreSQL could answer for every order the range might hold by hashing
    // all of order_tokens (a scan per page that grows with the table; at 200,000 orders it did).
    for (const [name, filter] of Object.entries(FILTERS)) {
      const subplans = nodes(await plan(filter, null)).filter((n) => n['Parent Relationship'] === 'SubPlan');
      const asked = subplans.flatMap(nodes).filter((n) => n['Relation Name'] === 'order_tokens');
      expect(asked.length, name).toBeGreaterThan(0);
      expect(asked.map((n) => [name, n['Node Type'], n['Index Cond']])).toEqual(
        asked.map(() => [name, expect.stringMatching(/^Index (Only )?Scan$/), expect.stringContaining('order_id')]),
      );
    }
  });

  it('pages a touchpoint’s change feed from the cursor inside the index range', async () => {
    const deep = nodes(await plan({ touchpointId: 10, updatedAfter: '2030-01-01T00:00:00.000Z' }, LATER));
    const read = deep.find(readsOrders)!;
    expect(read['Index Name']).toBe('orders_by_touchpoint_updated');
    expect(JSON.stringify(read)).toMatch(/ROW\(last_updated_on, order_id\) > ROW/);
  });
});
