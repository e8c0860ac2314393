import type { Database } from 'better-sqlite3';
import {
  activeDeviceQuery,
  insertCodeQuery,
  insertDeviceQuery,
  reportQuery,
  reportsQuery,
  revokeQuery,
  spendCodeQuery,
  staleCountQuery,
  type FleetStore,
} from '../fleet';
import type { Query } from '../listing';
import { stmt } from './statements';

/** A fleet of counters on SQLite (SQL in ../fleet.ts). */
export function sqliteFleet(db: Database): FleetStore {
  const run = ({ sql, args }: Query) => stmt(db, sql).run(...args);
  const get = <T>({ sql, args }: Query) => stmt(db, sql).get(...args) as T | undefined;
  // The code is spent and its device enrolled in one transaction: both or neither.
  const claim = db.transaction((c: Parameters<FleetStore['claim']>[0]) => {
    const spent = get<{ touchpointId: number }>(spendCodeQuery(c));
    if (!spent) return null;
    run(insertDeviceQuery(c.deviceId, spent.touchpointId, c.at));
    return spent.touchpointId;
  });
  return {
    addEnrolmentCode: async (code) => void run(insertCodeQuery(code)),
    claim: async (c) => claim.immediate(c),
    activeDevice: async (deviceId) => get<{ touchpointId: number }>(activeDeviceQuery(deviceId))?.touchpointId,
    revoke: async (deviceId, at) => run(revokeQuery(deviceId, at)).changes === 1,
    report: async (report) => void run(reportQuery(report)),
    async reports(touchpointId) {
      const { sql, args } = reportsQuery(touchpointId);
      return (stmt(db, sql).all(...args) as { report: string }[]).map((row) => row.report);
    },
    staleCount: async (maxAge, silentSince) => get<{ n: number }>(staleCountQuery(maxAge, silentSince))!.n,
  };
}
