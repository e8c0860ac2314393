import { createHash, randomInt, randomUUID } from 'node:crypto';
import type { FleetStore } from '../domain/store/fleet';
import {
  ENROLMENT_ALPHABET,
  ENROLMENT_CODE_LENGTH,
  normaliseEnrolmentCode,
  type CounterReport,
  type DeviceCredentials,
  type Enrolment,
  type HeartbeatInput,
} from '../shared/schemas/fleet';
import { ClaimLimiter } from './claimLimiter';
import { done, refused, type Decided } from '../shared/outcome';

/** How long a code may wait for its claim (docs/api.md §11.1). */
export const CODE_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** A heartbeat's unsent sale this old, or a device with one silent this long, makes it stale (docs/api.md §11.3). */
export const STALE_AFTER_SECONDS = 15 * 60;
/**
 * How long an enrolled device's "active" answer is remembered before its next request asks the
 * database again (docs/api.md §11.1): a revocation in this process takes effect at once, one made
 * by another process of the same database within this time.
 */
export const ACTIVE_REMEMBERED_MS = 1000;
/** Devices remembered at most; then the memory starts again (tokens of unknown devices never enter it). */
const MAX_REMEMBERED_DEVICES = 10_000;

export const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** A fresh code: each letter drawn uniformly from the alphabet by the system's random source. */
export function newEnrolmentCode(): string {
  return Array.from({ length: ENROLMENT_CODE_LENGTH }, () => ENROLMENT_ALPHABET[randomInt(ENROLMENT_ALPHABET.length)]).join('');
}

/** Makes and keeps a one-time code for a touchpoint (the route's and the command line's). */
export async function makeEnrolmentCode(
  store: FleetStore,
  touchpointId: number,
  now: Date,
  newCode: () => string = newEnrolmentCode,
): Promise<Enrolment> {
  const code = newCode();
  const expiresAt = new Date(now.getTime() + CODE_LIFETIME_MS).toISOString();
  await store.addEnrolmentCode({ codeHash: hashCode(code), touchpointId, createdOn: now.toISOString(), expiresOn: expiresAt });
  return { code, touchpointId, expiresAt };
}

/** The device's credentials, or refused: a wrong code (`retryAfterSeconds` null) or an address that must wait. */
export type ClaimOutcome = Decided<DeviceCredentials, { retryAfterSeconds: number | null }>;

export interface FleetOptions {
  store: FleetStore;
  clock: () => Date;
  /** Signs a device's bearer token (`sub` its id, its touchpoint): fleetAuth.ts. */
  signDeviceToken: (deviceId: string, touchpointId: number) => Promise<string>;
  newId?: () => string;
  newCode?: () => string;
  limiter?: ClaimLimiter;
}

/**
 * The central's fleet of counters (docs/api.md §11.1, §11.2): one-time codes, their claims
 * (limited per address), device tokens, revocation and heartbeats, kept by the order store on
 * either backend.
 */
export class Fleet {
  private readonly limiter: ClaimLimiter;
  /** Enrolled devices found active, by id, with when (clock ms): checked on every request with a device token. */
  private readonly active = new Map<string, number>();

  constructor(private readonly options: FleetOptions) {
    this.limiter = options.limiter ?? new ClaimLimiter();
  }

  enrol(touchpointId: number): Promise<Enrolment> {
    return makeEnrolmentCode(this.options.store, touchpointId, this.options.clock(), this.options.newCode);
  }

  /** Claims a code for a new device, unless `address` has failed too often of late. */
  async claim(typed: string, address: string): Promise<ClaimOutcome> {
    const now = this.options.clock();
    const wait = this.limiter.wait(address, now.getTime());
    if (wait > 0) return refused({ retryAfterSeconds: Math.ceil(wait / 1000) });
    const deviceId = (this.options.newId ?? randomUUID)();
    const touchpointId = await this.options.store.claim({
      codeHash: hashCode(normaliseEnrolmentCode(typed)),
      deviceId,
      at: now.toISOString(),
    });
    if (touchpointId === null) {
      this.limiter.fail(address, now.getTime());
      return refused({ retryAfterSeconds: null });
    }
    return done(await this.credentials(deviceId, touchpointId));
  }

  /** A new token for an enrolled device, before its own expires; undefined when revoked. */
  async renew(deviceId: string): Promise<DeviceCredentials | undefined> {
    const touchpointId = await this.options.store.activeDevice(deviceId);
    return touchpointId === undefined ? undefined : this.credentials(deviceId, touchpointId);
  }

  isActive = async (deviceId: string) => {
    const now = this.options.clock().getTime();
    const seen = this.active.get(deviceId);
    if (seen !== undefined && now - seen < ACTIVE_REMEMBERED_MS && now >= seen) return true;
    const active = (await this.options.store.activeDevice(deviceId)) !== undefined;
    if (!active) this.active.delete(deviceId);
    else {
      if (this.active.size >= MAX_REMEMBERED_DEVICES) this.active.clear();
      this.active.set(deviceId, now);
    }
    return active;
  };

  revoke = (deviceId: string) => {
    this.active.delete(deviceId);
    return this.options.store.revoke(deviceId, this.options.clock().toISOString());
  };

  async report(deviceId: string, touchpointId: number, heartbeat: HeartbeatInput): Promise<CounterReport> {
    const report: CounterReport = { ...heartbeat, deviceId, touchpointId, reportedAt: this.options.clock().toISOString() };
    await this.options.store.report({
      deviceId,
      reportedOn: report.reportedAt,
      oldestUnsentAgeSeconds: heartbeat.oldestUnsentAgeSeconds,
      doc: JSON.stringify(report),
    });
    return report;
  }

  async reports(touchpointId: number | undefined): Promise<CounterReport[]> {
    return (await this.options.store.reports(touchpointId)).map((doc) => JSON.parse(doc) as CounterReport);
  }

  /** The central_counters_stale gauge (docs/api.md §11.3). */
  staleCount(): Promise<number> {
    const silentSince = new Date(this.options.clock().getTime() - STALE_AFTER_SECONDS * 1000).toISOString();
    return this.options.store.staleCount(STALE_AFTER_SECONDS, silentSince);
  }

  private async credentials(deviceId: string, touchpointId: number): Promise<DeviceCredentials> {
    return { deviceId, token: await this.options.signDeviceToken(deviceId, touchpointId), touchpointId };
  }
}
