import BetterSqlite3, { type Database } from 'better-sqlite3';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { NewerDatabaseError } from '../errors';
import { MIGRATIONS, type Migration } from './migrations';

/** The database and its -wal and -shm files: readable by their owner only, whatever the umask. */
export const DB_FILE_MODE = 0o600;
export const DATA_DIR_MODE = 0o700;

/** Creates the file 0600 before SQLite opens it: SQLite gives its -wal and -shm files the database file's mode. */
function prepareFile(file: string): void {
  mkdirSync(dirname(file), { recursive: true, mode: DATA_DIR_MODE });
  if (!existsSync(file)) writeFileSync(file, '', { mode: DB_FILE_MODE, flag: 'a' });
  chmodSync(file, DB_FILE_MODE);
}

/** After WAL is on: the companions exist now; set their mode too (an older file's may be wider). */
function restrictCompanions(file: string): void {
  for (const companion of [`${file}-wal`, `${file}-shm`]) if (existsSync(companion)) chmodSync(companion, DB_FILE_MODE);
}

/**
 * Opens (creating when missing) a SQLite database with the settings money data needs: WAL
 * so readers never wait for the writer, synchronous=FULL so a committed sale survives a
 * power cut, foreign keys on; secure_delete so removed personal data is overwritten, not left
 * in free pages. The files are the owner's only (0600). Then brings the schema up to date.
 */
export function openDatabase(file: string, migrations: readonly Migration[] = MIGRATIONS): Database {
  if (file !== ':memory:') prepareFile(file);
  const db = new BetterSqlite3(file);
  try {
    db.pragma('secure_delete = ON');
    db.pragma('journal_mode = WAL');
    if (file !== ':memory:') restrictCompanions(file);
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
