import { randomBytes } from 'node:crypto';
import pino, { type Logger } from 'pino';
import { Catalog } from '../domain/catalog';
import { demoFixturesPath, loadFixturesFile } from '../domain/fixtures';
import { OrderService } from '../domain/service';
import { buildApp } from './app';
import { updateFeedRoutes } from './routes/updates';
import { DayClosures } from './dayClosures';
import { channelVerifier, customerVerifier, signChannelToken } from './auth';
import { Fleet } from './fleet';
import { signDeviceToken } from './fleetAuth';
import { openCentralStore } from './store';

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
  /** PostgreSQL only: this process's connections for reads (READ_CONNECTIONS when not given). */
  connections?: number;
}

export interface Central {
  url: string;
  /** A ready-to-use bearer token, when the secret was made at start. */
  devToken: string | null;
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
  const store = await openCentralStore(options.db, options);
  try {
    await store.saveReference(fixtures, fixturesFile, new Date().toISOString());
    const catalog = new Catalog(fixtures);
    const service = new OrderService({ store, catalog: () => catalog, clock: options.clock });
    const generated = !options.jwtSecret || options.devSecret === true;
    const secret = options.jwtSecret || randomBytes(32).toString('base64url');
    const clock = options.clock ?? (() => new Date());
    const fleet = new Fleet({ store: store.fleet, clock, signDeviceToken: signDeviceToken(secret) });
    const app = await buildApp({
      service,
      dayClosures: new DayClosures(store, clock),
      fleet,
      verifiers: {
        channel: channelVerifier(secret),
        customer: customerVerifier(options.customerJwtSecret || secret),
        activeDevice: fleet.isActive,
      },
      logger: options.logger ?? false,
    });
    if (options.updatesDir) await app.register(updateFeedRoutes(options.updatesDir), { prefix: '/updates' });
    await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    const host = options.host ?? '127.0.0.1';
    const touchpoint = fixtures.touchpoints.find((t) => t.isActive);
    const devToken = generated
      ? await signChannelToken(secret, { sub: 'local-dev', ...(touchpoint ? { touchpointId: touchpoint.salesTouchpointId } : {}) })
      : null;
    return {
      url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
      devToken,
      service,
      async close() {
        await app.close();
        await store.close();
      },
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}

export function centralLogger(): Logger {
  return pino({ level: process.env.LOG_LEVEL ?? 'info', base: { service: 'central' } });
}
