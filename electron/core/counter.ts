import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { EventName, IpcEvents } from '../../shared/ipc';
import { DEFAULT_TIME_ZONE } from '../../domain/reports/timeZone';
import { withCashRounding } from '../../domain/receipts/receipt';
import { auditArea } from './audit';
import { cardsArea } from './cards';
import { cashArea } from './cash';
import { catalogArea } from './catalog';
import { centralArea, type EmbeddedCentral } from './central';
import { openDataFolder, type CounterDb } from './db/database';
import { createDevices, type Devices } from './devices';
import { displayArea } from './display';
import { makeDispatch } from './dispatch';
import { checkDatabase, FleetMember, fleetArea } from './fleet';
import type { Handlers } from './handlers';
import { managerArea, managerDays, type ReportExports } from './manager';
import { ordersArea } from './orders';
import { paymentsArea } from './payments';
import { printingArea } from './printing';
import { returnsArea } from './returns';
import { saleArea } from './sale';
import { sessionArea } from './session';
import { CounterSettings, settingsArea } from './settings';
import { staffArea } from './staff';
import { syncArea, type SyncEngine } from './sync';
import { terminalArea, type TerminalPayments } from './terminal';
import { tokensArea } from './tokens';
import type { CounterCore, CounterOptions } from './types';
import packageJson from '../../package.json' with { type: 'json' };

export interface CounterTestHooks {
  engine: SyncEngine;
  handlers: Handlers;
  embedded: EmbeddedCentral | null;
  /** The local database, for tests that check what was committed (outbox, settings). */
  db: CounterDb;
  /** The export worker's owner: tests wait for its `page` events. */
  exports: ReportExports;
  /** The desk's devices: the printer, the drawer (openDrawer for "No sale") and the state registry the terminal registers with. */
  devices: Devices;
  terminal: TerminalPayments;
}

/**
 * The counter's main-process core, composed of its areas (docs/architecture.md §2): each area's
 * factory wires its own services and returns its handlers and the hooks it offers; here they
 * are only put together, in the order their hooks are needed. Nothing here imports electron.
 */
export async function createCounter(options: CounterOptions): Promise<CounterCore & { test: CounterTestHooks }> {
  const now = options.clock ?? (() => new Date());
  const newId = options.newId ?? randomUUID;
  const { db, file: dbFile } = openDataFolder(options.dataDir, options.database);
  // Before anything reads it: a damaged file is said on screen, with what to do (docs/counter.md §18).
  const databaseCheck = checkDatabase(db, now().toISOString());
  if (!databaseCheck.ok) console.error(`counter: the database is damaged: ${databaseCheck.problems.join('; ')}`);
  const events = new EventEmitter();
  const emit = <E extends EventName>(event: E, payload: IpcEvents[E]) => void events.emit(event, payload);
  const opened: { close(): unknown }[] = [];
  try {
    const catalog = catalogArea({ db, fixtures: options.fixtures, now });
    const settings = new CounterSettings(
      db,
      options.vault,
      newId,
      { touchpointId: catalog.firstTouchpoint(), languageId: catalog.firstLanguage() },
      now,
      options.config,
    );
    const member = new FleetMember({ db, settings, now, code: options.config?.config.enrolment?.code, restart: options.restart });
    const central = await centralArea({
      given: options.central,
      configuredUrl: settings.centralUrl,
      bearerToken: () => settings.bearerToken(),
      dataDir: options.dataDir,
      fixturesFile: catalog.fixturesFile,
      measureClock: options.measureClock !== false,
      now,
      beforeConnect: (url) => member.claimAtStart(url),
      onRefused: (status, problem) => member.heard(status, problem),
    });
    opened.push(central);
    const embeddedCentral = central.embedded !== null;
    const timeZone = options.timeZone ?? DEFAULT_TIME_ZONE;
    const audit = auditArea({ db, now });
    const staff = staffArea({ db, now, demo: embeddedCentral || options.demoStaff === true });
    const actor = () => {
      const who = staff.who();
      return who && { staffId: who.staffId, name: who.name };
    };
    const devices = createDevices({
      // The printer and its drawer as in force: the configuration's, else the manager's settings (docs/api.md §9.1).
      config: { ...options.config?.config, printer: { url: settings.printerUrl }, drawer: settings.drawer },
      pollMs: options.devicePollMs,
    });
    opened.push(devices);
    devices.registry.onChange((states) => emit('devices.changed', states));
    const days = managerDays({ db, timeZone, now, newId });
    const cash = cashArea({
      db,
      days: days.days,
      timeZone,
      now,
      newId,
      who: staff.who,
      actor,
      cashRounding: () => settings.cashRounding,
      openDrawer: (reason) => devices.openDrawer(reason),
    });
    const orders = ordersArea({
      db,
      now,
      newId,
      deviceId: settings.deviceId,
      touchpointId: () => settings.touchpointId,
      catalog: () => catalog.sellingAt(settings.touchpointId),
      actor,
      // Inside each write of a clerk's change: a closed day undoes it; its money is journaled and
      // its act audited in the same transaction (docs/api.md §10.3).
      onWrite: [days.onOrderWrite, cash.onOrderWrite, audit.onOrderWrite],
      closedToday: () => days.days.closedToday(),
      changed: (orderId) => {
        emit('orders.changed', { orderId });
        sync.orderChanged();
      },
    });
    const tokens = tokensArea({
      db,
      catalog: catalog.catalog,
      client: () => central.client,
      now,
      newId,
      embeddedCentral,
      mail: options.mail,
    });
    opened.push(tokens);
    const cards = cardsArea({
      db,
      client: () => central.client,
      catalog: catalog.catalog,
      lookups: tokens.lookups,
      staff: staff.staff,
      desk: orders.desk,
      settle: () => sync.engine.settle(),
      newId,
      now,
    });
    // The Electron shell passes the app's own; the browser shell and a counter run from the sources
    // report package.json's, the version operators plan updates by (docs/api.md §11.2).
    const appVersion = options.appVersion ?? packageJson.version;
    const fleet = fleetArea({
      db,
      member,
      settings,
      client: central.client,
      clockOffset: central.clockOffset,
      embeddedCentral,
      databaseCheck,
      appVersion,
      updater: options.updater ?? null,
      config: options.config,
      dataDir: options.dataDir,
      now,
      deviceStates: () => devices.registry.deviceStates(),
      sync: () => sync.engine,
      staff: staff.staff,
    });
    opened.push(fleet);
    const sync = syncArea({
      db,
      client: central.client,
      deviceId: settings.deviceId,
      touchpointId: () => settings.touchpointId,
      embeddedCentral,
      now,
      intervalMs: options.intervalMs,
      random: options.random,
      probeIntervalMs: options.probeIntervalMs,
      clock: central.clockOffset,
      revoked: fleet.revoked,
      // Each round that reached the central: the heartbeat, then the card blocks made offline, those
      // behind a sale on their card after the sales (docs/counter.md §22.2).
      beforePush: [fleet.heartbeat, cards.sendBlocks],
      afterPush: [cards.sendBlocks],
      desk: orders.desk,
      statusChanged: (status) => emit('sync.changed', status),
      ordersChanged: (orderId) => emit('orders.changed', { orderId }),
    });
    opened.push(sync);
    events.on('sync.changed', fleet.considerUpdate);
    fleet.start();
    const printing = printingArea({
      db,
      devices,
      timeZone,
      now,
      loadOrder: async (orderId) => {
        const found = await orders.service.get(orderId, orders.desk.caller());
        // Each cash payment with the rounding recorded when it was taken: the receipt and the display read it (cashOf).
        return found.ok ? terminal.withReceipts(withCashRounding(found.value, cash.roundingsOf(orderId))) : null;
      },
      touchpointName: () => catalog.catalog.current().touchpoints.get(settings.touchpointId)?.name,
      changed: (orderId) => emit('receipt.changed', { orderId }),
      languageCode: () => catalog.languageCode(settings.languageId),
      pagePrinter: options.pagePrinter ?? null,
      printerName: () => settings.printerName,
    });
    const display = displayArea({
      loadOrder: printing.receiptOrder,
      cashRounding: () => settings.cashRounding,
      changed: (view) => emit('display.changed', view),
    });
    // The sale on the customer display follows every committed change of it.
    events.on('orders.changed', ({ orderId }: { orderId: string }) => display.orderChanged(orderId));
    const terminal = await terminalArea({
      db,
      now,
      config: options.config?.config.terminal,
      embeddedCentral,
      deviceId: settings.deviceId,
      options: options.terminal ?? {},
      desk: orders.desk,
      pinMethod: catalog.pinMethod,
      progress: (p) => emit('terminal.progress', p),
      who: staff.who,
      days: days.days,
      audit: audit.record,
      afterPayment: printing.afterPayment,
      registry: devices.registry,
    });
    opened.push(terminal);
    const manager = managerArea({
      db,
      days: days.days,
      desk: orders.desk,
      catalog: () => catalog.catalog.current(),
      timeZone,
      who: staff.who,
      syncSoon: () => sync.engine.kick(),
      exportFile: dbFile === ':memory:' ? null : dbFile,
      exportFonts: options.exportFonts,
      exportThread: options.exportThread,
      exportGate: options.exportGate,
      chooseExportFile: options.chooseExportFile,
      dataDir: options.dataDir,
      settings,
      now,
      afterDayClose: terminal.atDayClose,
    });
    opened.push(manager);
    const settingsChannels = settingsArea({
      db,
      settings,
      catalog: catalog.catalog,
      staff: staff.staff,
      embeddedCentral,
      now,
      centralDeviceId: () => fleet.status().enrolment.deviceId,
      devicesChanged: devices.configure,
    });
    opened.push(settingsChannels);
    const handlers: Handlers = {
      ...sessionArea({ staff: staff.staff, settings, catalog: catalog.catalog, embeddedCentral, timeZone, onLogout: [display.clear] })
        .handlers,
      ...staff.handlers,
      ...saleArea({ db, desk: orders.desk, catalog: catalog.catalog, lookups: tokens.lookups, settings, staff: staff.staff, timeZone, now })
        .handlers,
      ...tokens.handlers,
      ...paymentsArea({ desk: orders.desk, guard: terminal.guard, afterPayment: printing.afterPayment }).handlers,
      ...terminal.handlers,
      ...settingsChannels.handlers,
      ...sync.handlers,
      ...display.handlers,
      ...printing.handlers,
      ...manager.handlers,
      ...cash.handlers,
      ...fleet.handlers,
      ...cards.handlers,
      ...returnsArea({
        desk: orders.desk,
        staff: staff.staff,
        guard: terminal.guard,
        refunds: terminal.refunds,
        afterRefund: printing.afterPayment,
      }).handlers,
    };
    terminal.resume();
    const dispatch = makeDispatch(handlers, staff.who, audit.record);
    const refresh = catalog.refreshFrom(central.client, (refreshedAt) => emit('catalog.changed', { refreshedAt }));
    opened.push(catalog);
    let closed = false;
    if (options.autoSync !== false) void refresh().then(() => closed || sync.engine.start());

    return {
      dispatch,
      on<E extends EventName>(event: E, listener: (payload: IpcEvents[E]) => void) {
        events.on(event, listener);
        return () => events.off(event, listener);
      },
      describe: () => ({ dataDir: options.dataDir, centralUrl: central.client.baseUrl, embeddedCentral }),
      async close() {
        if (closed) return;
        closed = true;
        // The areas close in the reverse of their opening: the database last.
        for (const area of opened.reverse()) await area.close();
        db.close();
      },
      test: {
        engine: sync.engine,
        handlers,
        embedded: central.embedded,
        db,
        exports: manager.exports,
        devices,
        terminal: terminal.payments,
      },
    };
  } catch (error) {
    for (const area of opened.reverse()) await area.close();
    db.close();
    throw error;
  }
}
