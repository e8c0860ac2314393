import type { HandlersOf, StaffMember } from '../../../shared/ipc';
import type { managerChannels } from '../../../shared/ipc/manager';
import type { DayReport } from '../../../shared/manager/types';
import { ok } from '../../../shared/refusals';
import type { Catalog } from '../../../domain/catalog';
import type { CounterDb } from '../db/database';
import { DayClosed, type OrderDesk } from '../orders';
import { DrawerDays } from './days';
import { inExportsFolder, type ChooseExportFile } from './exportPlace';
import { exportFontsDir, exportThreadEntry, ReportExports } from './exports';
import { managerHandlers } from './handlers';

/** What another area adds to a day's Z once the close committed (the terminal's Reconciliation: terminal/dayClose.ts). */
export type AfterDayClose = (report: DayReport) => Promise<DayReport>;

/** The day channels with what other areas do once a day is closed; the close commits before. */
export function withAfterDayClose(handlers: HandlersOf<typeof managerChannels>, after: AfterDayClose): HandlersOf<typeof managerChannels> {
  return {
    ...handlers,
    'day.close': async (input) => {
      const closed = await handlers['day.close'](input);
      return closed.ok ? ok(await after(closed.value)) : closed;
    },
  };
}

/**
 * The business days of the drawer (table drawer_days: open, X, Z), made first: the order store,
 * the drawer and the terminal ask it whether today is closed.
 */
export function managerDays({ db, timeZone, now, newId }: { db: CounterDb; timeZone: string; now: () => Date; newId: () => string }) {
  const days = new DrawerDays(db, timeZone, now, newId);
  return {
    days,
    /** In each order write: a closed day refuses it (docs/api.md §10.3). */
    onOrderWrite: () => {
      const closed = days.closedToday();
      if (closed !== null) throw new DayClosed(closed);
    },
  };
}

/** The manager's channels (docs/counter.md §10): review, the drawer's day, reports and exports, the audit trail. */
export function managerArea(deps: {
  db: CounterDb;
  days: DrawerDays;
  desk: OrderDesk;
  catalog: () => Catalog;
  timeZone: string;
  who: () => StaffMember | null;
  syncSoon: () => void;
  /** The database file the export worker reads (null: in memory, exports run inline). */
  exportFile: string | null;
  exportFonts: string | undefined;
  exportThread: URL | null | undefined;
  exportGate: SharedArrayBuffer | undefined;
  /** Where exports are saved (the shell's save dialog); by default the data folder's exports folder. */
  chooseExportFile: ChooseExportFile | undefined;
  dataDir: string;
  settings: { readonly touchpointId: number; readonly deviceId: string };
  now: () => Date;
  afterDayClose: AfterDayClose;
}) {
  const exports = new ReportExports({
    db: deps.db,
    file: deps.exportFile,
    fonts: deps.exportFonts ?? exportFontsDir() ?? 'assets/fonts',
    entry: deps.exportThread === undefined ? exportThreadEntry() : deps.exportThread,
    ...(deps.exportGate ? { gate: deps.exportGate } : {}),
  });
  return {
    exports,
    handlers: withAfterDayClose(
      managerHandlers({ ...deps, exports, chooseExportFile: deps.chooseExportFile ?? inExportsFolder }),
      deps.afterDayClose,
    ),
    close: () => exports.close(),
  };
}
