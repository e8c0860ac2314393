import BetterSqlite3 from 'better-sqlite3';
import type { Database } from 'better-sqlite3';
import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DATA_DIR_MODE, openDatabase, ORDER_TRACK, type Track } from '../../../domain/store/sqlite/database';
import { COUNTER_MIGRATIONS } from './migrations';
import { keepPendingCount } from './pendingCount';

export const COUNTER_TRACK: Track = { name: 'counter', migrations: COUNTER_MIGRATIONS };

/** The counter's local database: the order store's tables and the counter's own, each track migrated. */
export function openCounterDatabase(file: string): Database {
  const db = openDatabase(file, [ORDER_TRACK, COUNTER_TRACK]);
  keepPendingCount(db);
  return db;
}

/** The counter's local database, as the rest of the counter names it (only db/ knows the driver). */
export type CounterDb = Database;

/**
 * A second, read-only connection to the counter's database file, for a worker thread that
 * reads while the main connection writes (WAL: each sees the other's commits, never blocks it).
 */
export function openCounterReader(file: string): Database {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  db.pragma('query_only = ON');
  return db;
}

/**
 * The app's data folder and the counter's database in it (or `file`; ':memory:' for tests). The
 * folder holds photos, birthdates and cached mandates: its owner's only, whatever the umask.
 */
export function openDataFolder(dataDir: string, file?: string): { db: Database; file: string } {
  mkdirSync(dataDir, { recursive: true, mode: DATA_DIR_MODE });
  chmodSync(dataDir, DATA_DIR_MODE);
  const dbFile = file ?? join(dataDir, 'counter.sqlite');
  return { db: openCounterDatabase(dbFile), file: dbFile };
}
