import type { Database } from 'better-sqlite3';

/** What a database holds, for the migrations' tests: its tables by name, and each track's version. */
export const tables = (db: Database) =>
  (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((r) => r.name);
export const trackVersions = (db: Database) => db.prepare('SELECT track, version FROM schema_tracks ORDER BY track').all();
