import type { Database } from 'better-sqlite3';
import { stmt } from '../../../domain/store/sqlite/statements';

/** Key/value settings of the counter; values are JSON. */

export function readSetting<T>(db: Database, key: string): T | undefined {
  const row = stmt(db, 'SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined;
  return row ? (JSON.parse(row.value) as T) : undefined;
}

export function writeSetting(db: Database, key: string, value: unknown): void {
  stmt(db, 'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(
    key,
    JSON.stringify(value),
  );
}

export function deleteSetting(db: Database, key: string): void {
  stmt(db, 'DELETE FROM settings WHERE key = ?').run(key);
}
