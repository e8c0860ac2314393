import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSync, readSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { FleetStatus, IpcResult } from '../../../shared/ipc';
import { tempDir } from '../../../server/testing/fixtures';
import { clerk, openCounter, value, type TestCounter } from '../testing/counter';
import { testClock } from '../testing/clock';

/** The database check at start (docs/counter.md §18): SQLite's quick_check, and a damaged file said as such. */

const opened: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of opened.splice(0).reverse()) await close();
});

async function counterIn(dir: string): Promise<TestCounter> {
  const counter = await openCounter({ dataDir: dir, database: join(dir, 'counter.sqlite'), clock: testClock('2026-03-02T10:00:00.000Z') });
  opened.push(() => counter.close());
  return counter;
}

const fleetStatus = async (counter: TestCounter) => value((await counter.dispatch('fleet.status', {})) as IpcResult<FleetStatus>);

/** Overwrites the root page of `index` with bytes no b-tree page holds, as a failing disk leaves it. */
function damageIndex(file: string, index: string): void {
  const db = new Database(file);
  const { rootpage } = db.prepare('SELECT rootpage FROM sqlite_master WHERE type = ? AND name = ?').get('index', index) as {
    rootpage: number;
  };
  const pageSize = db.pragma('page_size', { simple: true }) as number;
  db.close();
  const fd = openSync(file, 'r+');
  try {
    const page = Buffer.alloc(pageSize);
    readSync(fd, page, 0, pageSize, (rootpage - 1) * pageSize);
    page.fill(0xa5, 0, pageSize);
    writeSync(fd, page, 0, pageSize, (rootpage - 1) * pageSize);
  } finally {
    closeSync(fd);
  }
}

describe('the database check at start', () => {
  it('finds a sound database sound', async () => {
    const folder = tempDir('counter-dbcheck-');
    opened.push(() => folder.remove());
    const counter = await counterIn(folder.dir);
    expect((await fleetStatus(counter)).database).toEqual({ ok: true, problems: 0, checkedAt: '2026-03-02T10:00:00.000Z' });
  });

  it('says a damaged index page at start, and a sale that meets it is refused as damage, not as an internal error', async () => {
    const folder = tempDir('counter-dbcheck-');
    opened.push(() => folder.remove());
    const file = join(folder.dir, 'counter.sqlite');
    const before = await counterIn(folder.dir);
    await clerk(before).login();
    for (let i = 0; i < 5; i++) await clerk(before).create([{ productId: 600, quantity: 1 }]);
    await before.close();
    damageIndex(file, 'outbox_by_order');

    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const counter = await counterIn(folder.dir);
    const status = await fleetStatus(counter);
    expect(status.database.ok).toBe(false);
    expect(status.database.problems).toBeGreaterThan(0);
    expect(error.mock.calls[0]?.[0]).toMatch(/^counter: the database is damaged: /);

    await clerk(counter).login();
    const sale = await counter.dispatch('orders.create', { languageId: 1, orderLines: [{ productId: 600, quantity: 1 }] });
    expect(sale).toMatchObject({ ok: false, error: { kind: 'internal', code: 'database.damaged' } });
  });
});
