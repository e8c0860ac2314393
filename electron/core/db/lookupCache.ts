import type { Database } from 'better-sqlite3';
import { stmt } from '../../../domain/store/sqlite/statements';
import type { MandateRecord, TransitTokenRecord } from '../../../shared/schemas/reference';

/** Token and mandate records last seen from the central's lookup interface, for offline use. */

export interface Cached<T> {
  record: T;
  fetchedAt: string;
}

export function cacheTokens(db: Database, records: TransitTokenRecord[], at: string): void {
  const put = stmt(
    db,
    `INSERT INTO lookup_cache (kind, id, doc, fetched_at) VALUES ('token', ?, ?, ?)
     ON CONFLICT (kind, id) DO UPDATE SET doc = excluded.doc, fetched_at = excluded.fetched_at`,
  );
  db.transaction(() => records.forEach((r) => put.run(r.transitTokenId, JSON.stringify(r), at)))();
}

export function cacheMandates(db: Database, records: MandateRecord[], at: string): void {
  const put = stmt(
    db,
    `INSERT INTO lookup_cache (kind, id, doc, fetched_at) VALUES ('mandate', ?, ?, ?)
     ON CONFLICT (kind, id) DO UPDATE SET doc = excluded.doc, fetched_at = excluded.fetched_at`,
  );
  db.transaction(() => records.forEach((r) => put.run(r.directDebitMandateId, JSON.stringify(r), at)))();
}

function cached<T>(db: Database, kind: 'token' | 'mandate'): Cached<T>[] {
  return (stmt(db, 'SELECT doc, fetched_at FROM lookup_cache WHERE kind = ?').all(kind) as { doc: string; fetched_at: string }[]).map(
    (row) => ({ record: JSON.parse(row.doc) as T, fetchedAt: row.fetched_at }),
  );
}

export const cachedTokens = (db: Database) => cached<TransitTokenRecord>(db, 'token');
export const cachedMandates = (db: Database) => cached<MandateRecord>(db, 'mandate');

/** Drops the records fetched before `before` (the retention job, docs/counter.md §11); returns how many. */
export function dropCachedBefore(db: Database, before: string): number {
  return stmt(db, 'DELETE FROM lookup_cache WHERE fetched_at < ?').run(before).changes;
}
