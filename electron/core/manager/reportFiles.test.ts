import { describe, expect, it } from 'vitest';
import type { AuditEntry, ManagerOrderRow, MethodFigures, ReportSummary } from '../../../shared/manager/types';
import { reportCsv } from '../testing/exportCsv';
import type { Report } from './export';
import type { ExportContext } from './exportContext';
import { EXPORT_WORDS } from './exportWords';
import { auditReport, ordersReport, soldTally, summaryReport } from './reportFiles';

/** The manager's reports as tables in the manager's language: headings, columns and cells, the expected words written here. */

const context = (language: 'nl' | 'en'): ExportContext => ({
  language,
  timeZone: 'Europe/Amsterdam',
  store: 'Balie Centraal Station',
  counter: 'Balie CS kassa 1',
  methodNames: language === 'nl' ? { 1: 'Contant', 2: 'Pin' } : { 1: 'Cash', 2: 'PIN' },
  madeAt: '2026-10-25T09:15:00.000Z',
  today: '2026-10-25',
});
const RANGE = { from: '2026-10-24', to: '2026-10-24' };
const TODAY_START = '2026-10-24T22:00:00.000Z';
/** Every row of every table, pages included, as written. */
const rowsOf = (report: Report) => report.tables.map((t) => [...t.rows, ...(t.pages ? [...t.pages()].flat() : [])]);

const row: ManagerOrderRow = {
  orderId: 'o1',
  orderNumber: 'K1A2B-000001',
  centralOrderNumber: '4711',
  createdOn: '2026-10-24T08:00:00.000Z',
  statusId: 5,
  clerk: { staffId: 'anna', name: 'Anna de Vries' },
  lines: '1× Retour stad',
  lineCount: 1,
  totalAmount: 640,
  paidAmount: 640,
  refundedAmount: 0,
  syncState: 'synced',
};
const orders: ManagerOrderRow[] = [
  row,
  {
    ...row,
    orderId: 'o2',
    orderNumber: 'K1A2B-000002',
    centralOrderNumber: null,
    statusId: 1,
    clerk: null,
    paidAmount: 0,
    syncState: 'pending',
  },
  { ...row, orderId: 'o3', orderNumber: 'K1A2B-000003', statusId: 6, paidAmount: 0, syncState: 'rejected' },
];

describe('the headings', () => {
  it.each([
    [
      'nl',
      [
        'Winkel: Balie Centraal Station',
        'Kassa: Balie CS kassa 1',
        'Periode: 24 oktober 2026',
        'Tijden in: Midden-Europese tijd',
        'Gemaakt: 2026-10-25 10:15',
      ],
    ],
    [
      'en',
      [
        'Store: Balie Centraal Station',
        'Counter: Balie CS kassa 1',
        'Period: 24 October 2026',
        'Times in: Central European Time',
        'Made: 2026-10-25 10:15',
      ],
    ],
  ] as const)('%s: the store, the counter, the period in words, the time zone by name and when it was made', (language, heading) => {
    const report = ordersReport(context(language), RANGE, TODAY_START, () => [orders]);
    expect(report.heading).toEqual(heading);
    expect(report.period).toBe('2026-10-24');
  });

  it('names a range of days from the first to the last', () => {
    const report = ordersReport(context('nl'), { from: '2026-10-24', to: '2026-10-31' }, TODAY_START, () => []);
    expect(report.heading[2]).toBe('Periode: 24 oktober 2026 – 31 oktober 2026');
    expect(report.period).toBe('2026-10-24_2026-10-31');
    expect(report.runningHead).toBe('Orders · Balie Centraal Station · 24 oktober 2026 – 31 oktober 2026');
  });
});

describe('the orders report', () => {
  it('nl: one row per order with the time in Amsterdam, the status and the head office’s state in words, then the totals', () => {
    const report = ordersReport(context('nl'), RANGE, TODAY_START, () => [orders]);
    expect(report.tables.map((t) => [t.title, t.columns.map((c) => c.label)])).toEqual([
      ['Orders', ['Order', 'Order hoofdkantoor', 'Tijd', 'Status', 'Medewerker', 'Regels', 'Totaal (€)', 'Betaald (€)', 'Hoofdkantoor']],
      ['Totalen', ['Wat', 'Aantal', 'Bedrag (€)']],
    ]);
    expect(rowsOf(report)).toEqual([
      [
        ['K1A2B-000001', '4711', '2026-10-24 10:00', 'Geleverd', 'Anna de Vries', '1× Retour stad', 640, 640, 'Verzonden'],
        ['K1A2B-000002', null, '2026-10-24 10:00', 'Open', null, '1× Retour stad', 640, 0, 'Wacht op verzenden'],
        [
          'K1A2B-000003',
          '4711',
          '2026-10-24 10:00',
          'Geannuleerd',
          'Anna de Vries',
          '1× Retour stad',
          640,
          0,
          'Geweigerd door het hoofdkantoor',
        ],
      ],
      [
        ['Verkocht (betaald of geleverd)', 1, 640],
        ['Open (niet betaald)', 0, 0],
        ['Open van een eerdere dag (blijven liggen)', 1, 640],
        ['Geannuleerd', 1, 640],
        ['Volledig terugbetaald', 0, 0],
      ],
    ]);
  });

  it('en: the same in English; the CSV holds no raw status, sync state or amount in cents', () => {
    const report = ordersReport(context('en'), RANGE, TODAY_START, () => [orders]);
    expect(report.title).toBe('Orders');
    expect(report.tables[0]!.columns.map((c) => c.label)).toEqual([
      'Order',
      'Head office order',
      'Time',
      'Status',
      'Clerk',
      'Lines',
      'Total (€)',
      'Paid (€)',
      'Head office',
    ]);
    const csv = reportCsv(report);
    expect(csv).toContain('K1A2B-000001;4711;2026-10-24 10:00;Delivered;Anna de Vries;1× Retour stad;6,40;6,40;Sent\r\n');
    expect(csv).toContain('Open from an earlier day (abandoned);1;6,40\r\n');
    for (const raw of [';delivered;', ';concept;', ';synced;', ';pending;', ';rejected;', ';640;', ';5;', 'o1'])
      expect(csv).not.toContain(raw);
  });
});

describe('sold or not', () => {
  it('counts as sold only paid and delivered orders; open ones of today apart from abandoned ones of earlier days; refunded apart from cancelled', () => {
    const tally = soldTally(TODAY_START);
    const at = (statusId: number, createdOn: string, totalAmount: number) => tally.add({ statusId, createdOn, totalAmount });
    at(4, '2026-10-25T08:00:00.000Z', 100);
    at(5, '2026-10-20T08:00:00.000Z', 200);
    at(1, '2026-10-25T08:00:00.000Z', 400);
    at(3, '2026-10-20T08:00:00.000Z', 800);
    at(2, '2026-10-20T08:00:00.000Z', 1600);
    at(6, '2026-10-25T08:00:00.000Z', 3200);
    // Cancelled by its full refund: refunded, not cancelled.
    tally.add({ statusId: 6, createdOn: '2026-10-25T08:00:00.000Z', totalAmount: 6400, refundedAmount: 6400 });
    const table = tally.table(EXPORT_WORDS.en, 'Totals');
    expect(table.columns).toEqual([
      { label: 'What', width: 3 },
      { label: 'Number', number: true },
      { label: 'Amount (€)', money: true },
    ]);
    expect([...table.pages!()]).toEqual([
      [
        ['Sold (paid or delivered)', 2, 300],
        // A payment pending from an earlier day is still open: only a concept or one awaiting payment is abandoned.
        ['Open (not paid)', 2, 1200],
        ['Open from an earlier day (abandoned)', 1, 1600],
        ['Cancelled', 1, 3200],
        ['Refunded in full', 1, 6400],
      ],
    ]);
  });
});

const cash: MethodFigures = {
  paymentMethodId: 1,
  name: 'Contant',
  payments: 980,
  paymentCount: 2,
  refunds: 100,
  refundCount: 1,
  expected: 880,
};
const pin: MethodFigures = {
  paymentMethodId: 2,
  name: 'Pinbetaling',
  payments: 640,
  paymentCount: 1,
  refunds: 0,
  refundCount: 0,
  expected: 640,
};

describe('the summary report', () => {
  const figure = (name: string) => ({ id: name, name, count: 2, amount: 680 });
  const summary: ReportSummary = {
    from: 'a',
    to: 'b',
    timeZone: 'Europe/Amsterdam',
    byProduct: [figure('Enkele reis stad')],
    byMethod: [cash, pin],
    byClerk: [figure('Anna de Vries')],
    byHour: [figure('2026-10-24 10:00 +02:00')],
    byStatus: [
      { statusId: 1, count: 2 },
      { statusId: 6, count: 3 },
    ],
    refused: [{ orderId: 'o1', orderNumber: 'K1A2B-000001', reasons: [{ detail: 'touchpoint closed', pointer: '' }] }],
  };
  const notSold = { title: 'N', columns: [], rows: [] };

  it.each([
    [
      'nl',
      'Rapport',
      [
        ['Per product (verkocht)', ['Product', 'Aantal', 'Bedrag (€)'], [['Enkele reis stad', 2, 680]]],
        [
          'Per betaalwijze',
          ['Betaalwijze', 'Betalingen', 'Betaald (€)', 'Terugbetalingen', 'Terugbetaald (€)', 'Netto (€)'],
          [
            ['Contant', 2, 980, 1, 100, 880],
            ['Pin', 1, 640, 0, 0, 640],
          ],
        ],
        ['Per medewerker', ['Medewerker', 'Orders', 'Verkocht (€)'], [['Anna de Vries', 2, 680]]],
        ['Per uur', ['Uur', 'Orders', 'Verkocht (€)'], [['2026-10-24 10:00 +02:00', 2, 680]]],
        ['N', [], []],
        [
          'Orders per status',
          ['Status', 'Orders'],
          [
            ['Open', 2],
            ['Geannuleerd', 3],
          ],
        ],
        ['Geweigerd door het hoofdkantoor', ['Order', 'Redenen'], [['K1A2B-000001', 'touchpoint closed']]],
      ],
    ],
    [
      'en',
      'Report',
      [
        ['Per product (sold)', ['Product', 'Quantity', 'Amount (€)'], [['Enkele reis stad', 2, 680]]],
        [
          'Per payment method',
          ['Payment method', 'Payments', 'Paid (€)', 'Refunds', 'Refunded (€)', 'Net (€)'],
          [
            ['Cash', 2, 980, 1, 100, 880],
            ['PIN', 1, 640, 0, 0, 640],
          ],
        ],
        ['Per clerk', ['Clerk', 'Orders', 'Sold (€)'], [['Anna de Vries', 2, 680]]],
        ['Per hour', ['Hour', 'Orders', 'Sold (€)'], [['2026-10-24 10:00 +02:00', 2, 680]]],
        ['N', [], []],
        [
          'Orders per status',
          ['Status', 'Orders'],
          [
            ['Open', 2],
            ['Cancelled', 3],
          ],
        ],
        ['Refused by head office', ['Order', 'Reasons'], [['K1A2B-000001', 'touchpoint closed']]],
      ],
    ],
  ] as const)(
    '%s: sold per product, money per method named in words, per clerk and hour, not sold, statuses in words',
    (language, title, tables) => {
      const report = summaryReport(context(language), RANGE, summary, notSold);
      expect(report.title).toBe(title);
      expect(report.tables.map((t) => [t.title, t.columns.map((c) => c.label), t.rows])).toEqual(tables);
    },
  );
});

describe('the audit report', () => {
  const entry: AuditEntry = {
    seq: 1,
    at: '2026-10-24T08:00:00.000Z',
    actor: { staffId: 'mark', name: 'Mark Jansen' },
    action: 'payments.refund',
    orderId: 'o1',
    outcome: 'done',
    detail: { values: { amount: { money: 340 }, method: { method: 1 } }, note: 'late train' },
  };
  const refused: AuditEntry = { ...entry, actor: null, orderId: null, outcome: 'refused', detail: { refused: 'session.managerOnly' } };
  const closed: AuditEntry = { ...refused, detail: { refused: 'day.closed' } };
  const rows = [
    { ...entry, orderNumber: 'K1A2B-000001' },
    { ...refused, orderNumber: null },
    { ...closed, orderNumber: null },
  ];

  it.each([
    [
      'nl',
      ['Tijd', 'Wie', 'Wat', 'Order', 'Uitkomst', 'Toelichting'],
      [
        ['2026-10-24 10:00', 'Mark Jansen', 'Terugbetaling van €\u00a03,40 (Contant)', 'K1A2B-000001', 'Gedaan', 'late train'],
        ['2026-10-24 10:00', null, expect.any(String), null, 'Geweigerd', 'Alleen een leidinggevende mag dit doen.'],
        ['2026-10-24 10:00', null, expect.any(String), null, 'Geweigerd', null],
      ],
    ],
    [
      'en',
      ['Time', 'Who', 'What', 'Order', 'Outcome', 'Detail'],
      [
        ['2026-10-24 10:00', 'Mark Jansen', 'Refund of €3.40 (Cash)', 'K1A2B-000001', 'Done', 'late train'],
        ['2026-10-24 10:00', null, expect.any(String), null, 'Refused', 'Only a manager may do this.'],
        // The trail keeps no parameters: a reason with a placeholder ("The day {businessDate} …") is left out.
        ['2026-10-24 10:00', null, expect.any(String), null, 'Refused', null],
      ],
    ],
  ] as const)(
    '%s: local time, who, the act in a sentence with euros and the method in words, the order’s number, the outcome in words',
    (language, columns, expected) => {
      const report = auditReport(context(language), RANGE, () => [rows]);
      expect(report.tables[0]!.columns.map((c) => c.label)).toEqual(columns);
      const written = rowsOf(report)[0]!;
      expect(written).toEqual(expected);
      for (const r of written) expect(String(r[2])).not.toMatch(/payments\.|cents|\{/);
    },
  );
});
