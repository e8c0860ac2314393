import type { CounterDb as Database } from '../db/database';
import type { HandlersOf, StaffMember } from '../../../shared/ipc';
import type { managerChannels } from '../../../shared/ipc/manager';
import { ok, refusal } from '../../../shared/refusals';
import type { Catalog } from '../../../domain/catalog';
import { dayBounds } from '../../../domain/reports/timeZone';
import { readDayTerminalTotals } from '../terminal';
import type { OrderDesk } from '../orders';
import { auditPage, forgoAct } from '../audit';
import type { DrawerDays } from './days';
import type { Report } from './export';
import { exportContext, reportFrame, wordsOf } from './exportContext';
import { dayReportFile } from './exportDay';
import { exportFileOf } from './exportFile';
import { exportsFolder, saveExport, type ChooseExportFile } from './exportPlace';
import type { ReportExports } from './exports';
import { decodePosition, encodePosition, orderEvents, ordersPage, rangeSummary, staleOrders, tokenIdsFor, type Bounds } from '../orders';
import { summaryOf as reportSummaryOf, type ReportJob } from './reportJobs';

export interface ManagerDeps {
  db: Database;
  desk: OrderDesk;
  catalog: () => Catalog;
  days: DrawerDays;
  timeZone: string;
  who: () => StaffMember | null;
  /** Starts a sync round soon: a day close is on its way to the central. */
  syncSoon: () => void;
  /** Builds the exports over a range of days off the main loop. */
  exports: ReportExports;
  /** Asks where an export is saved (the shell's save dialog: exportPlace.ts). */
  chooseExportFile: ChooseExportFile;
  /** The counter's data folder: no export is saved in it but in its exports folder. */
  dataDir: string;
  /** Where the counter sells and what it is called, for the exports' headings. */
  settings: { readonly touchpointId: number; readonly deviceId: string };
  now: () => Date;
}

const badCursor = () => refusal('invalid', 'list.badCursor', {}, [{ detail: 'not a cursor of this list', pointer: '/cursor' }]);

/** The manager's channels: review, stale concepts, the drawer's day, reports and export, audit (docs/counter.md §10). */
export function managerHandlers(deps: ManagerDeps): HandlersOf<typeof managerChannels> {
  const { db, days, timeZone } = deps;
  const bounds = (range: { from: string; to: string }): Bounds => dayBounds(range.from, timeZone, range.to);
  const actor = () => {
    const who = deps.who()!;
    return { staffId: who.staffId, name: who.name };
  };
  const summaryOf = (range: { from: string; to: string }) => reportSummaryOf(db, range, timeZone);
  /** A closed day's Z with the terminal's totals kept with it (docs/api.md §9.2), on screen, reprinted and exported alike. */
  const zReport = (businessDate: string) => {
    const z = days.zReport(businessDate);
    const kept = z.ok ? readDayTerminalTotals(db, businessDate) : null;
    return z.ok && kept ? ok({ ...z.value, terminal: kept }) : z;
  };

  return {
    'manager.orders': async ({ range, filters, cursor, limit }) => {
      const after = cursor === null ? null : decodePosition(cursor);
      if (cursor !== null && after === null) return badCursor();
      const tokenIds = filters.token !== undefined ? tokenIdsFor(deps.catalog(), filters.token) : [];
      const page = ordersPage(db, bounds(range), filters, tokenIds, after, limit);
      return ok({
        rows: page.rows,
        next: page.next && encodePosition(page.next),
        summary: rangeSummary(db, bounds(range), filters, tokenIds),
      });
    },
    'manager.order': async ({ orderId }) => {
      const view = await deps.desk.get(orderId);
      if (!view.ok) return view;
      const events = orderEvents(db, orderId);
      const reached = events.filter((e) => e.kind === 'reachedCentral').at(-1);
      return ok({
        order: view.value,
        events,
        reachedCentralAt: view.value.sync.state === 'synced' ? (reached?.at ?? null) : null,
        refusedReasons: view.value.sync.state === 'rejected' ? view.value.sync.reasons : [],
      });
    },
    'manager.staleConcepts': async () =>
      ok(
        staleOrders(db, dayBounds(days.today(), timeZone).from).map(
          ({ orderId, orderNumber, createdOn, statusId, totalAmount, clerk }) => ({
            orderId,
            orderNumber,
            createdOn,
            statusId,
            totalAmount,
            clerk,
          }),
        ),
      ),
    'manager.cancelStale': async ({ orderIds }) => {
      const before = dayBounds(days.today(), timeZone).from;
      const stale = new Set(staleOrders(db, before).map((o) => o.orderId));
      const cancelled: string[] = [];
      const refused: { orderId: string; code: string }[] = [];
      for (const orderId of orderIds) {
        // Only what the list offered: an order of today, or one paid since, is not cancelled here.
        if (!stale.has(orderId)) {
          refused.push({ orderId, code: 'order.conflict' });
          continue;
        }
        const result = await deps.desk.service.cancel(orderId, deps.desk.caller());
        if (result.ok) {
          cancelled.push(orderId);
          deps.desk.changed(orderId);
        } else refused.push({ orderId, code: `order.${result.refusal.kind === 'not-found' ? 'notFound' : result.refusal.kind}` });
      }
      return ok({ cancelled, refused });
    },
    'day.status': async () => ok(days.status()),
    'day.open': async ({ float }) => days.open(float, actor()),
    'day.xReport': async () => ok(days.xReport()),
    'day.close': async ({ counted, note }) => {
      const closed = days.close(counted, note, actor());
      if (closed.ok) deps.syncSoon();
      return closed;
    },
    'day.zReport': async ({ businessDate }) => zReport(businessDate),
    'day.list': async ({ before, limit }) => ok(days.list(before, limit)),
    'reports.summary': async ({ range }) => ok(summaryOf(range)),
    'reports.export': async (input) => {
      const context = exportContext({
        language: input.language,
        timeZone,
        catalog: deps.catalog(),
        touchpointId: deps.settings.touchpointId,
        deviceId: deps.settings.deviceId,
        madeAt: deps.now().toISOString(),
        today: days.today(),
      });
      // The file's name is known before anything is written: the save dialog suggests it.
      let made: { named: Pick<Report, 'name' | 'nameParts'>; write: (part: string) => Promise<number> };
      if (input.report === 'zReport') {
        const z = zReport(input.businessDate);
        if (!z.ok) return z;
        // A day's report, small, is built here.
        const day = dayReportFile(context, z.value);
        made = { named: day, write: (part) => deps.exports.file(day, input.format, part) };
      } else {
        // Everything over a range of days is built by the export worker (exports.ts), off this loop.
        const job: ReportJob =
          input.report === 'orders'
            ? { ...input, context, tokenIds: input.filters.token !== undefined ? tokenIdsFor(deps.catalog(), input.filters.token) : [] }
            : { ...input, context };
        const named = reportFrame(context, input.report, wordsOf(context)[input.report], input.range.from, input.range.to);
        made = { named, write: (part) => deps.exports.run(job, part) };
      }
      const file = exportFileOf(made.named, input.format);
      const place = await deps.chooseExportFile(file, exportsFolder(deps.dataDir));
      if (place === null) {
        // Cancelled in the save dialog: nothing was exported, so the trail records nothing.
        forgoAct();
        return ok({ cancelled: true as const });
      }
      return saveExport(place, { ...file, report: input.report }, deps.dataDir, made.write);
    },
    'audit.list': async ({ range, staffId, orderId, cursor, limit }) => {
      const after = cursor === null ? null : Number(cursor);
      if (after !== null && !(Number.isSafeInteger(after) && after > 0)) return badCursor();
      const page = auditPage(db, bounds(range), { staffId, orderId }, after, limit);
      return ok({ rows: page.rows, next: page.next === null ? null : String(page.next) });
    },
  };
}
