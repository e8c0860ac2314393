import type { CounterDb as Database } from './db/database';
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { chmodSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { EventName, FleetStatus, IpcEvents, StaffMember } from '../../shared/ipc';
import type { DeviceStates } from '../../shared/devices';
import { readSetting } from './db/settings';
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
import { ClockOffset } from './central/clockOffset';
import { Challenges, demoTransport } from './tokens/challenge';
import { createDevices, type Devices } from './devices/devices';
import { makeDispatch } from './dispatch';
import { checkDatabase } from './fleet/databaseCheck';
import { updateMoment, Updates } from './fleet/updates';
import { FleetMember } from './fleet/fleet';
import { ensureTouchpoint } from './fleet/ownTouchpoint';
import { noteFleetEvents, RecentLog } from './fleet/recentLog';
import { saveSupportBundle } from './fleet/supportFile';
import { uploadSupportBundle } from './fleet/supportUpload';
import { openTerminal, type OpenedTerminal } from './terminal/setup';
import { ReversalStore } from './terminal/reversalStore';
import { TerminalPayments } from './terminal/terminalPayments';
import { TerminalRefunds } from './terminal/terminalRefunds';
import { TerminalStore } from './terminal/terminalStore';
import { methodId } from '../../shared/paymentMethods';
import { makeHandlers, type Handlers } from './handlers';
import { Lookups } from './tokens/lookups';
import { CardBlocks } from './cards/blocks';
import { recordAudit } from './audit/audit';
import { DrawerDays } from './manager/days';
import { exportFontsDir, exportThreadEntry, ReportExports } from './manager/exports';
import { indexExisting } from './orders/facts';
import { DayClosed, orderDesk } from './orders/desk';
import { cashRoundingsOf, journalOrderMoney } from './cash/orderMoney';
import { withCashRounding } from '../../domain/receipts/receipt';
import { CashDrawer } from './cash/drawer';
import { recordOrderAct } from './audit/acts';
import { localOrderStore } from './orders/localOrders';
import { purgePersonalData, scheduleRetention } from './settings/retention';
import { chooseTransport } from './tokens/mail';
import { CounterSettings } from './settings/settings';
import { Staff } from './staff/staff';
import { SyncEngine } from './sync/engine';
import type { CounterCore, CounterOptions } from './types';
import packageJson from '../../package.json' with { type: 'json' };

const REFRESH_MS = 10 * 60 * 1000;
const NO_DEVICES = (): DeviceStates => ({ terminal: 'none', printer: 'none' });
/** How often the update feed is asked, after the first time at start. */
const UPDATE_CHECK_MS = 4 * 60 * 60 * 1000;

export interface CounterTestHooks {
  engine: SyncEngine;
  handlers: Handlers;
  embedded: Central | null;
  /** The local database, for tests that check what was committed (outbox, settings). */
  db: Database;
  /** The export worker's owner: tests wait for its `page` events. */
  exports: ReportExports;
  /** The desk's devices: the printer, the drawer (openDrawer for "No sale") and the state registry the terminal registers with. */
  devices: Devices;
  terminal: TerminalPayments;
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
  // The data folder holds photos, birthdates and cached mandates: its owner's only, whatever the umask.
  mkdirSync(options.dataDir, { recursive: true, mode: DATA_DIR_MODE });
  chmodSync(options.dataDir, DATA_DIR_MODE);
  const dbFile = options.database ?? join(options.dataDir, 'counter.sqlite');
  const db = openCounterDatabase(dbFile);
  // Before anything reads it: a damaged file is said on screen, with what to do (docs/counter.md §18).
  const databaseCheck = checkDatabase(db, stamp());
  if (!databaseCheck.ok) console.error(`counter: the database is damaged: ${databaseCheck.problems.join('; ')}`);
  const events = new EventEmitter();
  let embedded: Central | null = null;
  let engine: SyncEngine | null = null;
  let devices: Devices | null = null;
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
    const fleet = new FleetMember({ db, settings, now: clock, code: options.config?.config.enrolment?.code, restart: options.restart });
    if (!options.central) await fleet.claimAtStart(centralUrl);
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
    const clockOffset = options.measureClock === false ? undefined : new ClockOffset(clock);
    const client = new CentralClient({
      baseUrl: centralUrl,
      token,
      timeoutMs: options.central?.timeoutMs,
      clock: clockOffset,
      onRefused: (status, problem) => fleet.heard(status, problem),
    });
    const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
    indexExisting(db);
    // Who did it: the staff member logged in when the write commits (null only before anyone logs in).
    let who: () => StaffMember | null = () => null;
    const actorNow = () => {
      const actor = who();
      return actor && { staffId: actor.staffId, name: actor.name };
    };
    const days = new DrawerDays(db, timeZone, clock, newId);
    // Inside each write of a clerk's change: a closed day undoes it; its money is journaled and
    // its act audited in the same transaction (docs/api.md §10.3).
    const store = localOrderStore(db, clock, actorNow, (tx, _orderId, _change, order) => {
      const closed = days.closedToday();
      if (closed !== null) throw new DayClosed(closed);
      if (order) journalOrderMoney(tx, order, actorNow(), stamp(), settings.cashRounding);
      recordOrderAct();
    });
    const prefix = `K${settings.deviceId.replace(/-/g, '').slice(0, 4).toUpperCase()}`;
    const service = new OrderService({
      store,
      // The touchpoint this counter's token names sells, listed by the reference data or not (docs/api.md §11.1).
      catalog: () => ensureTouchpoint(catalog.current(), settings.touchpointId),
      clock,
      newId,
      orderNumbering: { prefix: `${prefix}-`, offset: 0, digits: 6 },
    });
    // The Electron shell passes the app's own; the browser shell and a counter run from the sources
    // report package.json's, the version operators plan updates by (docs/api.md §11.2).
    const appVersion = options.appVersion ?? packageJson.version;
    const heartbeat = fleet.heartbeat({
      client,
      appVersion,
      clockOffsetMs: () => clockOffset?.ms ?? null,
      lastSyncAt: () => readSetting<string>(db, 'sync.lastSuccessAt') ?? null,
      deviceStates: () => devices?.registry.deviceStates() ?? NO_DEVICES(),
    });
    const cardBlocks = new CardBlocks(db, () => client, newId, clock);
    engine = new SyncEngine({
      db,
      client,
      deviceId: settings.deviceId,
      // A new enrolment with the same central applies at once.
      get touchpointId() {
        return settings.touchpointId;
      },
      embeddedCentral: embedded !== null,
      now: clock,
      intervalMs: options.intervalMs,
      random: options.random,
      probeIntervalMs: options.probeIntervalMs,
      clock: clockOffset,
      revoked: () => fleet.view().state === 'revoked',
      // Each round that reached the central: the heartbeat, then the card blocks made offline (docs/counter.md §22.2).
      beforePush: async () => {
        await heartbeat();
        await cardBlocks.sendAll();
      },
    });
    const syncEngine = engine;
    const log = new RecentLog(clock);
    noteFleetEvents(log, { engine: syncEngine, clock: clockOffset, enrolment: fleet.enrolment, databaseCheck });
    const updates = new Updates(
      options.updater ?? null,
      () => updateMoment(db, clock()),
      appVersion,
      () => fleet.enrolment.current?.deviceId ?? settings.deviceId,
    );
    // Each sync round and each sale's change is a moment to install a waiting update at.
    events.on('sync.changed', () => updates.consider());
    clockOffset?.onChange(() => events.emit('sync.changed', syncEngine.status()));
    syncEngine.on('status', (status) => events.emit('sync.changed', status));
    syncEngine.on('orders', (ids) => ids.forEach((orderId) => events.emit('orders.changed', { orderId })));
    const mail = options.mail !== undefined ? options.mail : chooseTransport(process.env, embedded !== null, demoTransport);
    const staff = new Staff(db, clock, embedded !== null || options.demoStaff === true);
    who = () => staff.who();
    const exports = new ReportExports({
      db,
      file: dbFile === ':memory:' ? null : dbFile,
      fonts: options.exportFonts ?? exportFontsDir() ?? 'assets/fonts',
      entry: options.exportThread === undefined ? exportThreadEntry() : options.exportThread,
      ...(options.exportGate ? { gate: options.exportGate } : {}),
    });
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
    const fleetStatus = (): FleetStatus => ({
      appVersion,
      database: { ok: databaseCheck.ok, problems: databaseCheck.problems.length, checkedAt: databaseCheck.checkedAt },
      clockOffsetMs: clockOffset?.ms ?? null,
      update: updates.view(),
      enrolment: fleet.view(),
    });
    // The payment terminal's exchanges (docs/counter.md §15): the receipts print their text.
    const terminalStore = new TerminalStore(db, clock);
    const deskDevices = createDevices({
      // The printer and its drawer as in force: the configuration's, else the manager's settings (docs/api.md §9.1).
      config: { ...options.config?.config, printer: { url: settings.printerUrl }, drawer: settings.drawer },
      pollMs: options.devicePollMs,
      db,
      timeZone,
      now: clock,
      loadOrder: async (orderId) => {
        const found = await service.get(orderId, desk.caller());
        // Each cash payment with the rounding recorded when it was taken: the receipt and the display read it (cashOf).
        return found.ok ? terminalStore.withReceipts(withCashRounding(found.value, cashRoundingsOf(db, orderId))) : null;
      },
      cashRounding: () => settings.cashRounding,
      touchpointName: () => catalog.current().touchpoints.get(settings.touchpointId)?.name,
      changed: (orderId) => events.emit('receipt.changed', { orderId }),
    });
    devices = deskDevices;
    deskDevices.registry.onChange((states) => events.emit('devices.changed', states));
    deskDevices.display.onChange((view) => events.emit('display.changed', view));
    // The sale on the customer display follows every committed change of it.
    events.on('orders.changed', ({ orderId }: { orderId: string }) => void deskDevices.display.orderChanged(orderId));
    // The payment terminal (docs/api.md §9.2, docs/counter.md §15).
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
      heldMs: options.terminal?.heldMs,
      settled: (order, paymentId) => deskDevices.receipts.afterPayment(order, paymentId),
    });
    deskDevices.registry.register('terminal', { state: () => port?.state() ?? 'none' });
    const terminalMoney = { db, store: terminalStore, port, desk, pinMethod };
    const terminalRefunds = new TerminalRefunds({
      ...terminalMoney,
      reversals: new ReversalStore(db, clock),
      who: () => staff.who(),
      closedToday: () => days.closedToday(),
      audit: (entry) => recordAudit(db, { ...entry, at: stamp() }),
      settled: (order, paymentId) => deskDevices.receipts.afterPayment(order, paymentId),
      retryMs: options.terminal?.retryMs,
      heldMs: options.terminal?.heldMs,
    });
    // What a support bundle is made of, the same for the file and the upload (docs/counter.md §18).
    const bundleInput = () => ({
      db,
      now: clock(),
      fleet: fleetStatus(),
      sync: syncEngine.status(),
      deviceStates: deskDevices.registry.deviceStates(),
      config: options.config,
      log: log.all(),
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
      cardBlocks,
      newId,
      engine: syncEngine,
      embeddedCentral: embedded !== null,
      days,
      timeZone,
      drawer: new CashDrawer(db, days, timeZone, clock, newId),
      fleet: {
        status: fleetStatus,
        mayEnrol: () => staff.firstRun() || staff.who()?.role === 'manager',
        fixedCentralUrl: () => (settings.fixedSettings.centralUrl ? settings.centralUrl : null),
        apply: (url, credentials) => fleet.apply(url, credentials, { url: client.baseUrl, embedded: embedded !== null }),
        supportBundle: () => saveSupportBundle(options.dataDir, bundleInput()),
        uploadSupportBundle: () =>
          uploadSupportBundle({ client, enrolment: fleet.enrolment, online: syncEngine.status().online, input: bundleInput() }),
      },
      exports,
      devices: deskDevices,
      terminal: {
        payments: terminalPayments,
        refunds: terminalRefunds,
        money: terminalMoney,
        guard: { owns: (paymentId) => terminalStore.byPayment(paymentId) !== null, takesPin: (m) => port !== null && m === pinMethod() },
      },
    });
    // A payment whose answer never came before the last close is asked about again now.
    terminalPayments.resume();
    // Likewise a reversal: the refund of one the terminal did is recorded once.
    terminalRefunds.resume();

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
    updates.check();
    const updateChecks = setInterval(() => updates.check(), UPDATE_CHECK_MS);
    updateChecks.unref();
    if (options.autoSync !== false) void refresh().then(() => closed || syncEngine.start());

    const central = embedded;
    const openedTerminal = terminal;
    return {
      /** For the device registry and the heartbeat (docs/api.md §11.2): the terminal's state, `none` without one. */
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
        clearInterval(updateChecks);
        stopRetention();
        await refreshing;
        await terminalPayments.close();
        await terminalRefunds.close();
        await openedTerminal.close();
        await syncEngine.stop();
        await exports.close();
        deskDevices.close();
        client.close();
        mail?.close?.();
        await central?.close();
        db.close();
      },
      test: { engine: syncEngine, handlers, embedded: central, db, exports, devices: deskDevices, terminal: terminalPayments },
    };
  } catch (error) {
    await terminal?.close();
    await engine?.stop();
    devices?.close();
    await embedded?.close();
    db.close();
    throw error;
  }
}
