import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import Database from 'better-sqlite3';
import { done, refused, type Decided } from '../../../shared/outcome';
import { isPostgresUrl } from '../postgres/database';

/**
 * `npm run central -- backup FILE [--db …]` (docs/api.md §11.5, docs/operations.md §7): a
 * consistent copy of a SQLite central while it serves and takes writes, through SQLite's
 * online backup (better-sqlite3's `backup`) on a connection of its own.
 */

export type BackupResult = Decided<{ pages: number }, { reason: string }>;

/** The backup's pages after the first step: all that remain, so the copy is one read snapshot (docs/api.md §11.5). */
const ALL_REMAINING = 0x7fffffff;

export async function backupSqlite(db: string, target: string): Promise<BackupResult> {
  if (isPostgresUrl(db)) {
    return refused({
      reason:
        'This central runs on PostgreSQL: back it up with pg_dump (`pg_dump -Fc DATABASE > central.dump`, restored with pg_restore; docs/operations.md §7).',
    });
  }
  if (!existsSync(db)) return refused({ reason: `There is no central database at ${db}: give the central's --db.` });
  if (existsSync(target)) return refused({ reason: `${target} exists already: give a new file, a backup never overwrites one.` });
  const source = new Database(db, { readonly: true, fileMustExist: true });
  // Written beside the target and renamed when whole: a crash or a failure never leaves a half copy under its name.
  const partial = `${target}.partial`;
  try {
    // Another connection's write between two steps restarts SQLite's backup; taking every
    // remaining page in the second step reads one snapshot, and WAL lets the central write meanwhile.
    const { totalPages } = await source.backup(partial, { progress: () => ALL_REMAINING });
    const copy = new Database(partial, { fileMustExist: true });
    try {
      const check = copy.pragma('quick_check', { simple: true });
      if (check !== 'ok') return refused({ reason: `The copy failed SQLite's check (${String(check)}); nothing was kept.` });
    } finally {
      copy.close();
    }
    await rename(partial, target);
    return done({ pages: totalPages });
  } finally {
    source.close();
    await rm(partial, { force: true });
  }
}
