import type { CounterDb as Database } from '../db/database';
import type { ExportFormat, OrderFilters } from '../../../shared/manager/schemas';
import type { AuditEntry, ManagerOrderRow } from '../../../shared/manager/types';
import { reportSummary, type OrderFact } from '../../../domain/reports/figures';
import { dayBounds } from '../../../domain/reports/timeZone';
import { auditPage } from '../audit';
import type { Report } from './export';
import { wordsOf, type ExportContext } from './exportContext';
import { orderNumbersOf, ordersMadeIn, ordersPage, refusedIn, type Bounds, type Position } from '../orders';
import { movementsIn } from './dayMoney';
import { auditReport, ordersReport, soldTally, summaryReport, type AuditRow } from './reportFiles';

/**
 * The reports a manager exports over a range of days, built from the counter's database alone,
 * so that a worker thread with its own read-only connection builds them (exports.ts) while the
 * main process goes on selling. Long lists are read a page at a time while the file is written.
 */

type Range = { from: string; to: string };

/** What an export asks, in plain data a thread can be sent: what the catalogue resolves is resolved already. */
export type ReportJob = { format: ExportFormat; range: Range; context: ExportContext } & (
  { report: 'orders'; filters: OrderFilters; tokenIds: number[] } | { report: 'summary' } | { report: 'audit' }
);

export interface JobOptions {
  /** Called before each page is read (a worker reports progress and rests there). */
  onPage?: () => void;
  /** Rows a page (default 1000). */
  pageRows?: number;
}

/** Rows read in pages of this many. */
const PAGE = 1000;

/** Every page of a keyset list, one after the other, read when asked for. */
function pages<T, C>(page: (after: C | null) => { rows: T[]; next: C | null }, onPage?: () => void): () => Iterable<T[]> {
  return function* () {
    let after: C | null = null;
    do {
      onPage?.();
      const p = page(after);
      yield p.rows;
      after = p.next;
    } while (after !== null);
  };
}

function summaryFrom(db: Database, range: Range, timeZone: string, orders: OrderFact[]) {
  const b = dayBounds(range.from, timeZone, range.to);
  return reportSummary({ first: range.from, last: range.to, timeZone, orders, movements: movementsIn(db, b), refused: refusedIn(db, b) });
}

export function summaryOf(db: Database, range: Range, timeZone: string) {
  return summaryFrom(db, range, timeZone, ordersMadeIn(db, dayBounds(range.from, timeZone, range.to), true));
}

/** The order numbers of a page of the trail's entries, in one read. */
function withOrderNumbers(db: Database, entries: AuditEntry[]): AuditRow[] {
  const ids = [...new Set(entries.flatMap((e) => (e.orderId ? [e.orderId] : [])))];
  const numbers = orderNumbersOf(db, ids);
  return entries.map((e) => ({ ...e, orderNumber: e.orderId ? (numbers.get(e.orderId) ?? null) : null }));
}

export function buildReport(db: Database, job: ReportJob, { onPage, pageRows = PAGE }: JobOptions = {}): Report {
  const { context: ctx, range } = job;
  const bounds: Bounds = dayBounds(range.from, ctx.timeZone, range.to);
  const todayStart = dayBounds(ctx.today, ctx.timeZone).from;
  switch (job.report) {
    case 'orders':
      return ordersReport(
        ctx,
        range,
        todayStart,
        pages<ManagerOrderRow, Position>((after) => ordersPage(db, bounds, job.filters, job.tokenIds, after, pageRows), onPage),
      );
    case 'summary': {
      onPage?.();
      const orders = ordersMadeIn(db, bounds, true);
      const tally = soldTally(todayStart);
      orders.forEach((o) => tally.add(o));
      return summaryReport(ctx, range, summaryFrom(db, range, ctx.timeZone, orders), tally.table(wordsOf(ctx), wordsOf(ctx).notSold));
    }
    case 'audit':
      return auditReport(
        ctx,
        range,
        pages<AuditRow, number>((after) => {
          const page = auditPage(db, bounds, {}, after, pageRows);
          return { rows: withOrderNumbers(db, page.rows), next: page.next };
        }, onPage),
      );
  }
}
