import type { channels, HandlersOf } from '../../shared/ipc';
import type { CatalogCache } from './catalog/catalogCache';
import type { CounterDb } from './db/database';
import { cashHandlers } from './cash/handlers';
import type { CashDrawer } from './cash/drawer';
import { fleetHandlers, type FleetDeps } from './fleet/handlers';
import { managerHandlers } from './manager/handlers';
import type { DrawerDays } from './manager/days';
import type { ReportExports } from './manager/exports';
import type { OrderDesk } from './orders/desk';
import { paymentHandlers } from './payments/handlers';
import { saleHandlers } from './sale/handlers';
import { sessionHandlers, staffHandlers } from './session/handlers';
import type { Staff } from './session/staff';
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
  engine: SyncEngine;
  embeddedCentral: boolean;
  days: DrawerDays;
  timeZone: string;
  now: () => Date;
  drawer: CashDrawer;
  /** Opens the cash drawer for a "no sale" (the printer's; docs/api.md §9.3). */
  openDrawer: () => Promise<unknown>;
  fleet: FleetDeps;
  exports: ReportExports;
}

/** The counter's handlers, area by area (each declared beside its implementation: electron/core/<area>/handlers.ts). */
export function makeHandlers(deps: HandlerDeps): Handlers {
  const { db, desk, staff, engine } = deps;
  return {
    ...sessionHandlers(deps),
    ...staffHandlers(deps),
    ...saleHandlers(deps),
    ...tokenHandlers(deps),
    ...paymentHandlers(desk),
    ...settingsHandlers(deps),
    ...syncHandlers({ db, engine, desk }),
    ...managerHandlers({ ...deps, catalog: () => deps.catalog.current(), who: () => staff.who(), syncSoon: () => engine.kick() }),
    ...cashHandlers({ drawer: deps.drawer, who: () => staff.who(), openDrawer: deps.openDrawer }),
    ...fleetHandlers(deps.fleet),
  };
}
