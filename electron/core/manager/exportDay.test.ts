import { describe, expect, it } from 'vitest';
import type { DayReport } from '../../../shared/manager/types';
import { pdfLines, pdfOf, pdfTexts } from '../testing/exportFiles';
import { reportCsv } from '../testing/exportCsv';
import type { ExportContext } from './exportContext';
import { dayReportFile } from './exportDay';
import { pdfFonts } from './exportPdf';
import { exportFontsDir } from './exports';

/** A day's X or Z report as a file: the drawer's sessions and cash movements, the orders not sold, in the manager's language. */

const context = (language: 'nl' | 'en'): ExportContext => ({
  language,
  timeZone: 'Europe/Amsterdam',
  store: 'Balie Centraal Station',
  counter: 'Balie CS kassa 1',
  methodNames: language === 'nl' ? { 1: 'Contant' } : { 1: 'Cash' },
  madeAt: '2026-10-24T17:00:00.000Z',
  today: '2026-10-24',
});
const zoe = { staffId: 'zoe', name: 'Zoë Ölçer' };
const mohammed = { staffId: 'mo', name: 'محمد' };
const day: DayReport = {
  businessDate: '2026-10-24',
  timeZone: 'Europe/Amsterdam',
  from: '2026-10-23T22:00:00.000Z',
  to: '2026-10-24T22:00:00.000Z',
  kind: 'Z',
  state: 'closed',
  openedAt: '2026-10-24T06:00:00.000Z',
  openedBy: zoe,
  closedAt: '2026-10-24T16:30:00.000Z',
  closedBy: mohammed,
  note: 'vijf cent te weinig',
  methods: [{ paymentMethodId: 1, name: 'Contant', payments: 980, paymentCount: 2, refunds: 100, refundCount: 1, expected: 880 }],
  cash: {
    float: 10000,
    expected: 10880,
    counted: 10875,
    countedByDenomination: { '10000': 1, '500': 0, '20': 2, '5': 1 } as never,
    difference: -5,
    rounding: 2,
    paidIn: 500,
    paidOut: 300,
    drops: 200,
    noSales: 1,
  },
  sessions: [
    {
      sessionId: 's1',
      businessDate: '2026-10-24',
      openedAt: '2026-10-24T06:00:00.000Z',
      openedBy: zoe,
      float: 10000,
      closedAt: '2026-10-24T16:30:00.000Z',
      closedBy: mohammed,
      cashSales: 882,
      rounding: 2,
      paidIn: 500,
      paidOut: 300,
      drops: 200,
      noSales: 1,
      expected: 10882,
      counted: 10875,
      countedByDenomination: null,
      difference: -7,
    },
  ],
  cashMovements: [
    {
      movementId: 'm1',
      sessionId: 's1',
      kind: 'paidIn',
      amount: 500,
      reason: 'wisselgeld bijgelegd',
      by: zoe,
      at: '2026-10-24T09:00:00.000Z',
    },
    { movementId: 'm2', sessionId: 's1', kind: 'noSale', amount: 0, reason: 'bon nagekeken', by: mohammed, at: '2026-10-24T10:00:00.000Z' },
  ],
  notSold: { open: { count: 2, amount: 1280 }, cancelled: { count: 1, amount: 640 }, refunded: { count: 1, amount: 980 } },
  terminal: {
    terminal: { debitCount: 3, debitAmount: 1500, refundCount: 1, refundAmount: 200 },
    counter: { debitCount: 2, debitAmount: 1300, refundCount: 1, refundAmount: 200 },
    manual: { debitCount: 1, debitAmount: 200, refundCount: 0, refundAmount: 0 },
    difference: 200,
    error: null,
    at: '2026-10-24T16:31:00.000Z',
  },
  clerks: [
    { clerk: zoe, taken: 985, payments: 2, givenBack: 105, refunds: 1, paidIn: 500, paidOut: 0, drops: 200, noSales: 0, net: 1180 },
    { clerk: null, taken: 0, payments: 0, givenBack: 0, refunds: 0, paidIn: 0, paidOut: 300, drops: 0, noSales: 1, net: -300 },
  ],
  orders: { count: 5, byStatus: [] },
  failedPayments: 1,
  reachedCentralAt: null,
  generatedAt: '2026-10-24T16:30:00.000Z',
};

describe('the day report file', () => {
  it('nl: the day, the methods in words, the drawer with its rounding and movements, each session, each movement, the count, not sold', () => {
    const file = dayReportFile(context('nl'), day);
    expect(file.title).toBe('Z-rapport');
    expect(file.heading.slice(0, 3)).toEqual(['Winkel: Balie Centraal Station', 'Kassa: Balie CS kassa 1', 'Periode: 24 oktober 2026']);
    expect(file.tables.map((t) => [t.title, t.columns.map((c) => c.label), t.rows])).toEqual([
      [
        'Dag',
        ['Wat', 'Waarde'],
        [
          ['Geopend', '2026-10-24 08:00, Zoë Ölçer'],
          ['Afgesloten', '2026-10-24 18:30, محمد'],
          ['Orders', 5],
          ['Mislukte betalingen', 1],
          ['La geopend zonder verkoop (keer)', 1],
          ['Toelichting', 'vijf cent te weinig'],
        ],
      ],
      [
        'Per betaalwijze',
        ['Betaalwijze', 'Betalingen', 'Betaald (€)', 'Terugbetalingen', 'Terugbetaald (€)', 'Netto (€)'],
        [['Contant', 2, 980, 1, 100, 880]],
      ],
      [
        'PIN: de pinautomaat en de kassa',
        ['Wat', 'Betalingen', 'Ontvangen (€)', 'Terugbetalingen', 'Terugbetaald (€)', 'Netto (€)'],
        [
          ['Pinautomaat', 3, 1500, 1, 200, 1300],
          ['Kassa', 2, 1300, 1, 200, 1100],
          ['Losse pinautomaat (met de hand bevestigd)', 1, 200, 0, 0, 200],
          ['Verschil (pinautomaat − kassa)', null, null, null, null, 200],
        ],
      ],
      [
        'Contant',
        ['Wat', 'Bedrag (€)'],
        [
          ['Wisselgeld', 10000],
          ['Afronding contant', 2],
          ['Gestort in de la', 500],
          ['Betaald uit de la', 300],
          ['Afgeroomd naar de kluis', 200],
          ['Verwacht', 10880],
          ['Geteld', 10875],
          ['Verschil', -5],
        ],
      ],
      [
        'Kassasessies',
        [
          'Geopend',
          'Afgesloten',
          'Wisselgeld (€)',
          'Contant (€)',
          'Afronding contant (€)',
          'Gestort in de la (€)',
          'Betaald uit de la (€)',
          'Afgeroomd naar de kluis (€)',
          'Verwacht (€)',
          'Geteld (€)',
          'Verschil (€)',
        ],
        [['2026-10-24 08:00, Zoë Ölçer', '2026-10-24 18:30, محمد', 10000, 882, 2, 500, 300, 200, 10882, 10875, -7]],
      ],
      [
        'Contant per medewerker',
        [
          'Medewerker',
          'Betalingen',
          'Ontvangen (€)',
          'Terugbetalingen',
          'Terugbetaald (€)',
          'Gestort in de la (€)',
          'Betaald uit de la (€)',
          'Afgeroomd naar de kluis (€)',
          'La geopend zonder verkoop (keer)',
          'Netto (€)',
        ],
        [
          ['Zoë Ölçer', 2, 985, 1, 105, 500, 0, 200, 0, 1180],
          ['niet vastgelegd', 0, 0, 0, 0, 0, 300, 0, 1, -300],
        ],
      ],
      [
        'Kasbewegingen',
        ['Tijd', 'Soort', 'Bedrag (€)', 'Wie', 'Reden'],
        [
          ['2026-10-24 11:00', 'Storting in de la', 500, 'Zoë Ölçer', 'wisselgeld bijgelegd'],
          ['2026-10-24 12:00', 'Geen verkoop', null, 'محمد', 'bon nagekeken'],
        ],
      ],
      [
        'Geteld per biljet en munt',
        ['Biljet of munt (€)', 'Aantal', 'Bedrag (€)'],
        [
          [10000, 1, 10000],
          [20, 2, 40],
          [5, 1, 5],
        ],
      ],
      [
        'Niet verkocht',
        ['Wat', 'Aantal', 'Bedrag (€)'],
        [
          ['Open (niet betaald)', 2, 1280],
          ['Geannuleerd', 1, 640],
          ['Volledig terugbetaald', 1, 980],
        ],
      ],
    ]);
  });

  it('en: an X report of a day still open, a session still open, in English; its CSV holds no kind code or cents', () => {
    const x: DayReport = {
      ...day,
      kind: 'X',
      closedAt: null,
      closedBy: null,
      sessions: [{ ...day.sessions![0]!, closedAt: null, closedBy: null }],
    };
    const file = dayReportFile(context('en'), x);
    expect(file.title).toBe('X report');
    expect(file.tables.map((t) => t.title)).toEqual([
      'Day',
      'Per payment method',
      'PIN: the terminal and the counter',
      'Cash',
      'Drawer sessions',
      'Cash per clerk',
      'Cash movements',
      'Counted by note and coin',
      'Not sold',
    ]);
    expect(file.tables[4]!.rows[0]!.slice(0, 2)).toEqual(['2026-10-24 08:00, Zoë Ölçer', 'still open']);
    const csv = reportCsv(file);
    expect(csv).toContain('2026-10-24 11:00;Paid in;5,00;Zoë Ölçer;wisselgeld bijgelegd\r\n');
    expect(csv).toContain('Safe drops;2,00\r\n');
    for (const raw of ['paidIn;', 'noSale', ';500;', ';10880;', 'zReport']) expect(csv).not.toContain(raw);
  });

  it('a report of an older version without sessions or movements leaves those tables out', () => {
    const { sessions: _s, cashMovements: _m, notSold: _n, terminal: _t, clerks: _c, ...older } = day;
    const file = dayReportFile(context('en'), { ...older, cash: { ...day.cash, paidIn: undefined, rounding: undefined } });
    expect(file.tables.map((t) => t.title)).toEqual(['Day', 'Per payment method', 'Cash', 'Counted by note and coin', 'Not sold']);
    expect(file.tables[2]!.rows.map((r) => r[0])).toEqual(['Float', 'Expected', 'Counted', 'Difference']);
  });

  it('as a PDF in Dutch: the heading and every name read back whole', async () => {
    const lines = pdfLines(await pdfTexts(await pdfOf(dayReportFile(context('nl'), day), pdfFonts(exportFontsDir()!))));
    expect(lines.slice(0, 4)).toEqual([
      'Z-rapport',
      'Winkel: Balie Centraal Station',
      'Kassa: Balie CS kassa 1',
      'Periode: 24 oktober 2026',
    ]);
    expect(lines).toContain('2026-10-24 11:00 Storting in de la 5,00 Zoë Ölçer wisselgeld bijgelegd');
    expect(lines).toContain('Afgesloten 2026-10-24 18:30, محمد');
  });
});
