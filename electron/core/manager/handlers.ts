import type { CounterDb as Database } from '../db/database';
import type { HandlersOf, IpcResult, StaffMember } from '../../../shared/ipc';
import type { managerChannels } from '../../../shared/ipc/manager';
import type { ReportName } from '../../../shared/manager/schemas';
import type { AuditEntry, ManagerOrderRow } from '../../../shared/manager/types';
import type { AuditSay } from '../../../shared/manager/auditText';
import { ok, refusal } from '../../../shared/refusals';
import type { Catalog } from '../../../domain/catalog';
import { reportSummary } from '../../../domain/reports/figures';
import { dayBounds } from '../../../domain/reports/timeZone';
import type { OrderDesk } from '../orders/desk';
import { auditPage } from './audit';
import type { DrawerDays } from './days';
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

export interface ManagerDeps {
  db: Database;
  desk: OrderDesk;
  catalog: () => Catalog;
  days: DrawerDays;
  timeZone: string;
  who: () => StaffMember | null;
  /** Starts a sync round soon: a day close is on its way to the central. */
  syncSoon: () => void;
}

const EURO = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' });
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

/** The manager's channels: review, stale concepts, the drawer's day, reports and export, audit (docs/counter.md §10). */
export function managerHandlers(deps: ManagerDeps): HandlersOf<typeof managerChannels> {
  const { db, days, timeZone } = deps;
  const bounds = (range: { from: string; to: string }): Bounds => dayBounds(range.from, timeZone, range.to);
  const actor = () => {
    const who = deps.who()!;
    return { staffId: who.staffId, name: who.name };
  };
  const englishWords = (): AuditSay => {
    const catalog = deps.catalog();
    return {
      money: (cents) => EURO.format(cents / 100),
      method: (id) => catalog.paymentMethods.get(id)?.name ?? String(id),
      date: (day) => day,
    };
  };
  const auditRows = (range: { from: string; to: string }) =>
    everyPage<AuditEntry, number>((after) => auditPage(db, bounds(range), {}, after, 1000));

  const reports: Record<ReportName, (input: never) => IpcResult<Report>> = {
    orders: ({ range, filters }: { range: { from: string; to: string }; filters: object }) => {
      const tokenIds = 'token' in filters && typeof filters.token === 'string' ? tokenIdsFor(deps.catalog(), filters.token) : [];
      const rows = everyPage<ManagerOrderRow, Position>((after) => ordersPage(db, bounds(range), filters, tokenIds, after, 1000));
      return ok(ordersReport(rows, period(range), timeZone));
    },
    summary: ({ range }: { range: { from: string; to: string } }) => ok(summaryReport(summaryOf(range), period(range))),
    zReport: ({ businessDate }: { businessDate: string }) => {
      const z = days.zReport(businessDate);
      return z.ok ? ok(dayReportFile(z.value)) : z;
    },
    audit: ({ range }: { range: { from: string; to: string } }) =>
      ok(auditReport(auditRows(range), period(range), timeZone, englishWords())),
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
    'day.zReport': async ({ businessDate }) => days.zReport(businessDate),
    'day.list': async ({ before, limit }) => ok(days.list(before, limit)),
    'reports.summary': async ({ range }) => ok(summaryOf(range)),
    'reports.export': async (input) => {
      const report = (reports[input.report] as (i: typeof input) => IpcResult<Report>)(input);
      return report.ok ? ok(await exportFile(report.value, input.format)) : report;
    },
    'audit.list': async ({ range, staffId, orderId, cursor, limit }) => {
      const after = cursor === null ? null : Number(cursor);
      if (after !== null && !(Number.isSafeInteger(after) && after > 0)) return badCursor();
      const page = auditPage(db, bounds(range), { staffId, orderId }, after, limit);
      return ok({ rows: page.rows, next: page.next === null ? null : String(page.next) });
    },
  };
}
