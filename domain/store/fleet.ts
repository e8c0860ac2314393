import type { Query } from './listing';

/**
 * A fleet of counters in SQL both backends run (docs/api.md §11.1, §11.2): enrolment codes
 * (kept as their hash), the devices they enrolled, and each device's last heartbeat.
 */

export interface NewEnrolmentCode {
  codeHash: string;
  touchpointId: number;
  createdOn: string;
  expiresOn: string;
}

/** A claim: spends the code if it is unspent and unexpired at `at`, enrolling `deviceId`. */
export interface Claim {
  codeHash: string;
  deviceId: string;
  at: string;
}

export interface StoredReport {
  deviceId: string;
  reportedOn: string;
  oldestUnsentAgeSeconds: number | null;
  /** The report as JSON text. */
  doc: string;
}

/** What the central keeps of its fleet: the store's part of docs/api.md §11. */
export interface FleetStore {
  addEnrolmentCode(code: NewEnrolmentCode): Promise<void>;
  /** The touchpoint the device is enrolled for, or null when the code is wrong, spent or expired. */
  claim(claim: Claim): Promise<number | null>;
  /** The device's touchpoint while it is enrolled; undefined when unknown or revoked. */
  activeDevice(deviceId: string): Promise<number | undefined>;
  /** Whether an enrolled device was revoked now (false: unknown or already revoked). */
  revoke(deviceId: string, at: string): Promise<boolean>;
  report(report: StoredReport): Promise<void>;
  /** The last reports (JSON text) of the enrolled devices, of one touchpoint or all. */
  reports(touchpointId: number | undefined): Promise<string[]>;
  /** Devices with an unsent sale older than `maxAgeSeconds` in their last report, or silent since `silentSince` with one. */
  staleCount(maxAgeSeconds: number, silentSince: string): Promise<number>;
}

export const insertCodeQuery = (c: NewEnrolmentCode): Query => ({
  sql: 'INSERT INTO enrolment_codes (code_hash, touchpoint_id, created_on, expires_on) VALUES (?, ?, ?, ?)',
  args: [c.codeHash, c.touchpointId, c.createdOn, c.expiresOn],
});

/** Spends a code: at most one claim of a code finds it unclaimed (the row is locked by the first). */
export const spendCodeQuery = (c: Claim): Query => ({
  sql: `UPDATE enrolment_codes SET claimed_on = ?, device_id = ?
        WHERE code_hash = ? AND claimed_on IS NULL AND expires_on > ? RETURNING touchpoint_id AS "touchpointId"`,
  args: [c.at, c.deviceId, c.codeHash, c.at],
});

export const insertDeviceQuery = (deviceId: string, touchpointId: number, at: string): Query => ({
  sql: 'INSERT INTO devices (device_id, touchpoint_id, enrolled_on) VALUES (?, ?, ?)',
  args: [deviceId, touchpointId, at],
});

export const activeDeviceQuery = (deviceId: string): Query => ({
  sql: 'SELECT touchpoint_id AS "touchpointId" FROM devices WHERE device_id = ? AND revoked_on IS NULL',
  args: [deviceId],
});

export const revokeQuery = (deviceId: string, at: string): Query => ({
  sql: 'UPDATE devices SET revoked_on = ? WHERE device_id = ? AND revoked_on IS NULL',
  args: [at, deviceId],
});

export const reportQuery = (r: StoredReport): Query => ({
  sql: `UPDATE devices SET reported_on = ?, oldest_unsent_age_seconds = ?, report = ?
        WHERE device_id = ? AND revoked_on IS NULL`,
  args: [r.reportedOn, r.oldestUnsentAgeSeconds, r.doc, r.deviceId],
});

export function reportsQuery(touchpointId: number | undefined): Query {
  const touchpoint = touchpointId === undefined ? '' : ' AND touchpoint_id = ?';
  return {
    sql: `SELECT report FROM devices WHERE revoked_on IS NULL AND report IS NOT NULL${touchpoint} ORDER BY touchpoint_id, device_id`,
    args: touchpointId === undefined ? [] : [touchpointId],
  };
}

export const staleCountQuery = (maxAgeSeconds: number, silentSince: string): Query => ({
  sql: `SELECT CAST(count(*) AS INTEGER) AS n FROM devices WHERE revoked_on IS NULL AND oldest_unsent_age_seconds IS NOT NULL
        AND (oldest_unsent_age_seconds > ? OR reported_on < ?)`,
  args: [maxAgeSeconds, silentSince],
});
