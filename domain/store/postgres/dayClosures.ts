import type pg from 'pg';
import {
  dayClosureByIdQuery,
  dayClosureListQuery,
  dayClosurePage,
  insertDayClosureQuery,
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
  if (rowCount === 1) return { created: true, touchpointId: closure.touchpointId, doc: closure.doc };
  // The insert found the id taken, so its row is committed and this read sees it.
  const byId = bind(dayClosureByIdQuery(closure.closeId));
  const { rows } = await pool.query<{ touchpointId: number; doc: string }>(byId.sql, byId.args);
  return { created: false, ...rows[0]! };
}

export async function listDayClosures(
  pool: pg.Pool,
  touchpointId: number,
  from: string | undefined,
  limit: number,
  after: PageAfter | null,
): Promise<DayClosurePage> {
  const { sql, args } = bind(dayClosureListQuery(touchpointId, from, limit, after));
  return dayClosurePage((await pool.query<DayClosureRow>(sql, args)).rows, limit);
}
