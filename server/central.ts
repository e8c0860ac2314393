import { randomBytes } from 'node:crypto';
import pino, { type Logger } from 'pino';
import { CardBook } from '../domain/cardBook';
import { CardService } from '../domain/cardService';
import { demoFixturesPath, loadFixturesFile } from '../domain/fixtures';
import { OrderService } from '../domain/service';
import Fastify from 'fastify';
import { buildApp } from './app';
import { CentralMetrics } from './metrics';
import { opsRoutes, readiness, type Ops } from './ops';
import { updateFeedRoutes } from './routes/updates';
import { DayClosures } from './dayClosures';
import { channelVerifier, customerVerifier, signChannelToken } from './auth';
import { Fleet } from './fleet';
import { signDeviceToken } from './fleetAuth';
import { openCentralStore } from './store';
import { defaultSupportBundlesDir, SupportBundles } from './supportBundles';

export interface CentralOptions {
  host?: string;
  port?: number;
  /** A SQLite file, or a PostgreSQL URL (`postgres://user:pass@host:5432/db`). */
  db: string;
  fixtures?: string;
  /** CENTRAL_JWT_SECRET; when absent a random one is made and a dev token printed. */
  jwtSecret?: string;
  /** The secret was made for this run (by the primary of several processes): answer a dev token too. */
  devSecret?: boolean;
  customerJwtSecret?: string;
  logger?: Logger | false;
  clock?: () => Date;
  /**
   * SQLite only: threads with their own read-only connections that run the list queries, so
   * a slow list never holds the event loop (readers.ts). `npm run central` runs 2; 0 (the
   * default, for the counter's embedded central and most tests) reads on the event loop.
   */
  readers?: number;
  /** A folder served at /updates/ as the counters' update feed (docs/counter.md §18). */
  updatesDir?: string;
  /** Where uploaded support bundles are kept (docs/operations.md §11); default `support-bundles/` beside a SQLite file, else in the working directory. */
  supportBundlesDir?: string;
  /** PostgreSQL only: this process's connections for reads (READ_CONNECTIONS when not given). */
  connections?: number;
  /** Serve /livez, /readyz and /metrics only on this port (0: a free one), not on the main one (docs/api.md §11.3). */
  opsPort?: number;
  /** Collect and serve the Prometheus metrics (default true; the benchmark compares without). */
  metrics?: boolean;
  /** The event loop's lag beyond which requests are shed (MAX_EVENT_LOOP_DELAY_MS when not given). */
  maxEventLoopDelayMs?: number;
}

export interface Central {
  url: string;
  /** A ready-to-use bearer token, when the secret was made at start. */
  devToken: string | null;
  /** Where /livez, /readyz and /metrics are served: `url`, or the --ops-port's address. */
  opsUrl: string;
  service: OrderService;
  close(): Promise<void>;
}

/**
 * Starts the central order service: store, reference data (reloaded from the fixtures file
 * at every start, orders untouched), HTTP. Used by the command line, the counter's embedded
 * central and the tests.
 */
export async function startCentral(options: CentralOptions): Promise<Central> {
  const fixturesFile = options.fixtures ?? demoFixturesPath();
  const fixtures = loadFixturesFile(fixturesFile);
  const metrics: CentralMetrics | false = options.metrics === false ? false : new CentralMetrics();
  const store = await openCentralStore(options.db, { ...options, onBatch: metrics ? metrics.observeBatch : undefined });
  let opsApp: ReturnType<typeof Fastify> | undefined;
  try {
    await store.saveReference(fixtures, fixturesFile, new Date().toISOString());
    // The fixtures with the central's own card changes over them (docs/api.md §12).
    const book = new CardBook(fixtures, store.cards);
    await book.refresh();
    const service = new OrderService({ store, catalog: book.catalog, clock: options.clock });
    const cards = new CardService({ book, store, clock: options.clock });
    const generated = !options.jwtSecret || options.devSecret === true;
    const secret = options.jwtSecret || randomBytes(32).toString('base64url');
    const clock = options.clock ?? (() => new Date());
    const fleet = new Fleet({ store: store.fleet, clock, signDeviceToken: signDeviceToken(secret) });
    const ops: Ops = { metrics, ready: readiness(store) };
    if (metrics) metrics.watch({ staleCounters: () => fleet.staleCount(), ready: ops.ready });
    const app = await buildApp({
      service,
      cards,
      dayClosures: new DayClosures(store, clock),
      fleet,
      supportBundles: new SupportBundles(options.supportBundlesDir ?? defaultSupportBundlesDir(options.db), clock),
      verifiers: {
        channel: channelVerifier(secret),
        customer: customerVerifier(options.customerJwtSecret || secret),
        activeDevice: fleet.isActive,
      },
      logger: options.logger ?? false,
      ops: { ...ops, serveHere: options.opsPort === undefined, maxEventLoopDelayMs: options.maxEventLoopDelayMs },
    });
    if (options.updatesDir) await app.register(updateFeedRoutes(options.updatesDir), { prefix: '/updates' });
    const host = options.host ?? '127.0.0.1';
    const url = await listen(app, host, options.port ?? 0);
    let opsUrl = url;
    if (options.opsPort !== undefined) {
      opsApp = Fastify({ logger: false });
      await opsApp.register(opsRoutes(ops));
      opsUrl = await listen(opsApp, host, options.opsPort);
    }
    const touchpoint = fixtures.touchpoints.find((t) => t.isActive);
    const devToken = generated
      ? await signChannelToken(secret, { sub: 'local-dev', ...(touchpoint ? { touchpointId: touchpoint.salesTouchpointId } : {}) })
      : null;
    return {
      url,
      opsUrl,
      devToken,
      service,
      async close() {
        await opsApp?.close();
        await app.close();
        await store.close();
      },
    };
  } catch (error) {
    await opsApp?.close();
    await store.close();
    throw error;
  }
}

/** Listens on `host`:`port` (0: a free one) and answers the address. */
async function listen(
  app: { listen(o: { host: string; port: number }): Promise<string>; server: import('node:http').Server },
  host: string,
  port: number,
) {
  await app.listen({ host, port });
  const address = app.server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return `http://${host.includes(':') ? `[${host}]` : host}:${bound}`;
}

export function centralLogger(): Logger {
  return pino({ level: process.env.LOG_LEVEL ?? 'info', base: { service: 'central' } });
}
