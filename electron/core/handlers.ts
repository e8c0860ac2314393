import type { channels, HandlersOf } from '../../shared/ipc';
import type { CatalogCache } from './catalog/catalogCache';
import type { CounterDb } from './db/database';
import type { Devices } from './devices/devices';
import { displayHandlers, printingHandlers, withDeskEffects, withDeviceSettings } from './devices/handlers';
import { cardHandlers } from './cards/handlers';
import type { CardBlocks } from './cards/blocks';
import { cashHandlers } from './cash/handlers';
import type { CashDrawer } from './cash/drawer';
import { fleetHandlers, type FleetDeps } from './fleet/handlers';
import { managerHandlers } from './manager/handlers';
import type { DrawerDays } from './manager/days';
import type { ReportExports } from './manager/exports';
import type { OrderDesk } from './orders/desk';
import { withTerminalAtClose } from './terminal/dayClose';
import { terminalHandlers } from './terminal/handlers';
import type { TerminalMoneyDeps } from './terminal/terminalMoney';
import type { TerminalPayments } from './terminal/terminalPayments';
import type { TerminalRefunds } from './terminal/terminalRefunds';
import { paymentHandlers, type TerminalGuard } from './payments/handlers';
import { returnHandlers } from './returns/handlers';
import { saleHandlers } from './sale/handlers';
import { sessionHandlers, staffHandlers } from './session/handlers';
import type { Staff } from './staff/staff';
import { settingsHandlers } from './settings/handlers';
import type { CounterSettings } from './settings/settings';
import type { SyncEngine } from './sync/engine';
import { syncHandlers } from './sync/handlers';
import type { Challenges } from './tokens/challenge';
import { tokenHandlers } from './tokens/handlers';
import type { Lookups } from './tokens/lookups';

/** Every channel's handler: what the dispatch runs once the gate let a call through. */
export type Handlers = HandlersOf<typeof channels>;

export interface HandlerDeps {
  db: CounterDb;
  desk: OrderDesk;
  settings: CounterSettings;
  staff: Staff;
  catalog: CatalogCache;
  lookups: Lookups;
  challenges: Challenges;
  /** The card blocks waiting for the central (docs/counter.md §22.2). */
  cardBlocks: CardBlocks;
  newId: () => string;
  engine: SyncEngine;
  embeddedCentral: boolean;
  days: DrawerDays;
  timeZone: string;
  now: () => Date;
  devices: Devices;
  drawer: CashDrawer;
  fleet: FleetDeps;
  exports: ReportExports;
  /** The payment terminal (docs/api.md §9.2). */
  terminal: { payments: TerminalPayments; refunds: TerminalRefunds; money: TerminalMoneyDeps; guard: TerminalGuard };
}

/** The counter's handlers, area by area (each declared beside its implementation: electron/core/<area>/handlers.ts). */
export function makeHandlers(deps: HandlerDeps): Handlers {
  const { db, desk, staff, engine } = deps;
  const session = sessionHandlers(deps);
  return {
    ...session,
    // Nobody at the counter: no sale on the customer display (docs/api.md §9.4).
    'session.logout': async (input) => {
      const answer = await session['session.logout'](input);
      await deps.devices.display.show(null);
      return answer;
    },
    ...staffHandlers(deps),
    ...saleHandlers(deps),
    ...tokenHandlers(deps),
    ...withDeskEffects(paymentHandlers(desk, deps.terminal.guard), deps.devices),
    ...terminalHandlers(deps.terminal, deps.now),
    ...withDeviceSettings(settingsHandlers(deps), deps.devices),
    ...syncHandlers({ db, engine, desk }),
    ...displayHandlers(deps.devices.display),
    ...printingHandlers({
      devices: deps.devices,
      languageCode: () => deps.catalog.current().languages.get(deps.settings.languageId)?.iso639Code ?? 'nl',
    }),
    ...withTerminalAtClose(
      managerHandlers({ ...deps, catalog: () => deps.catalog.current(), who: () => staff.who(), syncSoon: () => engine.kick() }),
      deps.terminal.money,
      deps.now,
    ),
    ...cashHandlers({ drawer: deps.drawer, who: () => staff.who(), openDrawer: (reason) => deps.devices.openDrawer(reason) }),
    ...fleetHandlers(deps.fleet),
    ...cardHandlers({
      ...deps,
      blocks: deps.cardBlocks,
      client: () => deps.lookups.client(),
      settle: () => engine.settle(),
    }),
    ...returnHandlers({
      desk,
      staff,
      guard: deps.terminal.guard,
      refunds: deps.terminal.refunds,
      afterRefund: (order, paymentId) => deps.devices.receipts.afterPayment(order, paymentId),
    }),
  };
}
