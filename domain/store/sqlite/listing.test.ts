import type { Database } from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILTERS, LATER, LOOKUPS, T, WALKS_SORT_INDEX } from '../testing/listFilters';
import type { OrderFilter, PageAfter } from '../types';
import { openDatabase } from './database';
import { orderListQuery } from '../listing';
import { listOrders } from './orders';

/**
 * GET /orders on SQLite: each filter's page is read from an index (asked of SQLite's
 * planner, so the test holds on any machine), and the pages are the right ones (against a
 * plain model of the filters, sort and cursor).
 */

const plan = (db: Database, filter: OrderFilter, after: PageAfter | null) => {
  const { sql, args } = orderListQuery(filter, 50, after);
  return (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all(...args) as { detail: string }[]).map((r) => r.detail);
};

describe('order list plans', () => {
  let db: Database;
  beforeAll(() => {
    db = openDatabase(':memory:');
  });
  afterAll(() => db.close());

  for (const [name, filter] of Object.entries(FILTERS)) {
    for (const after of [null, LATER]) {
      it(`${name}${after ? ', a later page' : ''}: from an index, in order`, () => {
        const steps = plan(db, filter, after);
        const reads = steps.filter((s) => /^(SCAN|SEARCH) orders\b/.test(s));
        expect(reads.length).toBeGreaterThan(0);
        for (const read of reads) {
          // Never a scan of the table; a scan of an index only in its sort order, from the newest.
          expect(read).not.toMatch(/^SCAN orders$/);
          if (read.startsWith('SCAN')) {
            expect(WALKS_SORT_INDEX.has(name) && !after).toBe(true);
            expect(read).toBe('SCAN orders USING INDEX orders_by_created');
          }
        }
        // A sort of the rows found only for lookups; several statuses merge their branches'
        // pages (each read in index order), a sort of at most a page per branch.
        const sorts = steps.flatMap((s, i) => (s.startsWith('USE TEMP B-TREE') ? [steps[i - 1]!] : []));
        for (const before of sorts) {
          if (LOOKUPS.has(name)) continue;
          expect(before).toMatch(/^SCAN branch\d+$/);
        }
      });
    }
  }

  it('pages the change feed from the cursor inside the index range, not from updatedAfter', () => {
    const deep = plan(db, { touchpointId: 10, updatedAfter: T }, LATER).join(' | ');
    expect(deep).toContain('orders_by_touchpoint_updated (touchpoint_id=? AND (last_updated_on,order_id)>(?,?))');
    expect(plan(db, { updatedAfter: T }, LATER).join(' | ')).toContain('orders_by_updated ((last_updated_on,order_id)>(?,?))');
  });

  it('reads deletions for a touchpoint from their own index', () => {
    const steps = (
      db
        .prepare(
          `EXPLAIN QUERY PLAN SELECT order_id FROM deleted_orders WHERE touchpoint_id = ? AND (deleted_on, order_id) > (?, ?)
           ORDER BY deleted_on, order_id LIMIT 10`,
        )
        .all(10, T, 'o') as { detail: string }[]
    ).map((r) => r.detail);
    expect(steps.join(' | ')).toContain('deleted_orders_by_touchpoint (touchpoint_id=? AND (deleted_on,order_id)>(?,?))');
  });
});

interface ModelRow {
  order_id: string;
  order_number: string;
  external_order_id: string | null;
  touchpoint_id: number;
  customer_profile_id: number;
  status_id: number;
  created_on: string;
  last_updated_on: string;
  tokens: number[];
}

const stamp = (minute: number) => new Date(Date.UTC(2031, 0, 1) + minute * 60_000).toISOString();

const rowArb = fc.record({
  touchpoint_id: fc.constantFrom(10, 11),
  customer_profile_id: fc.constantFrom(0, 5, 6),
  status_id: fc.integer({ min: 1, max: 6 }),
  // Few distinct minutes, so that rows share time stamps and the order id breaks ties.
  created: fc.integer({ min: 0, max: 8 }),
  age: fc.integer({ min: 0, max: 3 }),
  external: fc.option(fc.constantFrom('e-1', 'e-2'), { nil: null }),
  tokens: fc.uniqueArray(fc.constantFrom(880001, 880002), { maxLength: 2 }),
});

const filterArb: fc.Arbitrary<OrderFilter> = fc.record(
  {
    externalOrderId: fc.constantFrom('e-1', 'e-2'),
    createdAfter: fc.integer({ min: 0, max: 8 }).map(stamp),
    createdBefore: fc.integer({ min: 0, max: 8 }).map(stamp),
    updatedAfter: fc.integer({ min: 0, max: 11 }).map(stamp),
    updatedBefore: fc.integer({ min: 0, max: 11 }).map(stamp),
    orderStatusId: fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 3 }),
    customerProfileId: fc.constantFrom(0, 5, 6),
    touchpointId: fc.constantFrom(10, 11),
    transitTokenIds: fc.uniqueArray(fc.constantFrom(880001, 880002), { minLength: 1, maxLength: 2 }),
  },
  { requiredKeys: [] },
);

const startArb: fc.Arbitrary<PageAfter | null> = fc.option(
  fc.record({
    key: fc.integer({ min: 0, max: 11 }).map(stamp),
    orderId: fc.integer({ min: 0, max: 40 }).map((i) => `o-${String(i).padStart(3, '0')}`),
  }),
  { nil: null },
);

/** The filters, sort and paging of docs/api.md §3.4 in plain code: the orders after `from`, in page order. */
function model(rows: ModelRow[], f: OrderFilter, from: PageAfter | null): string[] {
  const byUpdate = f.updatedAfter !== undefined;
  const kept = rows.filter(
    (r) =>
      (f.externalOrderId === undefined || r.external_order_id === f.externalOrderId) &&
      (f.createdAfter === undefined || r.created_on >= f.createdAfter) &&
      (f.createdBefore === undefined || r.created_on < f.createdBefore) &&
      (f.updatedAfter === undefined || r.last_updated_on >= f.updatedAfter) &&
      (f.updatedBefore === undefined || r.last_updated_on < f.updatedBefore) &&
      (f.orderStatusId === undefined || f.orderStatusId.includes(r.status_id)) &&
      (f.customerProfileId === undefined || r.customer_profile_id === f.customerProfileId) &&
      (f.touchpointId === undefined || r.touchpoint_id === f.touchpointId) &&
      (f.transitTokenIds === undefined || r.tokens.some((t) => f.transitTokenIds!.includes(t))),
  );
  const key = (r: ModelRow) => `${byUpdate ? r.last_updated_on : r.created_on}|${r.order_id}`;
  kept.sort((a, b) => (key(a) < key(b) ? -1 : 1));
  if (!byUpdate) kept.reverse();
  const start = from && `${from.key}|${from.orderId}`;
  return kept.filter((r) => start === null || (byUpdate ? key(r) > start : key(r) < start)).map((r) => r.order_id);
}

describe('order list pages', () => {
  it('every page of any filter is the next slice of the filtered, sorted orders', () => {
    fc.assert(
      fc.property(
        fc.array(rowArb, { maxLength: 40 }),
        filterArb,
        fc.integer({ min: 1, max: 7 }),
        startArb,
        (drawn, filter, limit, from) => {
          const db = openDatabase(':memory:');
          try {
            const insert = db.prepare(
              `INSERT INTO orders (order_id, touchpoint_id, external_order_id, order_number, customer_profile_id, customer_fixed,
               status_id, created_on, last_updated_on, version, doc) VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?, 1, ?)`,
            );
            const token = db.prepare('INSERT INTO order_tokens (transit_token_id, order_id) VALUES (?, ?)');
            const rows: ModelRow[] = drawn.map((d, i) => ({
              order_id: `o-${String(i).padStart(3, '0')}`,
              order_number: `n-${i}`,
              // Unique per touchpoint, as the schema wants: a repeat is left without one.
              external_order_id: drawn.slice(0, i).some((e) => e.external === d.external && e.touchpoint_id === d.touchpoint_id)
                ? null
                : d.external,
              touchpoint_id: d.touchpoint_id,
              customer_profile_id: d.customer_profile_id,
              status_id: d.status_id,
              created_on: stamp(d.created),
              last_updated_on: stamp(d.created + d.age),
              tokens: d.tokens,
            }));
            for (const r of rows) {
              insert.run(
                r.order_id,
                r.touchpoint_id,
                r.external_order_id,
                r.order_number,
                r.customer_profile_id,
                r.status_id,
                r.created_on,
                r.last_updated_on,
                JSON.stringify({ orderId: r.order_id }),
              );
              for (const t of r.tokens) token.run(t, r.order_id);
            }
            const got: string[] = [];
            // Any cursor a client may hold, including one from before the filter's own bounds.
            let after: PageAfter | null = from;
            for (let pages = 0; pages <= rows.length + 1; pages++) {
              const page = listOrders(db, filter, limit, after);
              expect(page.rows.length).toBeLessThanOrEqual(limit);
              got.push(...page.rows.map((r) => (JSON.parse(r.doc) as { orderId: string }).orderId));
              if (!page.next) break;
              after = page.next;
            }
            expect(got).toEqual(model(rows, filter, from));
          } finally {
            db.close();
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
