import BetterSqlite3 from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FixturesError } from '../domain/fixtures';
import { NewerDatabaseError } from '../domain/store/errors';
import { TRACKED_LAYOUT } from '../domain/store/sqlite/database';
import { order, orderList, type Order } from '../shared/schemas/order';
import { signChannelToken } from './auth';
import { startCentral, type Central } from './central';
import { otherFixtures, tempDir, writeFixturesFile } from './testing/fixtures';

/** docs/api.md §1: orders survive a restart on the same file; reference data is reloaded, orders untouched. */

const SECRET = 'restart-test-secret-of-some-length';
const tmp = tempDir();
afterAll(() => tmp.remove());

const fixtures = otherFixtures();
const fixturesFile = writeFixturesFile(tmp.dir, fixtures, 'other.json');
const touchpointId = fixtures.touchpoints[0]!.salesTouchpointId;
const plain = fixtures.products.find((p) => p.productName === 'Single ticket')!;

async function call(central: Central, method: string, path: string, token: string, body?: unknown) {
  const res = await fetch(`${central.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

const newOrder = { languageId: fixtures.languages[0]!.languageId, orderLines: [{ productId: plain.productId, quantity: 2, vouchers: [] }] };

describe('restarting the central', () => {
  it('orders written before a close are there after a new start on the same file', async () => {
    const db = join(tmp.dir, 'survive.sqlite');
    const token = await signChannelToken(SECRET, { sub: 't', touchpointId });
    const first = await startCentral({ db, fixtures: fixturesFile, jwtSecret: SECRET });
    const created: Order[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await call(first, 'POST', '/api/2.0/orders', token, newOrder);
      expect(res.status).toBe(201);
      created.push(order.parse(res.body));
    }
    await call(first, 'POST', `/api/2.0/orders/${created[0]!.orderId}/cancellation`, token);
    await first.close();

    const second = await startCentral({ db, fixtures: fixturesFile, jwtSecret: SECRET });
    try {
      const list = orderList.parse((await call(second, 'GET', '/api/2.0/orders', token)).body);
      expect(list.orders.map((o) => o.orderId).sort()).toEqual(created.map((o) => o.orderId).sort());
      const cancelled = order.parse((await call(second, 'GET', `/api/2.0/orders/${created[0]!.orderId}`, token)).body);
      expect(cancelled.order_OrderStatuses[0]!.orderStatus.name).toBe('cancelled');
      // The order number sequence carries on where it was.
      const third = order.parse((await call(second, 'POST', '/api/2.0/orders', token, newOrder)).body);
      expect(third.orderNumber).toBe('100000003');
    } finally {
      await second.close();
    }
  });

  it('a reload of the reference data replaces it and leaves the orders as they were', async () => {
    const db = join(tmp.dir, 'reload.sqlite');
    const token = await signChannelToken(SECRET, { sub: 't', touchpointId });
    const first = await startCentral({ db, fixtures: fixturesFile, jwtSecret: SECRET });
    const before = order.parse((await call(first, 'POST', '/api/2.0/orders', token, newOrder)).body);
    await first.close();

    const dearer = otherFixtures();
    const product = dearer.products.find((p) => p.productId === plain.productId)!;
    product.amountInclTax += 100;
    product.productName = 'Single ticket (new price)';
    const second = await startCentral({ db, fixtures: writeFixturesFile(tmp.dir, dearer, 'dearer.json'), jwtSecret: SECRET });
    try {
      const after = order.parse((await call(second, 'GET', `/api/2.0/orders/${before.orderId}`, token)).body);
      expect(after).toEqual(before);
      const products = (await call(second, 'GET', '/api/2.0/products', token)).body as {
        products: { productId: number; amountInclTax: number }[];
      };
      expect(products.products.find((p) => p.productId === plain.productId)!.amountInclTax).toBe(plain.amountInclTax + 100);
      const fresh = order.parse((await call(second, 'POST', '/api/2.0/orders', token, newOrder)).body);
      expect(fresh.totalAmount).toBe((plain.amountInclTax + 100) * 2);
      expect(second.service.catalog().products.get(plain.productId)!.productName).toBe('Single ticket (new price)');
    } finally {
      await second.close();
    }
  });

  it('refuses a database written by a newer version', async () => {
    const db = join(tmp.dir, 'newer.sqlite');
    const raw = new BetterSqlite3(db);
    raw.pragma(`user_version = ${TRACKED_LAYOUT + 1}`);
    raw.close();
    await expect(startCentral({ db, fixtures: fixturesFile, jwtSecret: SECRET })).rejects.toBeInstanceOf(NewerDatabaseError);
  });

  it('refuses a bad fixtures file before touching the database', async () => {
    const db = join(tmp.dir, 'never.sqlite');
    const bad = writeFixturesFile(tmp.dir, { products: [{ productId: 'one' }] }, 'bad.json');
    await expect(startCentral({ db, fixtures: bad, jwtSecret: SECRET })).rejects.toThrow(FixturesError);
    expect(existsSync(db)).toBe(false);
  });

  it('without a secret, makes one and a dev token that works on the order interface', async () => {
    const central = await startCentral({ db: join(tmp.dir, 'dev.sqlite'), fixtures: fixturesFile });
    try {
      expect(central.devToken).toEqual(expect.any(String));
      const res = await call(central, 'POST', '/api/2.0/orders', central.devToken!, newOrder);
      expect(res.status).toBe(201);
      expect(order.parse(res.body).touchPoint.salesTouchpointId).toBe(touchpointId);
      const forged = await signChannelToken(SECRET, { sub: 't', touchpointId });
      expect((await call(central, 'GET', '/api/2.0/orders', forged)).status).toBe(401);
    } finally {
      await central.close();
    }
  });
});
