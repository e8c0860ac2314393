import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { z } from 'zod';
import type { Outcome } from '../../../shared/outcome';
import { problem as problemSchema, type Problem } from '../../../shared/schemas/problem';
import type { ClockOffset } from './clockOffset';

/**
 * The counter's HTTP client for the central. Every answer is sorted into one of three:
 * the central answered as hoped (validated with zod), the central refused (a problem body:
 * the request was judged and nothing changed), or the outcome is unknown (network error,
 * timeout, reset, 5xx, an answer that does not parse): the request may or may not have
 * been carried out, so the caller must look before trying again (unless `notSent`: refused at
 * connect, or answered 503, it was not carried out). The house's one outcome
 * shape (shared/outcome.ts), with the HTTP status beside.
 */
export type CentralAnswer<T> =
  | (Extract<Outcome<T>, { kind: 'ok' }> & { status: number })
  | Extract<Outcome<T, { status: number; problem: Problem }>, { kind: 'refused' }>
  | (Extract<Outcome<T>, { kind: 'unknown' }> & { answered?: true; notSent?: true });

/** What pushing an order needs of the client (so the engine can note each order's failures). */
export type CentralRequests = Pick<CentralClient, 'orderBase' | 'request'>;

export interface CentralClientOptions {
  baseUrl: string;
  token: () => string | null;
  timeoutMs?: number;
  orderBase?: string;
  lookupBase?: string;
  /** Measures the counter's clock against every answer's Date header (docs/api.md §11.4). */
  clock?: ClockOffset;
  /** Hears every refusal's problem: a revoked device's token is told by its type (docs/api.md §11.1). */
  onRefused?: (status: number, problem: Problem) => void;
}

export class CentralClient {
  readonly orderBase: string;
  readonly lookupBase: string;
  private readonly timeoutMs: number;
  private readonly httpAgent = new HttpAgent({ keepAlive: true, maxSockets: 64 });
  private readonly httpsAgent = new HttpsAgent({ keepAlive: true, maxSockets: 64 });

  constructor(private readonly options: CentralClientOptions) {
    const base = options.baseUrl.replace(/\/+$/, '');
    this.orderBase = base + (options.orderBase ?? '/api/2.0');
    this.lookupBase = base + (options.lookupBase ?? '/crud/v1');
    this.timeoutMs = options.timeoutMs ?? 10_000;
  }

  get baseUrl() {
    return this.options.baseUrl;
  }

  /** The bearer token in use now (for "test connection"; never logged). */
  bearerToken(): string | null {
    return this.options.token();
  }

  /** Drops the kept-alive connections (at close, so nothing holds the process open). */
  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }

  /**
   * Whether the central answers at all, as cheaply as can be (docs/counter.md §18): `HEAD /livez`,
   * no token, no body. Any answer below 500 means its process is back (a 404 where the ops
   * endpoints are on a port of their own); a 5xx is a proxy before a central still down, or a
   * central in trouble, which the back-off protects.
   */
  async probe(timeoutMs: number): Promise<'up' | 'erring' | 'down'> {
    const target = new URL('/livez', this.options.baseUrl);
    const secure = target.protocol === 'https:';
    const clock = this.options.clock;
    const sentAt = clock?.localNow() ?? 0;
    return new Promise((resolve) => {
      const req = (secure ? httpsRequest : httpRequest)(
        target,
        { method: 'HEAD', agent: secure ? this.httpsAgent : this.httpAgent, timeout: timeoutMs },
        (res) => {
          clock?.observe(res.headers.date, sentAt, clock.localNow());
          res.resume();
          resolve((res.statusCode ?? 500) >= 500 ? 'erring' : 'up');
        },
      );
      req.on('timeout', () => req.destroy());
      req.on('error', () => resolve('down'));
      req.end();
    });
  }

  /**
   * node:http with kept-alive connections: several times cheaper per request than fetch. A read
   * sent on a kept connection the central had closed (it was restarted) is sent once more on a
   * new connection of its own (the other kept ones may be closed too), as Node's documentation
   * advises: a read changes nothing, and the round is not lost.
   */
  private async send(
    method: string,
    url: string,
    token: string,
    body: string | undefined,
    timeoutMs: number,
  ): Promise<{ status: number; text: string }> {
    try {
      return await this.sendOnce(method, url, token, body, timeoutMs);
    } catch (error) {
      if (method !== 'GET' || !(error as { reusedSocket?: boolean }).reusedSocket) throw error;
      return this.sendOnce(method, url, token, body, timeoutMs, false);
    }
  }

  private sendOnce(
    method: string,
    url: string,
    token: string,
    body: string | undefined,
    timeoutMs: number,
    keepAlive = true,
  ): Promise<{ status: number; text: string }> {
    const target = new URL(url);
    const secure = target.protocol === 'https:';
    const clock = this.options.clock;
    const sentAt = clock?.localNow() ?? 0;
    return new Promise((resolve, reject) => {
      const req = (secure ? httpsRequest : httpRequest)(
        target,
        {
          method,
          agent: keepAlive ? (secure ? this.httpsAgent : this.httpAgent) : false,
          headers: {
            authorization: `Bearer ${token}`,
            accept: 'application/json',
            ...(body !== undefined ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
          },
          timeout: timeoutMs,
        },
        (res) => {
          clock?.observe(res.headers.date, sentAt, clock.localNow());
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { name: 'TimeoutError' })));
      req.on('error', (error: NodeJS.ErrnoException) =>
        reject(req.reusedSocket && error.code === 'ECONNRESET' ? Object.assign(error, { reusedSocket: true }) : error),
      );
      req.end(body);
    });
  }

  async request<S extends z.ZodType>(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    schema: S | null,
    body?: unknown,
    /** How long the central may stay silent: the client's own unless a request carries more work (a sale batch). */
    timeoutMs = this.timeoutMs,
  ): Promise<CentralAnswer<z.output<S>>> {
    const token = this.options.token();
    if (!token) return { kind: 'refused', status: 401, problem: localProblem('No bearer token is configured for the central.') };
    let response: { status: number; text: string };
    try {
      response = await this.send(method, url, token, body === undefined ? undefined : JSON.stringify(body), timeoutMs);
    } catch (error) {
      // Refused at connect: not a byte of the request left (a central still down), so there is
      // nothing to look for before trying again (docs/counter.md §18).
      const notSent = (error as { code?: string }).code === 'ECONNREFUSED';
      return { kind: 'unknown', reason: describe(error), ...(notSent ? { notSent: true as const } : {}) };
    }
    const { text } = response;
    // A 503 is answered before the request is read (load shed, or shutting down: docs/api.md §11.3):
    // nothing of it was carried out, so there is nothing to look for before sending it again.
    if (response.status === 503) return { kind: 'unknown', reason: 'the central answered 503', answered: true, notSent: true };
    // The central answered: it can be reached, though the outcome of this request is unknown.
    if (response.status >= 500) return { kind: 'unknown', reason: `the central answered ${response.status}`, answered: true };
    let json: unknown = undefined;
    if (text !== '') {
      try {
        json = JSON.parse(text);
      } catch {
        return { kind: 'unknown', reason: `the central's answer (${response.status}) is not JSON`, answered: true };
      }
    }
    if (response.status >= 400) {
      const parsed = problemSchema.safeParse(json);
      if (parsed.success) this.options.onRefused?.(response.status, parsed.data);
      return {
        kind: 'refused',
        status: response.status,
        problem: parsed.success ? parsed.data : localProblem(`The central answered ${response.status}.`),
      };
    }
    if (!schema) return { kind: 'ok', status: response.status, value: undefined as z.output<S> };
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      return {
        kind: 'unknown',
        reason: `the central's answer does not match the interface: ${parsed.error.issues[0]?.message}`,
        answered: true,
      };
    }
    return { kind: 'ok', status: response.status, value: parsed.data };
  }
}

function localProblem(detail: string): Problem {
  return {
    type: 'urn:counter:problem:local',
    title: 'Not sent',
    detail,
    instance: 'urn:uuid:00000000-0000-0000-0000-000000000000',
    errors: [],
  };
}

function describe(error: unknown): string {
  const e = error as { name?: string; code?: string; message?: string };
  if (e.name === 'TimeoutError') return 'the central did not answer in time';
  if (e.code) return `the central cannot be reached (${e.code})`;
  return `the central cannot be reached (${e.message ?? 'network error'})`;
}
