import type { CounterDb as Database } from '../db/database';
import type { CounterOrder, IpcResult, StaffMember } from '../../../shared/ipc';
import type { ReportName } from '../../../shared/manager/schemas';
import type { AuditEntry, ManagerOrderRow } from '../../../shared/manager/types';
import { refusal } from '../../../shared/refusals';
import type { Caller, OrderService } from '../../../domain/service';
import type { Catalog } from '../../../domain/catalog';
import { reportSummary } from '../../../domain/reports/figures';
import { dayBounds } from '../../../domain/reports/timeZone';
import type { Handlers } from '../handlers';
import { auditPage } from './audit';
import { isDayRefusal, type DayRefusal, type DrawerDays } from './days';
import { exportFile, type Report } from './export';
import {
  decodePosition,
  encodePosition,
  movementsIn,
  orderEvents,
  ordersMadeIn,
  ordersPage,
  rangeSummary,
  refusedIn,
  staleOrders,
  tokenIdsFor,
  type Bounds,
  type Position,
} from './queries';
import { auditReport, dayReportFile, ordersReport, summaryReport } from './reportFiles';
import { syncProblems } from './syncProblems';

export interface ManagerDeps {
  db: Database;
  service: OrderService;
  catalog: () => Catalog;
  days: DrawerDays;
  timeZone: string;
  who: () => StaffMember | null;
  caller: () => Caller;
  orderView: (orderId: string) => Promise<IpcResult<CounterOrder>>;
  changed: (orderId: string) => void;
  /** Starts a sync round soon: a day close is on its way to the central. */
  syncSoon: () => void;
}

export type ManagerChannel =
  | 'sync.problems'
  | 'manager.orders'
  | 'manager.order'
  | 'manager.staleConcepts'
  | 'manager.cancelStale'
  | 'day.status'
  | 'day.open'
  | 'day.xReport'
  | 'day.close'
  | 'day.zReport'
  | 'day.list'
  | 'reports.summary'
  | 'reports.export'
  | 'audit.list';

const done = <T>(value: T) => ({ ok: true, value }) as const;
const dayRefused = (r: DayRefusal) =>
  refusal(r.refused === 'day.unknown' ? 'not-found' : r.refused === 'day.noteRequired' ? 'invalid' : 'conflict', r.refused, r.params);
const badCursor = () => refusal('invalid', 'list.badCursor', {}, [{ detail: 'not a cursor of this list', pointer: '/cursor' }]);
const period = (range: { from: string; to: string }) => (range.from === range.to ? range.from : `${range.from}_${range.to}`);

/** Every page of a keyset list, however many: an export leaves nothing out. */
function everyPage<T, C>(page: (after: C | null) => { rows: T[]; next: C | null }): T[] {
  const all: T[] = [];
  let after: C | null = null;
  do {
    const p = page(after);
    all.push(...p.rows);
    after = p.next;
  } while (after !== null);
  return all;
}

/** The manager's channels: review, stale concepts, the drawer's day, reports and export, sync problems, audit. */
export function managerHandlers(deps: ManagerDeps): Pick<Handlers, ManagerChannel> {
  const { db, days, timeZone } = deps;
  const bounds = (range: { from: string; to: string }): Bounds => dayBounds(range.from, timeZone, range.to);
  const actor = () => {
    const who = deps.who()!;
    return { staffId: who.staffId, name: who.name };
  };
  const auditRows = (range: { from: string; to: string }) =>
    everyPage<AuditEntry, number>((after) => auditPage(db, bounds(range), {}, after, 1000));

  const reports: Record<ReportName, (input: never) => Report | DayRefusal> = {
    orders: ({ range, filters }: { range: { from: string; to: string }; filters: object }) => {
      const tokenIds = 'token' in filters && typeof filters.token === 'string' ? tokenIdsFor(deps.catalog(), filters.token) : [];
      const rows = everyPage<ManagerOrderRow, Position>((after) => ordersPage(db, bounds(range), filters, tokenIds, after, 1000));
      return ordersReport(rows, period(range), timeZone);
    },
    summary: ({ range }: { range: { from: string; to: string } }) => summaryReport(summaryOf(range), period(range)),
    zReport: ({ businessDate }: { businessDate: string }) => {
      const z = days.zReport(businessDate);
      return isDayRefusal(z) ? z : dayReportFile(z);
    },
    audit: ({ range }: { range: { from: string; to: string } }) => auditReport(auditRows(range), period(range), timeZone),
  };

  function summaryOf(range: { from: string; to: string }) {
    const b = bounds(range);
    return reportSummary({
      first: range.from,
      last: range.to,
      timeZone,
      orders: ordersMadeIn(db, b, true),
      movements: movementsIn(db, b),
      refused: refusedIn(db, b),
    });
  }

  return {
    'sync.problems': async () => done(syncProblems(db)),
    'manager.orders': async ({ range, filters, cursor, limit }) => {
      const after = cursor === null ? null : decodePosition(cursor);
      if (cursor !== null && after === null) return badCursor();
      const tokenIds = filters.token !== undefined ? tokenIdsFor(deps.catalog(), filters.token) : [];
      const page = ordersPage(db, bounds(range), filters, tokenIds, after, limit);
      return done({
        rows: page.rows,
        next: page.next && encodePosition(page.next),
        summary: rangeSummary(db, bounds(range), filters, tokenIds),
      });
    },
    'manager.order': async ({ orderId }) => {
      const view = await deps.orderView(orderId);
      if (!view.ok) return view;
      const events = orderEvents(db, orderId);
      const reached = events.filter((e) => e.kind === 'reachedCentral').at(-1);
      return done({
        order: view.value,
        events,
        reachedCentralAt: view.value.sync.state === 'synced' ? (reached?.at ?? null) : null,
        refusedReasons: view.value.sync.state === 'rejected' ? view.value.sync.reasons : [],
      });
    },
    'manager.staleConcepts': async () =>
      done(
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
        const result = await deps.service.cancel(orderId, deps.caller());
        if (result.ok) {
          cancelled.push(orderId);
          deps.changed(orderId);
        } else refused.push({ orderId, code: `order.${result.refusal.kind === 'not-found' ? 'notFound' : result.refusal.kind}` });
      }
      return done({ cancelled, refused });
    },
    'day.status': async () => done(days.status()),
    'day.open': async ({ float }) => {
      const opened = days.open(float, actor());
      return isDayRefusal(opened) ? dayRefused(opened) : done(opened);
    },
    'day.xReport': async () => done(days.xReport()),
    'day.close': async ({ counted, note }) => {
      const closed = days.close(counted, note, actor());
      if (isDayRefusal(closed)) return dayRefused(closed);
      deps.syncSoon();
      return done(closed);
    },
    'day.zReport': async ({ businessDate }) => {
      const z = days.zReport(businessDate);
      return isDayRefusal(z) ? dayRefused(z) : done(z);
    },
    'day.list': async ({ before, limit }) => done(days.list(before, limit)),
    'reports.summary': async ({ range }) => done(summaryOf(range)),
    'reports.export': async (input) => {
      const report = (reports[input.report] as (i: typeof input) => Report | DayRefusal)(input);
      return isDayRefusal(report) ? dayRefused(report) : done(await exportFile(report, input.format));
    },
    'audit.list': async ({ range, staffId, orderId, cursor, limit }) => {
      const after = cursor === null ? null : Number(cursor);
      if (after !== null && !(Number.isSafeInteger(after) && after > 0)) return badCursor();
      const page = auditPage(db, bounds(range), { staffId, orderId }, after, limit);
      return done({ rows: page.rows, next: page.next === null ? null : String(page.next) });
    },
  };
}
