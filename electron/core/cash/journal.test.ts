import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../../server/testing/fixtures';
import { openCounterDatabase, type CounterDb } from '../db/database';
import { spawnTsx } from '../testing/processes';
import { appendJournal, canonical, GENESIS, headHash, verifyJournal } from './journal';

/** docs/api.md §10.3: the hash chain, and the first row that does not match named. */

let folder: ReturnType<typeof tempDir> | null = null;
afterEach(() => {
  folder?.remove();
  folder = null;
});

function threeRows(db: CounterDb) {
  appendJournal(db, { at: '2026-11-27T08:00:00.000Z', kind: 'dayOpened', subject: '2026-11-27', state: 'open', content: { float: 5000 } });
  appendJournal(db, {
    at: '2026-11-27T09:00:00.000Z',
    kind: 'payment',
    subject: 'p-1',
    state: 'SETTLED',
    content: { amount: 463, rounding: 2 },
  });
  appendJournal(db, {
    at: '2026-11-27T10:00:00.000Z',
    kind: 'paidOut',
    subject: 'm-1',
    content: { amount: 1000, reason: 'window cleaner' },
  });
}

describe('the money journal', () => {
  it('chains each row to the one before, from the genesis hash', () => {
    const db = openCounterDatabase(':memory:');
    expect(headHash(db)).toBe(GENESIS);
    expect(verifyJournal(db)).toEqual({ ok: true, rows: 0, head: GENESIS });
    threeRows(db);
    const rows = db.prepare('SELECT seq, prev_hash AS prev, hash FROM money_journal ORDER BY seq').all() as {
      seq: number;
      prev: string;
      hash: string;
    }[];
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3]);
    expect(rows[0]!.prev).toBe(GENESIS);
    expect(rows[1]!.prev).toBe(rows[0]!.hash);
    expect(rows[2]!.prev).toBe(rows[1]!.hash);
    expect(verifyJournal(db)).toEqual({ ok: true, rows: 3, head: rows[2]!.hash });
  });

  it('is canonical: the same content in another key order is the same text', () => {
    expect(canonical({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: null } })).toBe('{"a":{"c":null,"d":[1,{"y":2,"z":1}]},"b":1}');
  });

  it('names a row whose content was changed, one whose link was rewritten, and a row taken out', () => {
    const changed = openCounterDatabase(':memory:');
    threeRows(changed);
    changed.prepare(`UPDATE money_journal SET content = '{"amount":465,"rounding":0}' WHERE seq = 2`).run();
    expect(verifyJournal(changed)).toEqual({ ok: false, rows: 2, seq: 2, reason: 'hash' });

    const relinked = openCounterDatabase(':memory:');
    threeRows(relinked);
    relinked.prepare(`UPDATE money_journal SET prev_hash = ? WHERE seq = 3`).run(GENESIS);
    expect(verifyJournal(relinked)).toMatchObject({ ok: false, seq: 3, reason: 'chain' });

    const cut = openCounterDatabase(':memory:');
    threeRows(cut);
    cut.prepare('DELETE FROM money_journal WHERE seq = 2').run();
    expect(verifyJournal(cut)).toMatchObject({ ok: false, seq: 3, reason: 'gap' });
  });

  it('names a row changed in any column that verify or replay reads: at, kind, subject, state, content', () => {
    const changes: [string, string][] = [
      ['at', '2026-11-27T09:30:00.000Z'],
      ['kind', 'refund'],
      ['subject', 'p-2'],
      ['state', 'FAILED'],
      ['content', '{"amount":463,"rounding":3}'],
    ];
    for (const [column, value] of changes) {
      const db = openCounterDatabase(':memory:');
      threeRows(db);
      db.prepare(`UPDATE money_journal SET ${column} = ? WHERE seq = 2`).run(value);
      expect(verifyJournal(db), column).toEqual({ ok: false, rows: 2, seq: 2, reason: 'hash' });
    }
  });

  it('`npm run journal -- verify --data-dir D` says the chain holds, then names the row a tamperer changed', async () => {
    folder = tempDir('counter-journal-');
    const db = openCounterDatabase(join(folder.dir, 'counter.sqlite'));
    threeRows(db);
    const run = async () => {
      const cli = spawnTsx('electron/core/cash/cli.ts', ['verify', '--data-dir', folder!.dir]);
      const end = await cli.closed;
      return { code: end.code, err: cli.stderr() };
    };
    const good = await run();
    expect(good.code).toBe(0);
    // A settled payment's recorded status turned to FAILED: only the `state` column changes.
    db.prepare(`UPDATE money_journal SET state = 'FAILED' WHERE seq = 2`).run();
    db.close();
    const bad = await run();
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('row 2 does not match: its content does not match its hash');
  }, 30_000);
});
