import type { CounterDb } from '../db/database';

/** What SQLite's `quick_check` found in the counter's database at start (docs/counter.md §18). */
export interface DatabaseCheck {
  ok: boolean;
  /** SQLite's own lines (pages, tables and indexes: never a row's content), at most MAX_LINES. */
  problems: string[];
  checkedAt: string;
}

const MAX_LINES = 20;

/**
 * Runs `PRAGMA quick_check`: the structure of every page, table and index, without the slow
 * cross-check of index contents against their tables that `integrity_check` adds. A damaged
 * file is then said on screen at start, with what to do, instead of every sale that happens to
 * touch the damaged page failing with a generic internal error.
 */
export function checkDatabase(db: CounterDb, at: string): DatabaseCheck {
  try {
    const rows = db.pragma(`quick_check(${MAX_LINES})`) as { quick_check: string }[];
    const problems = rows.map((r) => r.quick_check).filter((line) => line !== 'ok');
    return { ok: problems.length === 0, problems, checkedAt: at };
  } catch (error) {
    // A page too damaged for the check itself to read it.
    return { ok: false, problems: [(error as Error).message], checkedAt: at };
  }
}

/** Whether an error is SQLite saying the file is damaged (a page that does not parse, not a database). */
export function isDamage(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB');
}
