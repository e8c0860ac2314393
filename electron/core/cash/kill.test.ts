import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../server/testing/fixtures';
import { spawnTsx, type Spawned } from '../testing/processes';
import { randomInt, seededRandom } from '../testing/random';
import { verifyJournal } from './journal';

/**
 * SIGKILL during refunds, cash movements and day closes (testing/cashChild.ts), again and again
 * on one file: afterwards each act is absent or present together with its audit row and its
 * journal row (docs/api.md §10.3), and the journal verifies.
 */

const KILLS = 6;
let folder: ReturnType<typeof tempDir>;
const children: Spawned[] = [];
afterEach(async () => {
  await Promise.all(children.splice(0).map((c) => c.kill('SIGKILL')));
  folder.remove();
});

const count = (db: Database.Database, sql: string) => (db.prepare(sql).get() as { n: number }).n;

function check(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    const refunds = count(db, `SELECT COUNT(*) AS n FROM money_facts WHERE is_refund = 1`);
    expect(count(db, `SELECT COUNT(*) AS n FROM audit_log WHERE action = 'payments.refund' AND outcome = 'done'`)).toBe(refunds);
    expect(count(db, `SELECT COUNT(DISTINCT subject) AS n FROM money_journal WHERE kind = 'refund'`)).toBe(refunds);
    const moves = count(db, 'SELECT COUNT(*) AS n FROM cash_movements');
    expect(count(db, `SELECT COUNT(*) AS n FROM audit_log WHERE action = 'cash.move' AND outcome = 'done'`)).toBe(moves);
    expect(count(db, `SELECT COUNT(*) AS n FROM money_journal WHERE kind IN ('paidIn', 'paidOut', 'drop', 'noSale')`)).toBe(moves);
    const closes = count(db, 'SELECT COUNT(*) AS n FROM drawer_days WHERE closed_at IS NOT NULL');
    expect(count(db, `SELECT COUNT(*) AS n FROM audit_log WHERE action = 'day.close' AND outcome = 'done'`)).toBe(closes);
    expect(count(db, `SELECT COUNT(*) AS n FROM money_journal WHERE kind = 'dayClosed'`)).toBe(closes);
    expect(count(db, 'SELECT COUNT(*) AS n FROM day_close_outbox')).toBe(closes);
    expect(verifyJournal(db as never)).toMatchObject({ ok: true });
    return { refunds, moves, closes };
  } finally {
    db.close();
  }
}

describe('killed during money acts', () => {
  it('leaves each refund, cash movement and day close absent or whole with its audit and journal rows', async () => {
    folder = tempDir('counter-cash-kill-');
    const file = join(folder.dir, 'counter.sqlite');
    const random = seededRandom(2611);
    let last = { refunds: 0, moves: 0, closes: 0 };
    for (let kill = 1; kill <= KILLS; kill++) {
      const child = spawnTsx('electron/core/testing/cashChild.ts', ['--db', file, '--seed', String(kill)]);
      children.push(child);
      await child.out.waitFor((l) => l === 'ready', 60_000, "the child's 'ready'");
      // Killed while the n-th act is on its way: its commit may or may not have happened.
      const acts = randomInt(random, 1, 12);
      let seen = 0;
      await child.out.waitFor((l) => l.startsWith('begin') && ++seen >= acts, 60_000, `act ${acts}`);
      const end = await child.kill('SIGKILL');
      expect(end.signal, child.stderr()).toBe('SIGKILL');
      children.splice(children.indexOf(child), 1);
      const now = check(file);
      expect(now.refunds + now.moves + now.closes).toBeGreaterThanOrEqual(last.refunds + last.moves + last.closes);
      last = now;
    }
    expect(last.refunds).toBeGreaterThan(0);
  }, 300_000);
});
