import type pg from 'pg';
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
import { bind } from './orders';

/** The central's day closes on PostgreSQL (SQL in ../dayClosures.ts). */

export async function putDayClosure(pool: pg.Pool, closure: StoredDayClosure): Promise<PutDayClosure> {
  const insert = bind(insertDayClosureQuery(closure));
  const { rowCount } = await pool.query(insert.sql, insert.args);
  if (rowCount === 1) return { created: true };
  // The insert found the id or the day taken, so that row is committed and this read sees it.
  const kept = bind(keptDayClosureQuery(closure));
  const { rows } = await pool.query<KeptDayClosure>(kept.sql, kept.args);
  return { created: false, kept: rows[0]! };
}

export async function listDayClosures(
  pool: pg.Pool,
  touchpointId: number | null,
  from: string | undefined,
  limit: number,
  after: PageAfter | null,
): Promise<DayClosurePage> {
  const { sql, args } = bind(dayClosureListQuery(touchpointId, from, limit, after));
  return dayClosurePage((await pool.query<DayClosureRow>(sql, args)).rows, limit);
}
