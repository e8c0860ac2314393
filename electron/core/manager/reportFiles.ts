import { ORDER_STATUS } from '../../../shared/enums';
import type { AuditEntry, ManagerOrderRow, ReportSummary } from '../../../shared/manager/types';
import { auditAct, type AuditSay } from '../../../shared/manager/auditText';
import { REFUSAL_TEXT } from '../../../shared/refusalText';
import { refundedInFull } from '../../../domain/reports/figures';
import { localDateTime } from '../../../domain/reports/timeZone';
import type { Cell, Column, Report, Table } from './export';
import { reportFrame, wordsOf, type ExportContext } from './exportContext';
import { statusWords, type ExportWords } from './exportWords';

/**
 * The manager's reports laid out as tables, for CSV and PDF alike, every word in the manager's
 * language (docs/counter.md §10, "Exports"): statuses, sync states and methods in words, times
 * in the counter's time zone, amounts in euros (a money column holds cents until written).
 */

type Range = { from: string; to: string };

export const money = (label: string, width?: number): Column => ({ label, money: true, ...(width && { width }) });
export const count = (label: string): Column => ({ label, number: true });
export const text = (label: string, width?: number): Column => ({ label, ...(width && { width }) });

/** "Total (€)": an amount's heading says its unit once. */
export const inEuros = (w: ExportWords, label: string) => `${label} ${w.euro}`;

/** A table whose rows come a page at a time (export.ts Table.pages): a long export's. */
function pagedTable<T>(table: Omit<Table, 'rows' | 'pages'>, pages: () => Iterable<T[]>, cells: (row: T) => Cell[]): Table {
  return {
    ...table,
    rows: [],
    pages: function* () {
      for (const page of pages()) yield page.map(cells);
    },
  };
}

type Tallied = { count: number; amount: number };
type TallyOrder = { statusId: number; createdOn: string; refundedAmount?: number };
/**
 * Orders made, as sold (paid or delivered: docs/api.md §10.2) or not: open, abandoned (a concept
 * or awaiting payment from before today, as the stale list has it), cancelled, and refunded in
 * full (domain/reports/figures.ts refundedInFull: cancelled by the refund, listed apart).
 */
export function soldTally(todayStart: string) {
  const start = Date.parse(todayStart);
  const t = {
    sold: { count: 0, amount: 0 },
    open: { count: 0, amount: 0 },
    abandoned: { count: 0, amount: 0 },
    cancelled: { count: 0, amount: 0 },
    refundedInFull: { count: 0, amount: 0 },
  };
  const bucket = (o: TallyOrder): Tallied => {
    if (o.statusId === ORDER_STATUS.paid || o.statusId === ORDER_STATUS.delivered) return t.sold;
    if (refundedInFull(o)) return t.refundedInFull;
    if (o.statusId === ORDER_STATUS.cancelled) return t.cancelled;
    const stale = o.statusId === ORDER_STATUS.concept || o.statusId === ORDER_STATUS.awaitingPayment;
    return stale && Date.parse(o.createdOn) < start ? t.abandoned : t.open;
  };
  return {
    add(o: TallyOrder & { totalAmount: number }) {
      const b = bucket(o);
      b.count += 1;
      b.amount += o.totalAmount;
    },
    table(w: ExportWords, title: string): Table {
      return {
        title,
        columns: [text(w.what, 3), count(w.count), money(inEuros(w, w.amount))],
        rows: [],
        // Read when the file reaches this table: after the rows that fill the tally.
        pages: function* () {
          yield (['sold', 'open', 'abandoned', 'cancelled', 'refundedInFull'] as const).map((k) => [w[k], t[k].count, t[k].amount]);
        },
      };
    },
  };
}

/** One order of the orders report, as its row. */
export const orderCells =
  (ctx: ExportContext) =>
  (r: ManagerOrderRow): Cell[] => {
    const w = wordsOf(ctx);
    return [
      r.orderNumber,
      r.centralOrderNumber,
      localDateTime(r.createdOn, ctx.timeZone),
      statusWords(w, r.statusId),
      r.clerk?.name ?? null,
      r.lines,
      r.totalAmount,
      r.paidAmount,
      w.syncState[r.syncState],
    ];
  };

/** Every order of the range under the filters, then their totals: sold apart from the rest. */
export function ordersReport(ctx: ExportContext, range: Range, todayStart: string, pages: () => Iterable<ManagerOrderRow[]>): Report {
  const w = wordsOf(ctx);
  const tally = soldTally(todayStart);
  const cells = orderCells(ctx);
  const columns = [
    text(w.order, 1.4),
    text(w.centralOrder, 1.4),
    text(w.time, 1.3),
    text(w.status, 1.2),
    text(w.clerk, 1.3),
    text(w.lines, 3),
    money(inEuros(w, w.total)),
    money(inEuros(w, w.paid)),
    text(w.sync, 1.4),
  ];
  return {
    ...reportFrame(ctx, 'orders', w.orders, range.from, range.to),
    tables: [
      pagedTable({ title: w.orders, columns }, pages, (row) => {
        tally.add(row);
        return cells(row);
      }),
      tally.table(w, w.totals),
    ],
  };
}

/** The methods' figures of a range or a day: payments, refunds and net, the method in words; `title` another table of them. */
export function methodsTable(ctx: ExportContext, methods: ReportSummary['byMethod'], title?: string): Table {
  const w = wordsOf(ctx);
  return {
    title: title ?? w.perMethod,
    columns: [
      text(w.method, 2),
      count(w.payments),
      money(inEuros(w, w.paid)),
      count(w.refunds),
      money(inEuros(w, w.refunded)),
      money(inEuros(w, w.net)),
    ],
    rows: methods.map((m) => [
      ctx.methodNames[m.paymentMethodId] ?? m.name,
      m.paymentCount,
      m.payments,
      m.refundCount,
      m.refunds,
      m.expected,
    ]),
  };
}

/** The summary of a range: sold per product, money per method, per clerk and hour, statuses, not sold. */
export function summaryReport(ctx: ExportContext, range: Range, s: ReportSummary, notSold: Table): Report {
  const w = wordsOf(ctx);
  const figures = (title: string, first: string, counted: string, amount: string, rows: ReportSummary['byProduct']): Table => ({
    title,
    columns: [text(first, 3), count(counted), money(inEuros(w, amount))],
    rows: rows.map((f) => [f.name, f.count, f.amount]),
  });
  return {
    ...reportFrame(ctx, 'summary', w.summary, range.from, range.to),
    tables: [
      figures(w.perProduct, w.product, w.quantity, w.amount, s.byProduct),
      methodsTable(ctx, s.byMethod),
      figures(w.perClerk, w.clerk, w.orders, w.soldAmount, s.byClerk),
      figures(w.perHour, w.hour, w.orders, w.soldAmount, s.byHour),
      notSold,
      {
        title: w.perStatus,
        columns: [text(w.status, 3), count(w.orders)],
        rows: s.byStatus.map((b) => [statusWords(w, b.statusId), b.count]),
      },
      {
        title: w.refusedByCentral,
        columns: [text(w.order), text(w.reasons, 3)],
        rows: s.refused.map((r) => [r.orderNumber, r.reasons.map((x) => x.detail).join('; ')]),
      },
    ],
  };
}

/**
 * Why a call was refused, in the manager's language where the main process has the words: the
 * English texts are shared (shared/refusalText.ts); of the Dutch ones (the renderer's) only the
 * gate's own is here. The trail keeps no parameters, so a text with a placeholder is left out.
 */
function refusedWhy(w: ExportWords, ctx: ExportContext, code: NonNullable<AuditEntry['detail']>['refused']): string | null {
  if (code === undefined) return null;
  if (code === 'session.managerOnly') return w.managerOnly;
  const english = ctx.language === 'en' ? REFUSAL_TEXT[code] : undefined;
  return english && !english.includes('{') ? english : null;
}

/** An entry of the audit trail with the number of the order it touched. */
export type AuditRow = AuditEntry & { orderNumber: string | null };

/** Every entry of the trail in the range: when, who, what in a sentence, which order, done or refused. */
export function auditReport(ctx: ExportContext, range: Range, pages: () => Iterable<AuditRow[]>): Report {
  const w = wordsOf(ctx);
  const euro = new Intl.NumberFormat(w.locale, { style: 'currency', currency: 'EUR' });
  const say: AuditSay = {
    money: (cents) => euro.format(cents / 100),
    method: (id) => ctx.methodNames[id] ?? '—',
    date: (day) => new Intl.DateTimeFormat(w.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`)),
  };
  return {
    ...reportFrame(ctx, 'audit', w.audit, range.from, range.to),
    tables: [
      pagedTable(
        {
          title: w.audit,
          columns: [text(w.time, 1.2), text(w.who, 1.3), text(w.what, 4), text(w.order, 1.4), text(w.outcome), text(w.detail, 3)],
        },
        pages,
        (r) => [
          localDateTime(r.at, ctx.timeZone),
          r.actor?.name ?? null,
          auditAct(r, ctx.language, say),
          r.orderNumber,
          r.outcome === 'done' ? w.done : w.refused,
          r.detail?.note ?? refusedWhy(w, ctx, r.detail?.refused),
        ],
      ),
    ],
  };
}
