import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { CLOCK_OFF_MS } from '../../../shared/clock';
import type { ConnectionReason, ConnectionStep, ConnectionTest } from '../../../shared/ipc';
import { isAllowedCentralUrl } from '../../../shared/centralUrl';
import { REVOKED_PROBLEM_TYPE } from '../../../shared/schemas/fleet';

export interface ConnectionTestOptions {
  /** The central's address (its origin; the order interface is under `orderBase`). */
  baseUrl: string;
  orderBase: string;
  token: string | null;
  touchpointId: number;
  embeddedCentral: boolean;
  /** The counter's clock, against which the central's Date header is read. */
  now: () => Date;
  timeoutMs?: number;
}

interface Answer {
  status: number;
  date: string | undefined;
  problemType: string | undefined;
  sentAt: number;
  receivedAt: number;
}

/**
 * "Test connection" (docs/counter.md §20): one fresh request (no kept-alive connection, so
 * the TLS handshake is made again) to the order interface, the way sync reads it, with the
 * counter's bearer token. Its outcome answers four questions in turn: can the central be
 * reached, is its certificate valid, does it take the token (and this version of the
 * interface), and does its clock agree with the counter's. A step that cannot be answered
 * because one before it failed is skipped, never guessed.
 */
export async function testConnection(options: ConnectionTestOptions): Promise<ConnectionTest> {
  const result = (steps: ConnectionStep[]): ConnectionTest => ({ url: options.baseUrl, embeddedCentral: options.embeddedCentral, steps });
  const secure = options.baseUrl.startsWith('https:');
  const tlsStep: ConnectionStep = secure ? step('tls', 'ok') : step('tls', 'skipped', 'plain');
  if (!isAllowedCentralUrl(options.baseUrl)) {
    return result([step('reach', 'failed', 'address'), step('tls', 'skipped', 'earlier'), ...after('earlier')]);
  }
  let answer: Answer;
  try {
    answer = await ask(options);
  } catch (error) {
    const reason = networkReason(error);
    if (reason === 'certificate') return result([step('reach', 'ok'), step('tls', 'failed', 'certificate'), ...after('earlier')]);
    return result([step('reach', 'failed', reason), step('tls', 'skipped', 'earlier'), ...after('earlier')]);
  }
  return result([step('reach', 'ok'), tlsStep, tokenStep(answer, options.token !== null), clockStep(answer)]);
}

const step = (
  name: ConnectionStep['step'],
  outcome: ConnectionStep['outcome'],
  reason: ConnectionReason | null = null,
): ConnectionStep => ({
  step: name,
  outcome,
  reason,
});

const after = (reason: ConnectionReason) => [step('token', 'skipped', reason), step('clock', 'skipped', reason)];

function tokenStep(answer: Answer, hadToken: boolean): ConnectionStep {
  const { status } = answer;
  if (status >= 200 && status < 300) return step('token', 'ok');
  if (status >= 500) return step('token', 'failed', 'centralError');
  if (status === 401 || status === 403) {
    if (!hadToken) return step('token', 'failed', 'noToken');
    return step('token', 'failed', answer.problemType === REVOKED_PROBLEM_TYPE ? 'revoked' : 'tokenRefused');
  }
  // The order feed with a valid query answers 200: anything else means the central speaks another interface.
  return step('token', 'failed', 'versionRefused');
}

function clockStep(answer: Answer): ConnectionStep {
  const central = answer.date ? Date.parse(answer.date) : NaN;
  if (Number.isNaN(central)) return step('clock', 'failed', 'noDate');
  // The header holds whole seconds: the middle of that second against the middle of the round trip (as sync measures it).
  const offsetMs = Math.round((answer.sentAt + answer.receivedAt) / 2 - (central + 500));
  const off = Math.abs(offsetMs) > CLOCK_OFF_MS;
  return { ...step('clock', off ? 'failed' : 'ok', off ? 'clockOff' : null), offsetMs };
}

/** Node's network and TLS error codes in the words of the steps. */
export function networkReason(error: unknown): ConnectionReason {
  const e = error as { code?: string; name?: string };
  if (e.name === 'TimeoutError') return 'timeout';
  const code = e.code ?? '';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'dns';
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ETIMEDOUT') return 'timeout';
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_|EPROTO/.test(code)) return 'certificate';
  return 'network';
}

function ask(options: ConnectionTestOptions): Promise<Answer> {
  const query = new URLSearchParams({ touchpointId: String(options.touchpointId), limit: '1' });
  const target = new URL(`${options.orderBase}/orders?${query}`);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const sentAt = options.now().getTime();
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      {
        method: 'GET',
        agent: false,
        headers: { accept: 'application/json', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
        timeout: options.timeoutMs ?? 10_000,
      },
      (res: IncomingMessage) => {
        const receivedAt = options.now().getTime();
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, date: res.headers.date, problemType: problemType(chunks), sentAt, receivedAt }),
        );
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { name: 'TimeoutError' })));
    req.on('error', reject);
    req.end();
  });
}

/** The `type` of a problem body, if the answer is one (a revoked device is told by it). */
function problemType(chunks: Buffer[]): string | undefined {
  try {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { type?: unknown };
    return typeof body.type === 'string' ? body.type : undefined;
  } catch {
    return undefined;
  }
}
