import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deletedOrderList } from '../shared/schemas/deleted';
import { orderList, type Order } from '../shared/schemas/order';
import { backupSqlite } from '../domain/store/sqlite/backup';
import { scenarios, tempDir } from './testing/fixtures';
import { API, countingIds, harness, type Harness } from './testing/harness';
import { createOrder } from './testing/orders';

/** docs/api.md §11.5: a SQLite central's online backup, taken while it takes writes, and a central restored from it. */

const [scenario] = scenarios();
const tmp = tempDir();
afterAll(() => tmp.remove());

const SINCE = '2020-01-01T00:00:00.000Z';

async function page(h: Harness, url: string) {
  const res = await h.call('GET', url);
  expect(res.status, res.text).toBe(200);
  return orderList.parse(res.body);
}

const numbers = (orders: Order[]) => orders.map((o) => Number(o.orderNumber)).sort((a, b) => a - b);

describe('npm run central -- backup (backupSqlite)', () => {
  it('copies a central that takes writes meanwhile; a central on the copy serves its orders and deletions, numbers and cursors go on', async () => {
    const db = join(tmp.dir, 'central.sqlite');
    const copy = join(tmp.dir, 'copy.sqlite');
    const original = await harness({ ...scenario!, db });
    let before: Order[];
    let deleted: Order;
    let cursorHref: string;
    let expectedNext: string[];
    let copied: Order[];
    try {
      before = [];
      for (let i = 0; i < 5; i++) before.push(await createOrder(original));
      deleted = before[1]!;
      expect((await original.call('DELETE', `${API}/orders/${deleted.orderId}`)).status).toBe(200);
      // A counter's pull: its first page taken, its cursor kept.
      const first = await page(original, `${API}/orders?updatedAfter=${SINCE}&limit=2`);
      cursorHref = first._links.next!.href;
      expectedNext = (await page(original, cursorHref)).orders.map((o) => o.orderId);

      // The backup runs on its own connection while the central keeps taking orders.
      const [result, ...during] = await Promise.all([backupSqlite(db, copy), ...Array.from({ length: 8 }, () => createOrder(original))]);
      expect(result).toMatchObject({ kind: 'ok' });
      expect(during).toHaveLength(8);
      copied = (await page(original, `${API}/orders?limit=1000`)).orders;
    } finally {
      await original.close();
    }

    const restored = await harness({ ...scenario!, db: copy, newId: countingIds('11111111') });
    try {
      const served = (await page(restored, `${API}/orders?limit=1000`)).orders;
      // A consistent snapshot: every order taken before the backup, and of the ones written
      // meanwhile a prefix by number (no gap), each as the original served it.
      const kept = before.filter((o) => o.orderId !== deleted.orderId);
      expect(served.map((o) => o.orderId)).toEqual(expect.arrayContaining(kept.map((o) => o.orderId)));
      const servedNumbers = numbers(served);
      const allNumbers = numbers(copied).filter((n) => n <= Math.max(...servedNumbers));
      expect(servedNumbers).toEqual(allNumbers);
      for (const o of served) expect(o).toEqual(copied.find((c) => c.orderId === o.orderId));

      // The deletion is kept: not served, and listed for the counters' pull.
      expect((await restored.call('GET', `${API}/orders/${deleted.orderId}`)).status).toBe(404);
      const deletions = deletedOrderList.parse((await restored.call('GET', `${API}/deletedorders?updatedAfter=${SINCE}`)).body);
      expect(deletions.deletedOrders.map((d) => d.orderId)).toEqual([deleted.orderId]);

      // The counter's pull goes on from its cursor, on the restored central.
      const next = await page(restored, cursorHref);
      expect(next.orders.map((o) => o.orderId)).toEqual(expectedNext);

      // Order numbers continue after the copy's last.
      const fresh = await createOrder(restored);
      expect(Number(fresh.orderNumber)).toBe(Math.max(...servedNumbers) + 1);
    } finally {
      await restored.close();
    }
  });

  it('never overwrites a file, and names pg_dump for a PostgreSQL central', async () => {
    const db = join(tmp.dir, 'second.sqlite');
    const h = await harness({ ...scenario!, db });
    await createOrder(h);
    await h.close();
    const target = join(tmp.dir, 'second-copy.sqlite');
    expect(await backupSqlite(db, target)).toMatchObject({ kind: 'ok' });
    expect(await backupSqlite(db, target)).toEqual({ kind: 'refused', reason: expect.stringMatching(/exists already/) });
    expect(await backupSqlite(join(tmp.dir, 'none.sqlite'), join(tmp.dir, 'x.sqlite'))).toEqual({
      kind: 'refused',
      reason: expect.stringMatching(/no central database/),
    });
    expect(await backupSqlite('postgres://u@localhost/central', join(tmp.dir, 'pg.sqlite'))).toEqual({
      kind: 'refused',
      reason: expect.stringMatching(/pg_dump/),
    });
    expect(existsSync(join(tmp.dir, 'pg.sqlite'))).toBe(false);
    expect(existsSync(`${target}.partial`)).toBe(false);
  });
});
