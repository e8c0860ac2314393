import BetterSqlite3, { type Database } from 'better-sqlite3';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { NewerDatabaseError } from '../errors';
import { ORDER_MIGRATIONS, type Migration } from './migrations';

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
 * A track of migrations: the tables of one owner (the order store, the counter), migrated and
 * versioned apart, so each adds its own without numbering against the other.
 */
export interface Track {
  name: string;
  migrations: readonly Migration[];
}

export const ORDER_TRACK: Track = { name: 'orders', migrations: ORDER_MIGRATIONS };

/**
 * The one list every file followed before the tracks were split: the track each of its
 * migrations belongs to, in the order they ran (`user_version` counted them). A file of that
 * layout is carried over by counting, per track, those it had run.
 */
const RELEASED_AS_ONE_LIST = ['orders', 'counter', 'counter', 'orders', 'counter', 'counter'];

/**
 * `user_version` of a file whose tracks' versions are in `schema_tracks`: past the one list's
 * length, so a program from before the split refuses it as newer, and this one refuses
 * anything beyond it.
 */
export const TRACKED_LAYOUT = RELEASED_AS_ONE_LIST.length + 1;

/**
 * Opens (creating when missing) a SQLite database with the settings money data needs: WAL
 * so readers never wait for the writer, synchronous=FULL so a committed sale survives a
 * power cut, foreign keys on; secure_delete so removed personal data is overwritten, not left
 * in free pages. The files are the owner's only (0600). Then brings the tracks' schemas up to date.
 */
export function openDatabase(file: string, tracks: readonly Track[] = [ORDER_TRACK]): Database {
  if (file !== ':memory:') prepareFile(file);
  const db = new BetterSqlite3(file);
  try {
    db.pragma('secure_delete = ON');
    db.pragma('journal_mode = WAL');
    if (file !== ':memory:') restrictCompanions(file);
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db, file, tracks);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

export const trackVersion = (db: Database, name: string) =>
  (db.prepare('SELECT version FROM schema_tracks WHERE track = ?').get(name) as { version: number } | undefined)?.version ?? 0;

/**
 * Runs each track's migrations not yet run, all in one transaction, and records how many
 * have. A file of the one-list layout is first carried over; a file (or a track) newer than
 * this program is refused untouched.
 */
export function migrate(db: Database, file: string, tracks: readonly Track[]): void {
  const layout = db.pragma('user_version', { simple: true }) as number;
  if (layout > TRACKED_LAYOUT) throw new NewerDatabaseError(file, layout, TRACKED_LAYOUT);
  const upToDate = () => tracks.every((t) => trackVersion(db, t.name) === t.migrations.length);
  if (layout === TRACKED_LAYOUT && upToDate()) return;
  db.transaction(() => {
    db.exec('CREATE TABLE IF NOT EXISTS schema_tracks (track TEXT PRIMARY KEY, version INTEGER NOT NULL)');
    if (layout < TRACKED_LAYOUT) {
      const ran = RELEASED_AS_ONE_LIST.slice(0, layout);
      const record = db.prepare('INSERT INTO schema_tracks (track, version) VALUES (?, ?)');
      for (const name of new Set(RELEASED_AS_ONE_LIST)) record.run(name, ran.filter((n) => n === name).length);
    }
    for (const track of tracks) {
      const version = trackVersion(db, track.name);
      if (version > track.migrations.length) throw new NewerDatabaseError(`${file} (${track.name})`, version, track.migrations.length);
      for (let i = version; i < track.migrations.length; i++) track.migrations[i]!(db);
      db.prepare(
        'INSERT INTO schema_tracks (track, version) VALUES (?, ?) ON CONFLICT (track) DO UPDATE SET version = excluded.version',
      ).run(track.name, track.migrations.length);
    }
    db.pragma(`user_version = ${TRACKED_LAYOUT}`);
  }).immediate();
}
