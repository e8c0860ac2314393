import { once } from 'node:events';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { order as orderSchema, orderList, type Order } from '../shared/schemas/order';
import { problem } from '../shared/schemas/problem';
import { signChannelToken } from './auth';
import { lineMatching, startCli } from './testing/cli';
import { otherFixtures, tempDir, writeFixturesFile } from './testing/fixtures';
import { freshPostgresUrl } from './testing/postgres';
import { rolesOf } from './testing/roles';

/**
 * Two central processes on one PostgreSQL database, as an operator runs them behind a load
 * balancer, taking requests for the same orders at the same time: no lost update, unique
 * order numbers, one order per externalOrderId, and a client pulling changes (docs/api.md §8)
 * while they write misses none.
 */

const SECRET = 'concurrency-test-secret-that-is-long-enough';
const fixtures = otherFixtures();
const roles = rolesOf(fixtures);
const tmp = tempDir();
const fixturesFile = writeFixturesFile(tmp.dir, fixtures, 'fixtures.json');

const processes: { child: ChildProcessWithoutNullStreams; url: string }[] = [];
let token: string;

beforeAll(async () => {
  const db = await freshPostgresUrl();
  for (let i = 0; i < 2; i++) {
    const child = startCli(['--port', '0', '--db', db, '--fixtures', fixturesFile], { CENTRAL_JWT_SECRET: SECRET });
    const { match } = await lineMatching(child, /listening on (http:\/\/\S+)/);
    processes.push({ child, url: match[1]! });
  }
  token = await signChannelToken(SECRET, { sub: 'test', touchpointId: roles.touchpoint.salesTouchpointId });
}, 120_000);

afterAll(async () => {
  await Promise.all(
    processes.map(async ({ child }) => {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }),
  );
  tmp.remove();
});

/** Request `i` goes to process `i % 2`: the two take turns, as a round-robin balancer sends them. */
async function call(i: number, method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${processes[i % 2]!.url}/api/2.0${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: text === '' ? undefined : JSON.parse(text) };
}

const plainLine = { productId: roles.plain.productId, quantity: 1, vouchers: [] };
const newOrder = (externalOrderId: string | null = null) => ({
  externalOrderId,
  languageId: roles.language.languageId,
  orderLines: [plainLine],
});

async function created(i: number, externalOrderId: string | null = null): Promise<Order> {
  const res = await call(i, 'POST', '/orders', newOrder(externalOrderId));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return orderSchema.parse(res.body);
}

describe('two central processes on one PostgreSQL', () => {
  it('give every order its own number and keep one order per externalOrderId', async () => {
    const ids = Array.from({ length: 30 }, (_, n) => `till-${n}`);
    // Each externalOrderId is posted to both processes at once; orders without one go in between.
    const answers = await Promise.all(
      ids.flatMap((ext, n) => [
        call(0, 'POST', '/orders', newOrder(ext)),
        call(1, 'POST', '/orders', newOrder(ext)),
        call(n, 'POST', '/orders', newOrder()),
      ]),
    );
    const byExt = ids.map((_, n) => answers.slice(3 * n, 3 * n + 2));
    for (const pair of byExt) {
      expect(pair.map((a) => a.status).sort()).toEqual([201, 409]);
      const made = orderSchema.parse(pair.find((a) => a.status === 201)!.body);
      const refused = problem.parse(pair.find((a) => a.status === 409)!.body);
      // The 409 names the order that holds the externalOrderId (docs/api.md §8).
      expect(refused.errors[0]).toMatchObject({ pointer: '/externalOrderId', orderId: made.orderId });
    }
    const orders = answers.filter((a) => a.status === 201).map((a) => orderSchema.parse(a.body));
    expect(orders).toHaveLength(60);
    expect(new Set(orders.map((o) => o.orderNumber)).size).toBe(60);
    for (const [n, ext] of ids.entries()) {
      const found = orderList.parse((await call(n, 'GET', `/orders?externalOrderId=${ext}`)).body);
      expect(found.orders.map((o) => o.externalOrderId)).toEqual([ext]);
    }
  });

  it('lose no update when both change the same order at once', async () => {
    const target = await created(0);
    const writers = 16;
    const answers = await Promise.all(
      Array.from({ length: writers }, (_, i) =>
        call(i, 'POST', `/orders/${target.orderId}/orderlines`, { ...plainLine, externalOrderLineId: `w-${i}` }),
      ),
    );
    // A change either lands or is refused as a conflict after its retries; none is silently lost.
    for (const a of answers) expect([200, 409]).toContain(a.status);
    const landed = answers.flatMap((a, i) => (a.status === 200 ? [`w-${i}`] : []));
    expect(landed.length).toBeGreaterThan(0);
    const final = orderSchema.parse((await call(1, 'GET', `/orders/${target.orderId}`)).body);
    expect(
      final.orderLines
        .map((l) => l.externalOrderLineId)
        .filter((id) => id !== null)
        .sort(),
    ).toEqual(landed.sort());
    expect(final.orderLines).toHaveLength(1 + landed.length);
  });

  it('let a client pulling changes while both write miss none (docs/api.md §8)', async () => {
    const start = new Date(Date.now() - 60_000).toISOString();
    const seen = new Map<string, string>();
    let cursor = start;
    /** One pull from the cursor, every page followed, as a counter pulls; the cursor moves to the greatest stamp seen. */
    async function pull(turn: number) {
      let path: string | undefined = `/orders?updatedAfter=${encodeURIComponent(cursor)}&limit=7`;
      while (path) {
        const page = orderList.parse((await call(turn, 'GET', path)).body);
        for (const o of page.orders) {
          seen.set(o.orderId, o.lastUpdatedOn);
          if (o.lastUpdatedOn > cursor) cursor = o.lastUpdatedOn;
        }
        path = page._links.next?.href.replace(/^.*\/api\/2\.0/, '');
      }
    }
    let writing = true;
    const writes = (async () => {
      const made = await Promise.all(Array.from({ length: 40 }, (_, i) => created(i)));
      await Promise.all(made.map((o, i) => call(i + 1, 'PATCH', `/orders/${o.orderId}`, { languageId: roles.language.languageId })));
      await Promise.all(made.slice(0, 20).map((o, i) => call(i, 'POST', `/orders/${o.orderId}/orderlines`, plainLine)));
      writing = false;
      return made;
    })();
    let pulls = 0;
    while (writing) await pull(pulls++);
    const made = await writes;
    await pull(pulls++);
    expect(pulls).toBeGreaterThan(1);
    // Every order's latest change reached the client through its cursor alone.
    for (const [i, o] of made.entries()) {
      const now = orderSchema.parse((await call(i, 'GET', `/orders/${o.orderId}`)).body);
      expect(seen.get(o.orderId), o.orderId).toBe(now.lastUpdatedOn);
    }
  });
});
