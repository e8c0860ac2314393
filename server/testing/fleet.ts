import { expect } from 'vitest';
import { deviceCredentials, enrolment, type DeviceCredentials, type Enrolment, type HeartbeatInput } from '../../shared/schemas/fleet';
import { signOperatorToken } from '../fleetAuth';
import { API, CHANNEL_SECRET, type Harness } from './harness';

/** Enrolling counters and their heartbeats, for the tests of docs/api.md §11. */

export const operatorToken = () => signOperatorToken(CHANNEL_SECRET);

export async function makeCode(h: Harness, touchpointId = h.roles.touchpoint.salesTouchpointId): Promise<Enrolment> {
  const res = await h.call('POST', `${API}/enrolments`, { auth: await operatorToken(), body: { touchpointId } });
  expect(res.status, res.text).toBe(201);
  return enrolment.parse(res.body);
}

export const claim = (h: Harness, code: string, remoteAddress?: string) =>
  h.call('POST', `${API}/enrolments/${encodeURIComponent(code)}/claim`, { auth: null, ...(remoteAddress ? { remoteAddress } : {}) });

/** A device enrolled for the touchpoint (default the scenario's). */
export async function enrolDevice(h: Harness, touchpointId?: number): Promise<DeviceCredentials> {
  const res = await claim(h, (await makeCode(h, touchpointId)).code);
  expect(res.status, res.text).toBe(200);
  return deviceCredentials.parse(res.body);
}

export const heartbeat = (extra: Partial<HeartbeatInput> = {}): HeartbeatInput => ({
  appVersion: '1.4.2',
  outboxDepth: 0,
  oldestUnsentAgeSeconds: null,
  clockOffsetMs: -250,
  lastSyncAt: '2026-06-01T08:59:30.000Z',
  terminal: 'ready',
  printer: 'paperOut',
  ...extra,
});

export const report = (h: Harness, device: DeviceCredentials, body: unknown = heartbeat()) =>
  h.call('PUT', `${API}/counters/${device.deviceId}`, { auth: device.token, body });
