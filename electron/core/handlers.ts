import type { channels, HandlersOf } from '../../shared/ipc';
import type { CatalogCache } from './catalog/catalogCache';
import type { CounterDb } from './db/database';
import { managerHandlers } from './manager/handlers';
import type { DrawerDays } from './manager/days';
import type { OrderDesk } from './orders/desk';
import { terminalHandlers } from './devices/terminal/handlers';
import type { TerminalMoneyDeps } from './devices/terminal/terminalMoney';
import type { TerminalPayments } from './devices/terminal/terminalPayments';
import { paymentHandlers, type TerminalGuard } from './payments/handlers';
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
  /** The payment terminal (docs/api.md §9.2). */
  terminal: { payments: TerminalPayments; money: TerminalMoneyDeps; guard: TerminalGuard };
}

/** The counter's handlers, area by area (each declared beside its implementation: electron/core/<area>/handlers.ts). */
export function makeHandlers(deps: HandlerDeps): Handlers {
  const { db, desk, staff, engine } = deps;
  return {
    ...sessionHandlers(deps),
    ...staffHandlers(deps),
    ...saleHandlers(deps),
    ...tokenHandlers(deps),
    ...paymentHandlers(desk, deps.terminal.guard),
    ...terminalHandlers(deps.terminal.payments, deps.terminal.money),
    ...settingsHandlers(deps),
    ...syncHandlers({ db, engine, desk }),
    ...managerHandlers({ ...deps, catalog: () => deps.catalog.current(), who: () => staff.who(), syncSoon: () => engine.kick() }),
  };
}
