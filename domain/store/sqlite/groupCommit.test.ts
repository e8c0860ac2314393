import BetterSqlite3 from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { groupCommit } from './groupCommit';
import { afterNextTurn, valuesOf } from './testing/turns';

describe('groupCommit', () => {
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  function open() {
    const dir = mkdtempSync(join(tmpdir(), 'group-commit-'));
    dirs.push(dir);
    const file = join(dir, 'db.sqlite');
    const db = new BetterSqlite3(file);
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE)');
    return { db, other: new BetterSqlite3(file, { readonly: true }) };
  }

  it('commits the writes of one turn together: no other connection sees one of them before the commit', async () => {
    const { db, other } = open();
    const write = groupCommit(db);
    const seenByOthers: number[] = [];
    const insert = (name: string) =>
      write(() => {
        // Another connection sees only committed rows: none of this batch yet.
        seenByOthers.push((other.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n);
        return db.prepare('INSERT INTO t (name) VALUES (?)').run(name).lastInsertRowid;
      });
    const ids = valuesOf(await afterNextTurn([insert('a'), insert('b'), insert('c')]));
    expect(ids).toEqual([1, 2, 3]);
    expect(seenByOthers).toEqual([0, 0, 0]);
    expect((other.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n).toBe(3);
  });

  it('answers each caller only once its write is visible to another connection', async () => {
    const { db, other } = open();
    const write = groupCommit(db);
    const count = () => (other.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n;
    // Read in each caller's own continuation, as soon as it is answered.
    const seenWhenAnswered = valuesOf(
      await afterNextTurn(
        ['a', 'b'].map((name) => write(() => db.prepare('INSERT INTO t (name) VALUES (?)').run(name)).then(() => count())),
      ),
    );
    expect(seenWhenAnswered).toEqual([2, 2]);
  });

  it('runs begin once per batch and hands its answer to every write of that batch', async () => {
    const { db } = open();
    let batches = 0;
    const write = groupCommit(db, () => ++batches);
    const first = valuesOf(await afterNextTurn([write((batch) => batch), write((batch) => batch), write((batch) => batch)]));
    // A later turn is a batch of its own.
    const second = valuesOf(await afterNextTurn([write((batch) => batch), write((batch) => batch)]));
    expect({ first, second, batches }).toEqual({ first: [1, 1, 1], second: [2, 2], batches: 2 });
  });

  it('undoes a failing write alone: the others of its batch commit', async () => {
    const { db, other } = open();
    const write = groupCommit(db);
    const insert = (name: string) => write(() => db.prepare('INSERT INTO t (name) VALUES (?)').run(name).changes);
    const results = await afterNextTurn([insert('a'), insert('a'), insert('b')]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ code: 'SQLITE_CONSTRAINT_UNIQUE' });
    expect(other.prepare('SELECT name FROM t ORDER BY id').all()).toEqual([{ name: 'a' }, { name: 'b' }]);
  });

  it('rolls back a failing write completely, not only its last statement', async () => {
    const { db, other } = open();
    const write = groupCommit(db);
    const failing = write(() => {
      db.prepare('INSERT INTO t (name) VALUES (?)').run('half');
      throw new Error('second step failed');
    });
    const fine = write(() => db.prepare('INSERT INTO t (name) VALUES (?)').run('whole').changes);
    expect(valuesOf(await afterNextTurn([failing, fine]))).toEqual([new Error('second step failed'), 1]);
    expect(other.prepare('SELECT name FROM t').all()).toEqual([{ name: 'whole' }]);
  });

  it('answers no write of a batch whose commit fails: each caller gets the error, nothing is written', async () => {
    const { db, other } = open();
    // A deferred foreign key is checked at COMMIT only: every write of the batch succeeds in
    // its savepoint, and the commit itself fails, as a full disk would make it.
    db.pragma('foreign_keys = ON');
    db.exec('CREATE TABLE child (parent TEXT REFERENCES t (name) DEFERRABLE INITIALLY DEFERRED)');
    const write = groupCommit(db);
    const results = await afterNextTurn([
      write(() => db.prepare('INSERT INTO t (name) VALUES (?)').run('a').changes),
      write(() => db.prepare('INSERT INTO child (parent) VALUES (?)').run('nobody').changes),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toMatchObject({ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' });
    expect(other.prepare('SELECT COUNT(*) AS n FROM t').get()).toEqual({ n: 0 });
  });
});
