import type { CounterDb as Database } from './db/database';
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { EventName, IpcEvents, StaffMember } from '../../shared/ipc';
import { DEFAULT_TIME_ZONE } from '../../domain/reports/timeZone';
import { demoFixturesPath, loadFixturesFile } from '../../domain/fixtures';
import { mandateRecord, tokenRecord } from '../../domain/lookup';
import { OrderService } from '../../domain/service';
import { DATA_DIR_MODE } from '../../domain/store/sqlite/database';
import { openCounterDatabase } from './db/database';
import type { Central } from '../../server/central';
import { isAllowedCentralUrl } from '../../shared/centralUrl';
import { CatalogCache } from './catalog/catalogCache';
import { CentralClient } from './central/centralClient';
import { Challenges, demoTransport } from './tokens/challenge';
import { makeDispatch } from './dispatch';
import { openTerminal, type OpenedTerminal } from './devices/terminal/setup';
import { TerminalPayments } from './devices/terminal/terminalPayments';
import { TerminalStore } from './devices/terminal/terminalStore';
import { methodId } from '../../shared/paymentMethods';
import type { DeviceState } from '../../shared/devices';
import { makeHandlers, type Handlers } from './handlers';
import { Lookups } from './tokens/lookups';
import { recordAudit } from './manager/audit';
import { DrawerDays } from './manager/days';
import { indexExisting } from './orders/facts';
import { orderDesk } from './orders/desk';
import { localOrderStore } from './orders/localOrders';
import { purgePersonalData, scheduleRetention } from './settings/retention';
import { chooseTransport } from './tokens/mail';
import { CounterSettings } from './settings/settings';
import { Staff } from './session/staff';
import { SyncEngine } from './sync/engine';
import type { CounterCore, CounterOptions } from './types';

const REFRESH_MS = 10 * 60 * 1000;

export interface CounterTestHooks {
  engine: SyncEngine;
  handlers: Handlers;
  embedded: Central | null;
  /** The local database, for tests that check what was committed (outbox, settings). */
  db: Database;
  terminal: TerminalPayments;
}

/**
 * The counter's main-process core: its own SQLite store (every change committed with its
 * outbox row), the same order domain as the central, sync, lookups and settings. Without a
 * configured central it starts an embedded one on the bundled demo data, so a fresh install
 * sells at once. Nothing here imports electron.
 */
export async function createCounter(
  options: CounterOptions,
): Promise<CounterCore & { test: CounterTestHooks; terminalState: () => DeviceState }> {
  const clock = options.clock ?? (() => new Date());
  const newId = options.newId ?? randomUUID;
  const stamp = () => clock().toISOString();
  const fixturesFile = options.fixtures ?? demoFixturesPath();
  // The data folder holds photos, birthdates and cached mandates: its owner's only, whatever the umask.
  mkdirSync(options.dataDir, { recursive: true, mode: DATA_DIR_MODE });
  chmodSync(options.dataDir, DATA_DIR_MODE);
  const db = openCounterDatabase(options.database ?? join(options.dataDir, 'counter.sqlite'));
  const events = new EventEmitter();
  let embedded: Central | null = null;
  let engine: SyncEngine | null = null;
  let terminal: OpenedTerminal | null = null;
  try {
    const catalog = new CatalogCache(db);
    if (catalog.isEmpty()) {
      const demo = loadFixturesFile(fixturesFile);
      catalog.seed(demo, stamp(), { tokens: demo.transitTokens.map(tokenRecord), mandates: demo.directDebitMandates.map(mandateRecord) });
    }
    const firstTouchpoint = [...catalog.current().touchpoints.values()].find((t) => t.isActive)?.salesTouchpointId ?? 0;
    const firstLanguage = [...catalog.current().languages.keys()][0] ?? 1;
    const settings = new CounterSettings(
      db,
      options.vault,
      newId,
      { touchpointId: firstTouchpoint, languageId: firstLanguage },
      clock,
      options.config,
    );

    let centralUrl = options.central?.url ?? settings.centralUrl;
    if (centralUrl && !isAllowedCentralUrl(centralUrl)) {
      throw new Error(`the central's address ${centralUrl} is refused: it must be https:// (http:// only for this computer itself)`);
    }
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
    const client = new CentralClient({ baseUrl: centralUrl, token, timeoutMs: options.central?.timeoutMs });
    const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
    indexExisting(db);
    // Who did it: the staff member logged in when the write commits (null only before anyone logs in).
    let who: () => StaffMember | null = () => null;
    const store = localOrderStore(db, clock, () => {
      const actor = who();
      return actor && { staffId: actor.staffId, name: actor.name };
    });
    const prefix = `K${settings.deviceId.replace(/-/g, '').slice(0, 4).toUpperCase()}`;
    const service = new OrderService({
      store,
      catalog: () => catalog.current(),
      clock,
      newId,
      orderNumbering: { prefix: `${prefix}-`, offset: 0, digits: 6 },
    });
    engine = new SyncEngine({
      db,
      client,
      deviceId: settings.deviceId,
      touchpointId: settings.touchpointId,
      embeddedCentral: embedded !== null,
      now: clock,
      intervalMs: options.intervalMs,
      random: options.random,
    });
    const syncEngine = engine;
    syncEngine.on('status', (status) => events.emit('sync.changed', status));
    syncEngine.on('orders', (ids) => ids.forEach((orderId) => events.emit('orders.changed', { orderId })));
    const mail = options.mail !== undefined ? options.mail : chooseTransport(process.env, embedded !== null, demoTransport);
    const staff = new Staff(db, clock, embedded !== null || options.demoStaff === true);
    who = () => staff.who();
    const days = new DrawerDays(db, timeZone, clock, newId);
    const desk = orderDesk({
      db,
      service,
      touchpointId: () => settings.touchpointId,
      closedToday: () => days.closedToday(),
      changed: (orderId) => {
        events.emit('orders.changed', { orderId });
        // "To send" counts the change now, not after the sync round it starts (seconds offline).
        events.emit('sync.changed', syncEngine.status());
        syncEngine.kick();
      },
    });
    // The payment terminal (docs/api.md §9.2, docs/counter.md §15).
    const terminalStore = new TerminalStore(db, clock);
    const pinMethod = () => methodId([...catalog.current().paymentMethods.values()], 'pin');
    terminal = await openTerminal(
      options.config?.config.terminal,
      embedded !== null,
      settings.deviceId,
      options.terminal ?? {},
      () => terminalStore.nextServiceId(),
      clock,
    );
    const port = terminal.port;
    const terminalPayments = new TerminalPayments({
      store: terminalStore,
      port,
      desk,
      pinMethod,
      progress: (p) => events.emit('terminal.progress', p),
      retryMs: options.terminal?.retryMs,
    });
    const handlers = makeHandlers({
      db,
      desk,
      settings,
      staff,
      now: clock,
      catalog,
      lookups: new Lookups(db, catalog, () => client, clock),
      challenges: new Challenges(mail, clock, newId),
      engine: syncEngine,
      embeddedCentral: embedded !== null,
      days,
      timeZone,
      terminal: {
        payments: terminalPayments,
        money: { db, store: terminalStore, port, desk, pinMethod },
        guard: { owns: (paymentId) => terminalStore.byPayment(paymentId) !== null, takesPin: (m) => port !== null && m === pinMethod() },
      },
    });
    // A payment whose answer never came before the last close is asked about again now.
    terminalPayments.resume();

    const dispatch = makeDispatch(
      handlers,
      () => staff.who(),
      (entry) => recordAudit(db, { ...entry, at: stamp() }),
    );
    const stopRetention = scheduleRetention(() => purgePersonalData(db, settings.retentionDays, clock()));
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
    const openedTerminal = terminal;
    return {
      /** For the device registry and the heartbeat (docs/api.md §11.2): the terminal's state, `none` without one. */
      terminalState: () => port?.state() ?? 'none',
      dispatch,
      on<E extends EventName>(event: E, listener: (payload: IpcEvents[E]) => void) {
        events.on(event, listener);
        return () => events.off(event, listener);
      },
      describe: () => ({ dataDir: options.dataDir, centralUrl: client.baseUrl, embeddedCentral: central !== null }),
      async close() {
        if (closed) return;
        closed = true;
        clearInterval(refresher);
        stopRetention();
        await refreshing;
        await terminalPayments.close();
        await openedTerminal.close();
        await syncEngine.stop();
        client.close();
        mail?.close?.();
        await central?.close();
        db.close();
      },
      test: { engine: syncEngine, handlers, embedded: central, db, terminal: terminalPayments },
    };
  } catch (error) {
    await terminal?.close();
    await engine?.stop();
    await embedded?.close();
    db.close();
    throw error;
  }
}
