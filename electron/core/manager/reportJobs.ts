import type { CounterDb as Database } from '../db/database';
import type { ExportFormat } from '../../../shared/manager/schemas';
import type { AuditEntry, ManagerOrderRow } from '../../../shared/manager/types';
import type { AuditSay } from '../../../shared/manager/auditText';
import type { OrderFilters } from '../../../shared/manager/schemas';
import { reportSummary } from '../../../domain/reports/figures';
import { dayBounds } from '../../../domain/reports/timeZone';
import { auditPage } from './audit';
import type { Report } from './export';
import { movementsIn, ordersMadeIn, ordersPage, refusedIn, type Bounds, type Position } from './queries';
import { auditCells, auditReport, orderCells, ordersReport, paged, summaryReport } from './reportFiles';

/**
 * The reports a manager exports over a range of days, built from the counter's database alone,
 * so that a worker thread with its own read-only connection builds them (exports.ts) while the
 * main process goes on selling. Long lists are read a page at a time while the file is written.
 */

type Range = { from: string; to: string };

/** What an export asks, in plain data a thread can be sent: what the catalogue resolves is resolved already. */
export type ReportJob =
  | { report: 'orders'; format: ExportFormat; range: Range; filters: OrderFilters; tokenIds: number[] }
  | { report: 'summary'; format: ExportFormat; range: Range }
  | { report: 'audit'; format: ExportFormat; range: Range; methodNames: Record<number, string> };

export interface JobContext {
  timeZone: string;
  /** Called before each page is read (a worker reports progress and rests there). */
  onPage?: () => void;
  /** Rows a page (default 1000). */
  pageRows?: number;
}

/** Rows read in pages of this many. */
const PAGE = 1000;
const EURO = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'EUR' });

export const periodOf = (range: Range) => (range.from === range.to ? range.from : `${range.from}_${range.to}`);

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

export function summaryOf(db: Database, range: Range, timeZone: string) {
  const b = dayBounds(range.from, timeZone, range.to);
  return reportSummary({
    first: range.from,
    last: range.to,
    timeZone,
    orders: ordersMadeIn(db, b, true),
    movements: movementsIn(db, b),
    refused: refusedIn(db, b),
  });
}

export function buildReport(db: Database, job: ReportJob, { timeZone, onPage, pageRows = PAGE }: JobContext): Report {
  const bounds: Bounds = dayBounds(job.range.from, timeZone, job.range.to);
  const period = periodOf(job.range);
  switch (job.report) {
    case 'orders':
      return paged(
        ordersReport([], period, timeZone),
        pages<ManagerOrderRow, Position>((after) => ordersPage(db, bounds, job.filters, job.tokenIds, after, pageRows), onPage),
        orderCells(timeZone),
      );
    case 'summary':
      onPage?.();
      return summaryReport(summaryOf(db, job.range, timeZone), period);
    case 'audit': {
      const say: AuditSay = {
        money: (cents) => EURO.format(cents / 100),
        method: (id) => job.methodNames[id] ?? String(id),
        date: (day) => day,
      };
      return paged(
        auditReport([], period, timeZone, say),
        pages<AuditEntry, number>((after) => auditPage(db, bounds, {}, after, pageRows), onPage),
        auditCells(timeZone, say),
      );
    }
  }
}
