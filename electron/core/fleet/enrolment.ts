import { z } from 'zod';
import { deviceCredentials, normaliseEnrolmentCode, REVOKED_PROBLEM_TYPE, type DeviceCredentials } from '../../../shared/schemas/fleet';
import type { Problem } from '../../../shared/schemas/problem';
import type { EnrolmentView } from '../../../shared/ipc/fleet';
import { done, refused, unknown, type Outcome } from '../../../shared/outcome';
import type { CounterDb } from '../db/database';
import { readSetting, writeSetting } from '../db/settings';

/**
 * This counter's enrolment in a fleet (docs/api.md §11.1, docs/counter.md §18): the device id,
 * touchpoint and central its token names, and whether the central revoked it. The token itself
 * is kept as every central token is: sealed with the OS keychain (CounterSettings), never here.
 */

const KEY = 'fleet.enrolment';
const stored = z.object({
  deviceId: z.string(),
  touchpointId: z.number().int(),
  centralUrl: z.string(),
  enrolledAt: z.string(),
  expiresAt: z.string().nullable(),
  revoked: z.boolean(),
});
type Stored = z.infer<typeof stored>;

/** Renew a token with less than this left of its life (a device token lives 30 days). */
export const RENEW_BEFORE_MS = 10 * 24 * 60 * 60 * 1000;

/** The central's credentials, or its refusal of the code (with its Retry-After when it asks to wait), or unknown: no answer it could read. */
export type ClaimAnswer = Outcome<DeviceCredentials, { retryAfterSeconds: number | null }>;

/** `POST /api/2.0/enrolments/{code}/claim`, without a bearer token. */
export async function claimCode(centralUrl: string, code: string, timeoutMs = 10_000): Promise<ClaimAnswer> {
  const url = `${centralUrl.replace(/\/+$/, '')}/api/2.0/enrolments/${encodeURIComponent(normaliseEnrolmentCode(code))}/claim`;
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    return unknown(`the central did not answer: ${(error as Error).message}`);
  }
  if (response.status === 200) {
    const parsed = deviceCredentials.safeParse(await response.json().catch(() => null));
    return parsed.success ? done(parsed.data) : unknown('the central answered credentials the counter cannot read');
  }
  if (response.status === 401 || response.status === 429 || response.status === 404) {
    const retry = Number(response.headers.get('retry-after'));
    return refused({ retryAfterSeconds: response.status === 429 && Number.isFinite(retry) ? retry : null });
  }
  return unknown(`the central answered HTTP ${response.status}`);
}

/** When a JWT expires (its `exp`), read without checking its signature: only to know when to renew. */
export function tokenExpiry(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const exp = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? new Date(exp * 1000).toISOString() : null;
  } catch {
    return null;
  }
}

export const isRevocation = (status: number, problem: Problem) => status === 401 && problem.type === REVOKED_PROBLEM_TYPE;

export class Enrolment {
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly db: CounterDb,
    private readonly now: () => Date,
  ) {}

  private read(): Stored | null {
    const parsed = stored.safeParse(readSetting(this.db, KEY));
    return parsed.success ? parsed.data : null;
  }

  /** The enrolment, when this counter was enrolled with the central at `centralUrl`. */
  at(centralUrl: string): Stored | null {
    const current = this.read();
    return current && current.centralUrl === centralUrl ? current : null;
  }

  get current(): Stored | null {
    return this.read();
  }

  /** Writes down a claim or a renewal (the caller seals the token). */
  enrolled(centralUrl: string, credentials: DeviceCredentials): void {
    writeSetting(this.db, KEY, {
      deviceId: credentials.deviceId,
      touchpointId: credentials.touchpointId,
      centralUrl,
      enrolledAt: this.now().toISOString(),
      expiresAt: tokenExpiry(credentials.token),
      revoked: false,
    } satisfies Stored);
    this.listeners.forEach((l) => l());
  }

  /** The central answered this counter's token as revoked: said on screen until it is enrolled again. */
  revoked(): void {
    const current = this.read();
    if (!current || current.revoked) return;
    writeSetting(this.db, KEY, { ...current, revoked: true });
    this.listeners.forEach((l) => l());
  }

  /** Whether the token should be renewed now. */
  renewDue(): boolean {
    const current = this.read();
    if (!current || current.revoked || !current.expiresAt) return false;
    return Date.parse(current.expiresAt) - this.now().getTime() < RENEW_BEFORE_MS;
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  view(refused: boolean): EnrolmentView {
    const current = this.read();
    if (!current) return { state: refused ? 'codeRefused' : 'none', deviceId: null, touchpointId: null };
    return { state: current.revoked ? 'revoked' : 'enrolled', deviceId: current.deviceId, touchpointId: current.touchpointId };
  }
}
