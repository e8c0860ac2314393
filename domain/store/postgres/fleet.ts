import type pg from 'pg';
import {
  activeDeviceQuery,
  insertCodeQuery,
  reportQuery,
  reportsQuery,
  revokeQuery,
  spendCodeQuery,
  staleCountQuery,
  type FleetStore,
} from '../fleet';
import type { Query } from '../listing';
import { bind } from './orders';

/** A fleet of counters on PostgreSQL (SQL in ../fleet.ts). */
export function postgresFleet(pool: pg.Pool): FleetStore {
  const query = <T extends pg.QueryResultRow>(q: Query) => {
    const { sql, args } = bind(q);
    return pool.query<T>(sql, args);
  };
  return {
    addEnrolmentCode: async (code) => void (await query(insertCodeQuery(code))),
    async claim(c) {
      // One statement spends the code and enrols the device: a concurrent claim of the same
      // code waits for this one's row lock, then finds the code claimed (READ COMMITTED).
      const spend = bind(spendCodeQuery(c));
      const n = spend.args.length;
      const { rows } = await pool.query<{ touchpointId: number }>(
        `WITH spent AS (${spend.sql})
         INSERT INTO devices (device_id, touchpoint_id, enrolled_on) SELECT $${n + 1}, "touchpointId", $${n + 2} FROM spent
         RETURNING touchpoint_id AS "touchpointId"`,
        [...spend.args, c.deviceId, c.at],
      );
      return rows[0]?.touchpointId ?? null;
    },
    activeDevice: async (deviceId) => (await query<{ touchpointId: number }>(activeDeviceQuery(deviceId))).rows[0]?.touchpointId,
    revoke: async (deviceId, at) => (await query(revokeQuery(deviceId, at))).rowCount === 1,
    report: async (report) => void (await query(reportQuery(report))),
    reports: async (touchpointId) => (await query<{ report: string }>(reportsQuery(touchpointId))).rows.map((row) => row.report),
    staleCount: async (maxAge, silentSince) => (await query<{ n: number }>(staleCountQuery(maxAge, silentSince))).rows[0]!.n,
  };
}
