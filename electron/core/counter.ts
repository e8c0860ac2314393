import type { Database } from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { join } from 'node:path';
import { isChannel, ipcInputs, type EventName, type IpcEvents, type IpcResult } from '../../shared/ipc';
import { demoFixturesPath, loadFixturesFile } from '../../domain/fixtures';
import { mandateRecord, tokenRecord } from '../../domain/lookup';
import { OrderService } from '../../domain/service';
import { openDatabase } from '../../domain/store/database';
import { sqliteOrderStore } from '../../domain/store/sqliteStore';
import type { Central } from '../../server/central';
import { CatalogCache } from './catalogCache';
import { CentralClient } from './centralClient';
import { Challenges, demoTransport } from './challenge';
import { enqueue } from './db/outbox';
import { makeHandlers, type Handlers } from './handlers';
import { Lookups } from './lookups';
import { chooseTransport } from './mail';
import { CounterSettings } from './settings';
import { Staff } from './staff';
import { SyncEngine } from './sync/engine';
import type { CounterCore, CounterOptions } from './types';

const REFRESH_MS = 10 * 60 * 1000;

export interface CounterTestHooks {
  engine: SyncEngine;
  handlers: Handlers;
  embedded: Central | null;
  /** The local database, for tests that check what was committed (outbox, settings). */
  db: Database;
}

/**
 * The counter's main-process core: its own SQLite store (every change committed with its
 * outbox row), the same order domain as the central, sync, lookups and settings. Without a
 * configured central it starts an embedded one on the bundled demo data, so a fresh install
 * sells at once. Nothing here imports electron.
 */
export async function createCounter(options: CounterOptions): Promise<CounterCore & { test: CounterTestHooks }> {
  const clock = options.clock ?? (() => new Date());
  const newId = options.newId ?? randomUUID;
  const stamp = () => clock().toISOString();
  const fixturesFile = options.fixtures ?? demoFixturesPath();
  const db = openDatabase(options.database ?? join(options.dataDir, 'counter.sqlite'));
  const events = new EventEmitter();
  let embedded: Central | null = null;
  let engine: SyncEngine | null = null;
  try {
    const catalog = new CatalogCache(db);
    if (catalog.isEmpty()) {
      const demo = loadFixturesFile(fixturesFile);
      catalog.seed(demo, stamp(), { tokens: demo.transitTokens.map(tokenRecord), mandates: demo.directDebitMandates.map(mandateRecord) });
    }
    const firstTouchpoint = [...catalog.current().touchpoints.values()].find((t) => t.isActive)?.salesTouchpointId ?? 0;
    const firstLanguage = [...catalog.current().languages.keys()][0] ?? 1;
    const settings = new CounterSettings(db, options.vault, newId, { touchpointId: firstTouchpoint, languageId: firstLanguage });

    let centralUrl = options.central?.url ?? settings.centralUrl;
    const given = options.central?.bearerToken;
    let token: () => string | null = () => given ?? settings.bearerToken();
    if (!centralUrl) {
      // Loaded only when needed: the central's HTTP stack is most of the counter's start-up.
      const { startCentral } = await import('../../server/central');
      embedded = await startCentral({ db: join(options.dataDir, 'embedded-central.sqlite'), fixtures: fixturesFile, port: 0 });
      centralUrl = embedded.url;
      const devToken = embedded.devToken;
      token = () => devToken;
    }
    const client = new CentralClient({ baseUrl: centralUrl, token });
    const store = sqliteOrderStore(db, (orderId, change) => enqueue(db, orderId, change, stamp()));
    const prefix = `K${settings.deviceId.replace(/-/g, '').slice(0, 4).toUpperCase()}`;
    const service = new OrderService({
      store,
      catalog: () => catalog.current(),
      clock,
      newId,
      orderNumber: (n) => `${prefix}-${String(n).padStart(6, '0')}`,
    });
    engine = new SyncEngine({
      db,
      client,
      deviceId: settings.deviceId,
      touchpointId: settings.touchpointId,
      embeddedCentral: embedded !== null,
      now: clock,
      intervalMs: options.intervalMs,
    });
    const syncEngine = engine;
    syncEngine.on('status', (status) => events.emit('sync.changed', status));
    syncEngine.on('orders', (ids) => ids.forEach((orderId) => events.emit('orders.changed', { orderId })));
    const mail = options.mail !== undefined ? options.mail : chooseTransport(process.env, embedded !== null, demoTransport);
    const handlers = makeHandlers({
      db,
      service,
      settings,
      staff: new Staff(db, clock),
      catalog,
      lookups: new Lookups(db, catalog, () => client, clock),
      challenges: new Challenges(mail, clock, newId),
      engine: syncEngine,
      embeddedCentral: embedded !== null,
      changed: (orderId) => {
        events.emit('orders.changed', { orderId });
        // "To send" counts the change now, not after the sync round it starts (seconds offline).
        events.emit('sync.changed', syncEngine.status());
        syncEngine.kick();
      },
    });

    let closed = false;
    // A refresh still under way when the counter closes must not write to the closed
    // database: refreshes run one after the other, and close() waits for the last.
    let refreshing: Promise<void> = Promise.resolve();
    const refresh = () => {
      refreshing = refreshing.then(async () => {
        if (closed) return;
        try {
          if (await catalog.refresh(client, stamp())) events.emit('catalog.changed', { refreshedAt: stamp() });
        } catch (error) {
          console.error(`counter: the catalogue refresh failed: ${(error as Error).message}`);
        }
      });
      return refreshing;
    };
    const refresher = setInterval(() => void refresh(), REFRESH_MS);
    refresher.unref();
    if (options.autoSync !== false) void refresh().then(() => closed || syncEngine.start());

    const central = embedded;
    return {
      async dispatch(channel: unknown, input: unknown): Promise<IpcResult<unknown>> {
        if (!isChannel(channel)) return { ok: false, error: { kind: 'invalid', message: `there is no channel ${String(channel)}`, errors: [] } };
        const parsed = ipcInputs[channel].safeParse(input ?? {});
        if (!parsed.success) {
          return {
            ok: false,
            error: {
              kind: 'invalid',
              message: 'The request is not valid',
              errors: parsed.error.issues.map((i) => ({ detail: i.message, pointer: `/${i.path.join('/')}` })),
            },
          };
        }
        try {
          return await (handlers[channel] as (i: unknown) => Promise<IpcResult<unknown>>)(parsed.data);
        } catch (error) {
          // Logged without the input: it may hold personal data.
          console.error(`counter: ${channel} failed: ${(error as Error).message}`);
          return { ok: false, error: { kind: 'internal', message: 'Something went wrong; nothing was changed.', errors: [] } };
        }
      },
      on<E extends EventName>(event: E, listener: (payload: IpcEvents[E]) => void) {
        events.on(event, listener);
        return () => events.off(event, listener);
      },
      describe: () => ({ dataDir: options.dataDir, centralUrl: client.baseUrl, embeddedCentral: central !== null }),
      async close() {
        if (closed) return;
        closed = true;
        clearInterval(refresher);
        await refreshing;
        await syncEngine.stop();
        client.close();
        mail?.close?.();
        await central?.close();
        db.close();
      },
      test: { engine: syncEngine, handlers, embedded: central, db },
    };
  } catch (error) {
    await engine?.stop();
    await embedded?.close();
    db.close();
    throw error;
  }
}
