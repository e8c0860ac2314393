import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { expect } from 'vitest';
import { CardBook } from '../../domain/cardBook';
import { CardService } from '../../domain/cardService';
import { OrderService } from '../../domain/service';
import type { ReaderPool } from '../../domain/store/sqlite/readers';
import type { OrderStore } from '../../domain/store/types';
import { order as orderSchema, type Order } from '../../shared/schemas/order';
import { problem as problemSchema, type Problem } from '../../shared/schemas/problem';
import type { Fixtures } from '../../shared/schemas/reference';
import { buildApp } from '../app';
import { DayClosures } from '../dayClosures';
import { Fleet, type FleetOptions } from '../fleet';
import { signDeviceToken } from '../fleetAuth';
import { CentralMetrics } from '../metrics';
import { readiness } from '../ops';
import { channelVerifier, customerVerifier, signChannelToken, signCustomerToken } from '../auth';
import { openCentralStore } from '../store';
import { SupportBundles, type BundleLimits } from '../supportBundles';
import { freshPostgresUrl, testPostgresUrl } from './postgres';
import { recordAnswers, undocumentedAnswers } from './openapiAnswers';
import { rolesOf, type Roles } from './roles';

/**
 * The central's HTTP app on a fresh store, with a frozen clock and ids that count up, so
 * that every run of a test sees the same time stamps and the same order of ids. The store is
 * SQLite in the sqlite test project and PostgreSQL (a schema of its own on the run's server)
 * in the postgres one: the same suites run on both backends.
 */

export const CHANNEL_SECRET = 'test-channel-secret-that-is-long-enough';
export const CUSTOMER_SECRET = 'test-customer-secret-that-is-long-enough';

export const API = '/api/2.0';
export const CRUD = '/crud/v1';

export interface FrozenClock {
  now: Date;
  set(iso: string): void;
  advance(ms: number): void;
}

export function frozenClock(iso: string): FrozenClock {
  const clock: FrozenClock = {
    now: new Date(iso),
    set: (at) => void (clock.now = new Date(at)),
    advance: (ms) => void (clock.now = new Date(clock.now.getTime() + ms)),
  };
  return clock;
}

/** Version-4-shaped uuids that count up: 00000000-0000-4000-8000-000000000001, ... */
export function countingIds(prefix = '00000000'): () => string {
  let n = 0;
  return () => `${prefix}-0000-4000-8000-${(++n).toString(16).padStart(12, '0')}`;
}

export interface CallOptions {
  body?: unknown;
  /** A raw payload, sent as is (with `contentType`, default application/json). */
  payload?: string | Buffer;
  contentType?: string;
  /** The bearer token; `null` sends none. Default: a token for the scenario's touchpoint. */
  auth?: string | null;
  /** The customer JWT header's value, or a customerProfileId to sign one for. */
  customer?: string | number;
  headers?: Record<string, string>;
  /** The caller's address (default 127.0.0.1). */
  remoteAddress?: string;
}

export interface Response<T = unknown> {
  status: number;
  body: T;
  text: string;
  headers: Record<string, unknown>;
}

export interface Harness {
  app: FastifyInstance;
  service: OrderService;
  fixtures: Fixtures;
  roles: Roles;
  clock: FrozenClock;
  store: OrderStore;
  /** The uploaded support bundles, in a fresh temporary folder removed at close. */
  supportBundles: SupportBundles;
  token(claims?: { touchpointId?: number; sub?: string; scope?: string }, expiresIn?: string | number): Promise<string>;
  customerToken(customerProfileId: number, expiresIn?: string | number): Promise<string>;
  call<T = unknown>(method: string, url: string, options?: CallOptions): Promise<Response<T>>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  fixtures: Fixtures;
  now: string;
  /** A SQLite file or PostgreSQL URL; default a fresh store of the test project's backend. */
  db?: string;
  /** A SQLite file's reader threads for the list queries, made once it is migrated (readers.ts); default none. */
  readers?: (file: string) => ReaderPool;
  logger?: Logger | false;
  /** Collect and serve metrics (default off: each registry watches the event loop). */
  metrics?: boolean;
  /** The event loop's mean lag beyond which requests are shed; default never (a busy test machine must not shed a test's requests). */
  maxEventLoopDelayMs?: number;
  /** The orders' ids (default countingIds()): a test that reopens a store gives ids of another prefix. */
  newId?: () => string;
  /** What the support bundles may keep (default BUNDLE_LIMITS). */
  bundleLimits?: BundleLimits;
  /** The fleet's codes and claim limits, when a test sets its own. */
  fleet?: Partial<Pick<FleetOptions, 'newCode' | 'limiter'>>;
}

/** Where a test's store goes: a new PostgreSQL schema in the postgres project, else an in-memory SQLite database. */
export const freshTestStore = async () => (testPostgresUrl() ? freshPostgresUrl() : ':memory:');

export async function harness(options: HarnessOptions): Promise<Harness> {
  const clock = frozenClock(options.now);
  const now = () => new Date(clock.now);
  const metrics = options.metrics ? new CentralMetrics() : false;
  const store = await openCentralStore(options.db ?? (await freshTestStore()), {
    clock: now,
    readers: options.readers,
    onBatch: metrics ? metrics.observeBatch : undefined,
  });
  const book = new CardBook(options.fixtures, store.cards);
  await book.refresh();
  const service = new OrderService({ store, catalog: book.catalog, clock: now, newId: options.newId ?? countingIds() });
  const cards = new CardService({ book, store, clock: now, newId: countingIds('cccccccc') });
  const fleet = new Fleet({
    store: store.fleet,
    clock: now,
    signDeviceToken: signDeviceToken(CHANNEL_SECRET),
    newId: countingIds('dddddddd'),
    ...options.fleet,
  });
  const supportBundles = new SupportBundles(mkdtempSync(join(tmpdir(), 'central-bundles-')), now, options.bundleLimits);
  const app = await buildApp({
    service,
    cards,
    dayClosures: new DayClosures(store, now),
    fleet,
    supportBundles,
    verifiers: {
      channel: channelVerifier(CHANNEL_SECRET),
      customer: customerVerifier(CUSTOMER_SECRET),
      activeDevice: fleet.isActive,
    },
    logger: options.logger ?? false,
    ops: { metrics, ready: readiness(store), serveHere: true, maxEventLoopDelayMs: options.maxEventLoopDelayMs ?? 0 },
  });
  if (metrics) metrics.watch({ staleCounters: () => fleet.staleCount(), ready: readiness(store) });
  const answered = recordAnswers(app);
  const roles = rolesOf(options.fixtures);
  const defaultToken = await signChannelToken(CHANNEL_SECRET, { sub: 'test', touchpointId: roles.touchpoint.salesTouchpointId });

  const h: Harness = {
    app,
    service,
    fixtures: options.fixtures,
    roles,
    clock,
    store,
    supportBundles,
    token: (claims = {}, expiresIn) =>
      signChannelToken(CHANNEL_SECRET, { sub: 'test', touchpointId: roles.touchpoint.salesTouchpointId, ...claims }, expiresIn),
    customerToken: (id, expiresIn) => signCustomerToken(CUSTOMER_SECRET, id, expiresIn),
    async call<T>(method: string, url: string, o: CallOptions = {}): Promise<Response<T>> {
      const headers: Record<string, string> = { ...o.headers };
      const auth = o.auth === undefined ? defaultToken : o.auth;
      if (auth !== null) headers.authorization = `Bearer ${auth}`;
      if (o.customer !== undefined) {
        headers['x-operator-jwt-auth-header'] =
          typeof o.customer === 'number' ? await signCustomerToken(CUSTOMER_SECRET, o.customer) : o.customer;
      }
      let payload: string | Buffer | undefined = o.payload;
      if (payload === undefined && o.body !== undefined) payload = JSON.stringify(o.body);
      if (payload !== undefined) headers['content-type'] = o.contentType ?? 'application/json';
      const res = await app.inject({
        method: method as 'GET',
        url,
        headers,
        ...(payload !== undefined ? { payload } : {}),
        ...(o.remoteAddress ? { remoteAddress: o.remoteAddress } : {}),
      });
      let body: unknown = undefined;
      if (res.body !== '') {
        try {
          body = JSON.parse(res.body);
        } catch {
          body = res.body;
        }
      }
      return { status: res.statusCode, body: body as T, text: res.body, headers: res.headers };
    },
    async close() {
      const undocumented = await undocumentedAnswers(app, answered);
      await app.close();
      await store.close();
      rmSync(supportBundles.dir, { recursive: true, force: true });
      // Every status a test saw must be in the OpenAPI document (docs/api.md §0.8).
      expect(undocumented, 'statuses answered but not in the OpenAPI document').toEqual([]);
    },
  };
  return h;
}

/** Asserts a success answer carrying an Order that fits the interface's schema. */
export function expectOrder(res: Response, status = 200): Order {
  if (res.status !== status) expect.fail(`expected ${status}, got ${res.status}: ${res.text}`);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return orderSchema.parse(res.body);
}

/** Asserts a problem answer (docs/api.md §0.7, docs/api.md §5) with this status. */
export function expectProblem(res: Response, status: number): Problem {
  if (res.status !== status) expect.fail(`expected ${status}, got ${res.status}: ${res.text}`);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = problemSchema.parse(res.body);
  expect(body.instance).toMatch(/^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  expect(body.type).toMatch(/^[a-z][a-z0-9+.-]*:\S+$/);
  expect(body.title).not.toBe('');
  expect(body.detail).not.toBe('');
  for (const e of body.errors) expect(e.pointer === '' || e.pointer.startsWith('/')).toBe(true);
  return body;
}

/** The pointers of a problem's errors, for `toContain` checks. */
export const pointers = (p: Problem) => p.errors.map((e) => e.pointer);

export const remarkCodes = (o: Order, line = 0) => o.orderLines[line]!.additionalRemarks.map((r) => r.code);

/** The most recent status of an order. */
export const statusOf = (o: Order) => o.order_OrderStatuses[0]!.orderStatus;
