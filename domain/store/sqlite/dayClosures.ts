import type { Database } from 'better-sqlite3';
import {
  dayClosureListQuery,
  dayClosurePage,
  insertDayClosureQuery,
  keptDayClosureQuery,
  type KeptDayClosure,
  type DayClosurePage,
  type DayClosureRow,
  type PutDayClosure,
  type StoredDayClosure,
} from '../dayClosures';
import type { PageAfter } from '../types';
import { stmt } from './statements';

/** The central's day closes on SQLite (SQL in ../dayClosures.ts). */

export function putDayClosure(db: Database, closure: StoredDayClosure): PutDayClosure {
  const insert = insertDayClosureQuery(closure);
  const { changes } = stmt(db, insert.sql).run(...insert.args);
  if (changes === 1) return { created: true };
  const kept = keptDayClosureQuery(closure);
  return { created: false, kept: stmt(db, kept.sql).get(...kept.args) as KeptDayClosure };
}

export function listDayClosures(
  db: Database,
  touchpointId: number | null,
  from: string | undefined,
  limit: number,
  after: PageAfter | null,
): DayClosurePage {
  const { sql, args } = dayClosureListQuery(touchpointId, from, limit, after);
  return dayClosurePage(stmt(db, sql).all(...args) as DayClosureRow[], limit);
}
