import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCounterDatabase } from '../../electron/core/db/database';
import { dayBounds } from '../../domain/reports/timeZone';
import { tempDir } from '../../server/testing/fixtures';
import { seed } from '../manager';
import { copyDays, sameStores } from './copySeed';

const TZ = 'Europe/Amsterdam';
// 2023-03-26 has 23 hours in Amsterdam: the copied days cross the change to summer time.
const FIRST = '2023-03-25';
const COUNT = 2500;

let folder: ReturnType<typeof tempDir>;
let written: Database;
let copied: Database;

beforeAll(() => {
  folder = tempDir('copy-seed-test-');
  written = openCounterDatabase(join(folder.dir, 'written.sqlite'));
  seed(written, COUNT, { firstDay: FIRST, period: 1000 });
  const base = openCounterDatabase(join(folder.dir, 'base.sqlite'));
  seed(base, 1000, { firstDay: FIRST, period: 1000 });
  base.exec(`VACUUM INTO '${join(folder.dir, 'copied.sqlite')}'`);
  base.close();
  copied = openCounterDatabase(join(folder.dir, 'copied.sqlite'));
  copyDays({ db: copied, firstDay: FIRST, timeZone: TZ, perDay: 1000, baseDays: 1, count: COUNT });
}, 120_000);

afterAll(() => {
  written.close();
  copied.close();
  folder.remove();
});

const ordersIn = (db: Database, day: string) => {
  const { from, to } = dayBounds(day, TZ);
  return (db.prepare('SELECT COUNT(*) AS n FROM orders WHERE created_on >= ? AND created_on < ?').get(from, to) as { n: number }).n;
};

describe('the manager benchmark seed by copied days', () => {
  it('writes every table as the write path does for the same orders, a day of 23 hours spilling into the next', () => {
    expect(sameStores(written, copied)).toEqual([]);
    // 1,000 orders 86.4 s apart from the start of each day: 958 fit in the 23 hours of the 26th.
    expect(['2023-03-25', '2023-03-26', '2023-03-27'].map((d) => ordersIn(copied, d))).toEqual([1000, 958, 542]);
    const orderOf = (key: string) => copied.prepare('SELECT order_id FROM order_search_keys WHERE key = ?').all(key);
    expect(orderOf('pass:3528000000001500')).toEqual([{ order_id: '00000000-0000-4000-8000-000000001500' }]);
    expect(orderOf('no:kben-0002499')).toEqual([{ order_id: '00000000-0000-4000-8000-000000002499' }]);
  });

  it('names each table whose rows differ from the write path', () => {
    copied.exec('UPDATE money_facts SET amount = amount + 1 WHERE payment_id = (SELECT MAX(payment_id) FROM money_facts)');
    copied.exec("DELETE FROM order_search_keys WHERE key = 'pass:3528000000002000'");
    expect(sameStores(written, copied)).toEqual([
      expect.stringMatching(/^money_facts: (\d+) rows written, \1 copied, contents differ$/),
      'order_search_keys: 3750 rows written, 3749 copied',
    ]);
  });
});
