import BetterSqlite3, { type Database } from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { MIGRATIONS, type Migration } from './migrations';

export class NewerDatabaseError extends Error {
  constructor(file: string, found: number, known: number) {
    super(
      `${file} was written by a newer version of this program (schema ${found}; this version knows up to ${known}). ` +
        'Refusing to open it: update the program, or point it at another database file.',
    );
  }
}

/**
 * Opens (creating when missing) a SQLite database with the settings money data needs: WAL
 * so readers never wait for the writer, synchronous=FULL so a committed sale survives a
 * power cut, foreign keys on. Then brings the schema up to date.
 */
export function openDatabase(file: string, migrations: readonly Migration[] = MIGRATIONS): Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new BetterSqlite3(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db, file, migrations);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Runs the migrations not yet run, all in one transaction, and records how many have. */
export function migrate(db: Database, file: string, migrations: readonly Migration[]): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > migrations.length) throw new NewerDatabaseError(file, version, migrations.length);
  if (version === migrations.length) return;
  db.transaction(() => {
    for (let i = version; i < migrations.length; i++) migrations[i]!(db);
    db.pragma(`user_version = ${migrations.length}`);
  }).immediate();
}
