import { describe, expect, it } from 'vitest';
import type { AuditEntry, DayReport, ManagerOrderRow, MethodFigures, ReportSummary } from '../../../shared/manager/types';
import { auditReport, dayReportFile, ordersReport, summaryReport } from './reportFiles';

/** The manager's reports as tables: every column and cell, as CSV and PDF both show them. */

const TZ = 'Europe/Amsterdam';
const cash: MethodFigures = {
  paymentMethodId: 1,
  name: 'Contant',
  payments: 980,
  paymentCount: 2,
  refunds: 100,
  refundCount: 1,
  expected: 880,
};
const METHOD_COLUMNS = [
  { label: 'Method' },
  { label: 'Payments' },
  { label: 'Paid (EUR)', money: true },
  { label: 'Refunds' },
  { label: 'Refunded (EUR)', money: true },
  { label: 'Net (EUR)', money: true },
];
const methodsTable = { title: 'Per payment method', columns: METHOD_COLUMNS, rows: [['Contant', 2, 980, 1, 100, 880]] };

describe('the orders report', () => {
  it('one row per order: local time, status name, clerk name or nothing, amounts in money columns', () => {
    const row: ManagerOrderRow = {
      orderId: 'o1',
      orderNumber: 'C-1',
      centralOrderNumber: 'X-9',
      createdOn: '2026-10-24T08:00:00.000Z',
      statusId: 4,
      clerk: { staffId: 'anna', name: 'Anna de Vries' },
      lines: '1× Retour stad',
      lineCount: 1,
      totalAmount: 640,
      paidAmount: 640,
      syncState: 'synced',
    };
    const r = ordersReport([row, { ...row, clerk: null, statusId: 99, centralOrderNumber: null }], '2026-10-24', TZ);
    expect(r).toEqual({
      name: 'orders',
      title: 'Orders',
      period: '2026-10-24',
      tables: [
        {
          title: 'Orders',
          columns: [
            { label: 'Order' },
            { label: 'Central order' },
            { label: 'Time' },
            { label: 'Status' },
            { label: 'Clerk' },
            { label: 'Lines' },
            { label: 'Total (EUR)', money: true },
            { label: 'Paid (EUR)', money: true },
            { label: 'Sync' },
          ],
          rows: [
            ['C-1', 'X-9', '2026-10-24 10:00', 'paid', 'Anna de Vries', '1× Retour stad', 640, 640, 'synced'],
            ['C-1', null, '2026-10-24 10:00', '99', null, '1× Retour stad', 640, 640, 'synced'],
          ],
        },
      ],
    });
  });
});

describe('the summary report', () => {
  it('has the tables per product, method, clerk, hour, status and the central’s refusals', () => {
    const figure = (name: string) => ({ id: name, name, count: 2, amount: 680 });
    const s: ReportSummary = {
      from: 'a',
      to: 'b',
      timeZone: TZ,
      byProduct: [figure('Enkele reis stad')],
      byMethod: [cash],
      byClerk: [figure('Anna de Vries')],
      byHour: [figure('2026-10-24 10:00 +02:00')],
      byStatus: [{ statusId: 6, count: 3 }],
      refused: [
        {
          orderId: 'o1',
          orderNumber: 'C-1',
          reasons: [
            { detail: 'touchpoint closed', pointer: '' },
            { detail: 'too late', pointer: '/x' },
          ],
        },
      ],
    };
    const named = (title: string, first: string, count: string, name: string) => ({
      title,
      columns: [{ label: first }, { label: count }, { label: 'Amount (EUR)', money: true }],
      rows: [[name, 2, 680]],
    });
    expect(summaryReport(s, '2026-10-24_2026-10-31')).toEqual({
      name: 'summary',
      title: 'Report',
      period: '2026-10-24_2026-10-31',
      tables: [
        named('Per product', 'Product', 'Quantity', 'Enkele reis stad'),
        methodsTable,
        named('Per clerk', 'Clerk', 'Orders', 'Anna de Vries'),
        named('Per hour', 'Hour', 'Orders', '2026-10-24 10:00 +02:00'),
        { title: 'Orders per status', columns: [{ label: 'Status' }, { label: 'Orders' }], rows: [['cancelled', 3]] },
        {
          title: 'Refused by the central',
          columns: [{ label: 'Order' }, { label: 'Reasons' }],
          rows: [['C-1', 'touchpoint closed; too late']],
        },
      ],
    });
  });
});

describe('the day report file', () => {
  const day: DayReport = {
    businessDate: '2026-10-24',
    timeZone: TZ,
    from: '2026-10-23T22:00:00.000Z',
    to: '2026-10-24T22:00:00.000Z',
    kind: 'Z',
    state: 'closed',
    openedAt: '2026-10-24T06:00:00.000Z',
    openedBy: { staffId: 'mark', name: 'Mark Jansen' },
    closedAt: '2026-10-24T16:30:00.000Z',
    closedBy: { staffId: 'mark', name: 'Mark Jansen' },
    note: 'five cents short',
    methods: [cash],
    cash: {
      float: 10000,
      expected: 10880,
      counted: 10875,
      countedByDenomination: { '5': 1, '10000': 1, '500': 0, '20': 2, '2': 3 } as never,
      difference: -5,
    },
    orders: { count: 2, byStatus: [] },
    failedPayments: 1,
    reachedCentralAt: null,
    generatedAt: '2026-10-24T16:30:00.000Z',
  };

  it('lists the day, the methods, the cash and the counted notes and coins, largest first, none of a kind left out', () => {
    expect(dayReportFile(day)).toEqual({
      name: 'zReport',
      title: 'Z report',
      period: '2026-10-24',
      tables: [
        {
          title: 'Day',
          columns: [{ label: 'What' }, { label: 'Value' }],
          rows: [
            ['Opened', '2026-10-24 08:00 Mark Jansen'],
            ['Closed', '2026-10-24 18:30 Mark Jansen'],
            ['Orders', 2],
            ['Failed payments', 1],
            ['Note', 'five cents short'],
          ],
        },
        methodsTable,
        {
          title: 'Cash',
          columns: [{ label: 'What' }, { label: 'EUR', money: true }],
          rows: [
            ['Float', 10000],
            ['Expected', 10880],
            ['Counted', 10875],
            ['Difference', -5],
          ],
        },
        {
          title: 'Counted by denomination',
          columns: [{ label: 'Denomination (EUR)', money: true }, { label: 'Count' }, { label: 'Amount (EUR)', money: true }],
          rows: [
            [10000, 1, 10000],
            [20, 2, 40],
            [5, 1, 5],
            [2, 3, 6],
          ],
        },
      ],
    });
  });

  it('an X report of a day never opened: the opening and closing left empty, no denominations', () => {
    const x = { ...day, kind: 'X' as const, openedAt: null, openedBy: null, closedAt: null, closedBy: null, note: null };
    const file = dayReportFile({ ...x, cash: { ...day.cash, countedByDenomination: null } });
    expect(file.title).toBe('X report');
    expect(file.tables[0]!.rows.slice(0, 2)).toEqual([
      ['Opened', null],
      ['Closed', null],
    ]);
    expect(file.tables[3]!.rows).toEqual([]);
    const openedOnly = dayReportFile({ ...x, openedAt: '2026-10-24T06:00:00.000Z' });
    expect(openedOnly.tables[0]!.rows[0]).toEqual(['Opened', '2026-10-24 08:00']);
  });
});

describe('the audit report', () => {
  it('one row per entry, local time and who, nothing for an act without a staff member', () => {
    const entry: AuditEntry = {
      seq: 1,
      at: '2026-10-24T08:00:00.000Z',
      actor: { staffId: 'mark', name: 'Mark Jansen' },
      action: 'payments.refund',
      orderId: 'o1',
      outcome: 'done',
      detail: { values: { amount: { money: 100 }, method: { method: 1 } }, note: 'late train' },
    };
    const say = { money: (cents: number) => `EUR ${cents / 100}`, method: (id: number) => `method ${id}`, date: (day: string) => day };
    const refused: AuditEntry = { ...entry, actor: null, orderId: null, outcome: 'refused', detail: { refused: 'session.managerOnly' } };
    expect(auditReport([entry, refused], '2026-10-24', TZ, say)).toEqual({
      name: 'audit',
      title: 'Audit trail',
      period: '2026-10-24',
      tables: [
        {
          title: 'Audit trail',
          columns: [{ label: 'Time' }, { label: 'Who' }, { label: 'What' }, { label: 'Order' }, { label: 'Outcome' }, { label: 'Detail' }],
          rows: [
            ['2026-10-24 10:00', 'Mark Jansen', 'Refund of EUR 1 (method 1)', 'o1', 'done', 'late train'],
            ['2026-10-24 10:00', null, 'Refund', null, 'refused', 'Only a manager may do this.'],
          ],
        },
      ],
    });
  });
});
