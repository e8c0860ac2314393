import { named, ORDER_STATUS } from '../../../shared/enums';
import type { AuditEntry, DayReport, ManagerOrderRow, ReportSummary } from '../../../shared/manager/types';
import { auditAct, type AuditSay } from '../../../shared/manager/auditText';
import { refusalMessage } from '../../../shared/refusals';
import { localDateTime } from '../../../domain/reports/timeZone';
import type { Cell, Report, Table } from './export';

/** The manager's reports laid out as tables, for CSV and PDF alike. */

const STATUS_NAMES = Object.fromEntries(Object.entries(ORDER_STATUS).map(([name, id]) => [id, name])) as Record<number, string>;
const statusName = (id: number) => named(STATUS_NAMES, id);
const money = (label: string) => ({ label, money: true });
const text = (label: string) => ({ label });

/** A report whose one table's rows come a page at a time (export.ts Table.pages): a long export's. */
export function paged<T>(report: Report, pages: () => Iterable<T[]>, cells: (row: T) => Cell[]): Report {
  const [table] = report.tables;
  return {
    ...report,
    tables: [
      {
        ...table!,
        pages: function* () {
          for (const page of pages()) yield page.map(cells);
        },
      },
    ],
  };
}

/** One order of the orders report, as its row. */
export const orderCells =
  (timeZone: string) =>
  (r: ManagerOrderRow): Cell[] => [
    r.orderNumber,
    r.centralOrderNumber,
    localDateTime(r.createdOn, timeZone),
    statusName(r.statusId),
    r.clerk?.name ?? null,
    r.lines,
    r.totalAmount,
    r.paidAmount,
    r.syncState,
  ];

export function ordersReport(rows: ManagerOrderRow[], period: string, timeZone: string): Report {
  return {
    name: 'orders',
    title: 'Orders',
    period,
    tables: [
      {
        title: 'Orders',
        columns: [
          text('Order'),
          text('Central order'),
          text('Time'),
          text('Status'),
          text('Clerk'),
          text('Lines'),
          money('Total (EUR)'),
          money('Paid (EUR)'),
          text('Sync'),
        ],
        rows: rows.map(orderCells(timeZone)),
      },
    ],
  };
}

const methodsTable = (methods: ReportSummary['byMethod']): Table => ({
  title: 'Per payment method',
  columns: [text('Method'), text('Payments'), money('Paid (EUR)'), text('Refunds'), money('Refunded (EUR)'), money('Net (EUR)')],
  rows: methods.map((m) => [m.name, m.paymentCount, m.payments, m.refundCount, m.refunds, m.expected]),
});

export function summaryReport(s: ReportSummary, period: string): Report {
  const figures = (title: string, first: string, count: string, rows: ReportSummary['byProduct']): Table => ({
    title,
    columns: [text(first), text(count), money('Amount (EUR)')],
    rows: rows.map((f) => [f.name, f.count, f.amount]),
  });
  return {
    name: 'summary',
    title: 'Report',
    period,
    tables: [
      figures('Per product', 'Product', 'Quantity', s.byProduct),
      methodsTable(s.byMethod),
      figures('Per clerk', 'Clerk', 'Orders', s.byClerk),
      figures('Per hour', 'Hour', 'Orders', s.byHour),
      {
        title: 'Orders per status',
        columns: [text('Status'), text('Orders')],
        rows: s.byStatus.map((b) => [statusName(b.statusId), b.count]),
      },
      {
        title: 'Refused by the central',
        columns: [text('Order'), text('Reasons')],
        rows: s.refused.map((r) => [r.orderNumber, r.reasons.map((x) => x.detail).join('; ')]),
      },
    ],
  };
}

export function dayReportFile(d: DayReport): Report {
  const at = (iso: string | null) => (iso ? localDateTime(iso, d.timeZone) : null);
  const denominations = Object.entries(d.cash.countedByDenomination ?? {})
    .filter(([, n]) => (n ?? 0) > 0)
    .sort(([a], [b]) => Number(b) - Number(a));
  return {
    name: 'zReport',
    title: `${d.kind} report`,
    period: d.businessDate,
    tables: [
      {
        title: 'Day',
        columns: [text('What'), text('Value')],
        rows: [
          ['Opened', [at(d.openedAt), d.openedBy?.name].filter(Boolean).join(' ') || null],
          ['Closed', [at(d.closedAt), d.closedBy?.name].filter(Boolean).join(' ') || null],
          ['Orders', d.orders.count],
          ['Failed payments', d.failedPayments],
          ['Note', d.note],
        ],
      },
      methodsTable(d.methods),
      {
        title: 'Cash',
        columns: [text('What'), money('EUR')],
        rows: [
          ['Float', d.cash.float],
          ['Expected', d.cash.expected],
          ['Counted', d.cash.counted],
          ['Difference', d.cash.difference],
        ],
      },
      {
        title: 'Counted by denomination',
        columns: [money('Denomination (EUR)'), text('Count'), money('Amount (EUR)')],
        rows: denominations.map(([value, n]) => [Number(value), n ?? 0, Number(value) * (n ?? 0)]),
      },
    ],
  };
}

/** What an entry adds in words: the note a person typed, or why it was refused. */
const auditNote = (entry: AuditEntry) => (entry.detail?.refused ? refusalMessage(entry.detail.refused) : (entry.detail?.note ?? null));

/** One entry of the audit trail, as its row. */
export const auditCells =
  (timeZone: string, say: AuditSay) =>
  (r: AuditEntry): Cell[] => [
    localDateTime(r.at, timeZone),
    r.actor?.name ?? null,
    auditAct(r, 'en', say),
    r.orderId,
    r.outcome,
    auditNote(r),
  ];

export function auditReport(rows: AuditEntry[], period: string, timeZone: string, say: AuditSay): Report {
  return {
    name: 'audit',
    title: 'Audit trail',
    period,
    tables: [
      {
        title: 'Audit trail',
        columns: [text('Time'), text('Who'), text('What'), text('Order'), text('Outcome'), text('Detail')],
        rows: rows.map(auditCells(timeZone, say)),
      },
    ],
  };
}
