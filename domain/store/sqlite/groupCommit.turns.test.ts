import BetterSqlite3 from 'better-sqlite3';
import { expect, it } from 'vitest';
import { groupCommit } from './groupCommit';
import { afterNextTurn } from './testing/turns';

// Small on purpose: mutation runs take test files smallest first (scripts/testing/smallFilesFirst.ts),
// so a group commit that never answers fails here at once, before the store suites wait on it.
it('answers every write of a turn by the next turn, a failed one with its error, and so the next batch', async () => {
  const db = new BetterSqlite3(':memory:');
  db.exec('CREATE TABLE t (name TEXT NOT NULL UNIQUE)');
  const write = groupCommit(db);
  const insert = (name: string) => write(() => db.prepare('INSERT INTO t (name) VALUES (?)').run(name).changes);
  const first = await afterNextTurn([insert('a'), insert('a'), insert('b')]);
  const second = await afterNextTurn([insert('c')]);
  expect([...first, ...second].map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
  db.close();
});
