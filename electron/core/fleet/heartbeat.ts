import type { DeviceStates } from '../../../shared/devices';
import { counterReport, deviceCredentials, type DeviceCredentials, type HeartbeatInput } from '../../../shared/schemas/fleet';
import type { CentralClient } from '../central';
import type { CounterDb } from '../db/database';
import { oldestPendingAt, pendingCount } from '../db/outbox';
import type { Enrolment } from './enrolment';

export interface HeartbeatDeps {
  db: CounterDb;
  client: CentralClient;
  enrolment: Enrolment;
  appVersion: string;
  now: () => Date;
  clockOffsetMs: () => number | null;
  lastSyncAt: () => string | null;
  deviceStates: () => DeviceStates;
  /** A renewed token: sealed and written down by the caller. */
  renewed: (credentials: DeviceCredentials) => void;
}

/** What the heartbeat reports (docs/api.md §11.2): no order, no person, no token. */
export function heartbeatBody(deps: Omit<HeartbeatDeps, 'client' | 'enrolment' | 'renewed'>): HeartbeatInput {
  const oldest = oldestPendingAt(deps.db);
  const states = deps.deviceStates();
  const offset = deps.clockOffsetMs();
  return {
    appVersion: deps.appVersion,
    outboxDepth: pendingCount(deps.db),
    oldestUnsentAgeSeconds: oldest === null ? null : Math.max(0, Math.floor((deps.now().getTime() - Date.parse(oldest)) / 1000)),
    // Not measured yet (never, with measureClock off): unknown, not "agreeing" (docs/api.md §11.2).
    clockOffsetMs: offset === null ? null : Math.round(offset),
    lastSyncAt: deps.lastSyncAt(),
    terminal: states.terminal,
    printer: states.printer,
  };
}

/**
 * At the start of a sync round, before its pushes (docs/api.md §11.2): an enrolled counter
 * renews its token when it is due, then reports. A counter not enrolled with this central (a
 * token from the settings, the demo) reports nothing. Its failures are the round's business:
 * a revocation is heard by the client, a lost answer is sent again next round.
 */
export async function beat(deps: HeartbeatDeps): Promise<void> {
  const { client, enrolment } = deps;
  const enrolled = enrolment.at(client.baseUrl);
  if (!enrolled || enrolled.revoked) return;
  const base = `${client.orderBase}/counters/${encodeURIComponent(enrolled.deviceId)}`;
  if (enrolment.renewDue()) {
    const renewed = await client.request('POST', `${base}/token`, deviceCredentials);
    if (renewed.kind === 'ok') deps.renewed(renewed.value);
  }
  await client.request('PUT', base, counterReport, heartbeatBody(deps));
}
