import type { Database } from 'better-sqlite3';
import { stmt } from './statements';

/** The one row of reference data: the central's fixtures, or a counter's cached copy. */
export interface ReferenceRow {
  doc: string;
  source: string;
  loadedOn: string;
}

export function readReference(db: Database): ReferenceRow | undefined {
  return stmt(db, 'SELECT doc, source, loaded_on AS loadedOn FROM reference_data WHERE id = 1').get() as ReferenceRow | undefined;
}

/** Replaces the reference data: a reload never merges with what was there. */
export function writeReference(db: Database, reference: unknown, source: string, at: string): void {
  stmt(
    db,
    `INSERT INTO reference_data (id, doc, source, loaded_on) VALUES (1, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET doc = excluded.doc, source = excluded.source, loaded_on = excluded.loaded_on`,
  ).run(JSON.stringify(reference), source, at);
}
