import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { pdfLines, pdfTexts } from '../testing/exportFiles';
import { euros, toCsv, type Report } from './export';
import { exportFile } from './exportFile';
import { pdfFonts, toPdf } from './exportPdf';
import { exportFontsDir } from './exports';

/** Reports as files: the euro text, the CSV a Dutch spreadsheet reads, the PDF (read back with pdf.js) and the file names. */

const FONTS = pdfFonts(exportFontsDir()!);
const report = (tables: Report['tables'], locale = 'nl-NL'): Report => ({
  name: 'orders',
  title: 'Orders',
  period: '2026-10-24',
  heading: ['Winkel: Balie Centraal Station', 'Periode: 24 oktober 2026'],
  runningHead: 'Orders · Balie Centraal Station',
  locale,
  tables,
});
const table = (rows: Report['tables'][number]['rows'], title = 'T'): Report['tables'][number] => ({
  title,
  columns: [
    { label: 'Naam', width: 2 },
    { label: 'Aantal', number: true },
    { label: 'Bedrag (€)', money: true },
  ],
  rows,
});

describe('euros', () => {
  it.each([
    [0, '0,00'],
    [5, '0,05'],
    [-5, '-0,05'],
    [99, '0,99'],
    [100, '1,00'],
    [475, '4,75'],
    [-12345, '-123,45'],
  ])('%i cents is %s', (cents, text) => {
    expect(euros(cents)).toBe(text);
  });
});

describe('CSV', () => {
  it('a BOM, the title and heading lines, then each table under its title: `;` between fields, CRLF lines, amounts in euros', () => {
    const csv = toCsv(
      report([
        table([
          ['Retour', 2, 1280],
          [null, 3, null],
        ]),
        table([['b', 1, -5]], 'Tweede, met komma'),
      ]),
    );
    expect(csv).toBe(
      '\uFEFFOrders\r\nWinkel: Balie Centraal Station\r\nPeriode: 24 oktober 2026\r\n\r\n' +
        'T\r\nNaam;Aantal;Bedrag (€)\r\nRetour;2;12,80\r\n;3;\r\n\r\n' +
        'Tweede, met komma\r\nNaam;Aantal;Bedrag (€)\r\nb;1;-0,05\r\n',
    );
  });

  it('keeps a text that a spreadsheet would run as a formula as text, and numbers in text columns as they are', () => {
    const cells = ['=SUM(A1)', '+31', '-5', '@me', '\tx', '\rx', 'a=b', 'plain'];
    const csv = toCsv(report([{ title: 'T', columns: [{ label: 'Text' }], rows: cells.map((c) => [c]) }]));
    const lines = Papa.parse<string[]>(csv.slice(1).trim(), { delimiter: ';', newline: '\r\n' }).data.map((r) => r[0]);
    expect(lines.slice(6)).toEqual(["'=SUM(A1)", "'+31", "'-5", "'@me", "'\tx", "'\rx", 'a=b', 'plain']);
    expect(toCsv(report([{ title: 'T', columns: [{ label: 'N' }], rows: [[-5]] }]))).toContain('\r\nN\r\n-5\r\n');
  });
});

describe('PDF', () => {
  const NAMES = ['Zoë Ölçer', 'محمد', 'שלום', 'Anna 🚆'];

  it('sets names from anywhere in the bundled fonts, each word whole, an emoji in the fallback font', async () => {
    const texts = await pdfTexts(await toPdf(report([table(NAMES.map((name, i) => [name, i + 1, 100 * (i + 1)]))]), FONTS));
    const runs = texts.map((t) => t.text);
    for (const word of ['Zoë', 'Ölçer', 'محمد', 'שלום', 'Anna', '🚆']) expect(runs.some((r) => r.split(' ').includes(word))).toBe(true);
    const font = (text: string) => texts.find((t) => t.text.includes(text))!.font;
    expect(font('🚆')).not.toBe(font('Zoë'));
    expect(font('Anna')).toBe(font('Zoë'));
    expect(pdfLines(texts)).toEqual([
      'Orders',
      'Winkel: Balie Centraal Station',
      'Periode: 24 oktober 2026',
      'T',
      'Naam Aantal Bedrag (€)',
      'Zoë Ölçer 1 1,00',
      'محمد 2 2,00',
      'שלום 3 3,00',
      'Anna 🚆 4 4,00',
    ]);
  });

  it('places words of a right-to-left name right to left, each shaped whole', async () => {
    const texts = await pdfTexts(await toPdf(report([table([['محمد علي', 1, 1]])]), FONTS));
    const first = texts.find((t) => t.text === 'محمد')!;
    const second = texts.find((t) => t.text === 'علي')!;
    expect(second.right).toBeLessThan(first.x);
  });

  it('puts amounts and counts flush right in their columns, amounts in the report’s locale', async () => {
    const rows = [
      ['a', 2, 123456],
      ['b', 10, 5],
      ['c', 1, -5],
    ];
    const texts = await pdfTexts(await toPdf(report([table(rows)]), FONTS));
    const at = (text: string) => texts.find((t) => t.text === text)!;
    expect(new Set(['1.234,56', '0,05', '-0,05', 'Bedrag (€)'].map((t) => at(t).right.toFixed(2))).size).toBe(1);
    expect(new Set(['2', '10', '1', 'Aantal'].map((t) => at(t).right.toFixed(2))).size).toBe(1);
    expect(at('a').x).toBe(at('b').x);
    const english = await pdfTexts(await toPdf(report([table(rows)], 'en-GB'), FONTS));
    expect(english.map((t) => t.text)).toEqual(expect.arrayContaining(['1,234.56', '0.05', '-0.05']));
  });

  it('never breaks a word: a cell wraps between words, and a word wider than its column is set smaller', async () => {
    const long = 'Dagkaart-volwassene-met-korting-en-nog-veel-meer-woorden';
    const words = 'Enkele reis Amsterdam Centraal naar Utrecht Centraal via Hilversum en terug';
    const texts = await pdfTexts(
      await toPdf(
        report([
          {
            title: 'Smal',
            columns: [{ label: 'Wat' }, { label: 'Ook' }, { label: 'Nog' }, { label: 'En' }, { label: 'Meer' }],
            rows: [[long, words, 'x', 'y', 'z']],
          },
        ]),
        FONTS,
      ),
    );
    expect(texts.map((t) => t.text)).toContain(long);
    const second = texts.find((t) => t.text === 'Ook')!.x;
    const wrapped = texts.filter((t) => t.x === second && t.text !== 'Ook');
    expect(wrapped.length).toBeGreaterThan(1);
    expect(wrapped.map((t) => t.text).join(' ')).toBe(words);
    const column = (595.28 - 80) / 5 - 4;
    for (const t of [...wrapped, texts.find((u) => u.text === long)!]) expect(t.right - t.x).toBeLessThanOrEqual(column + 0.01);
  });

  it('goes on to a new page before a row would reach the foot, repeating the running head and the column headings', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => [`rij ${i}`, i, i * 100]);
    const texts = await pdfTexts(await toPdf(report([table(rows)]), FONTS));
    const pages = Math.max(...texts.map((t) => t.page));
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(texts.filter((t) => t.text === 'Naam').map((t) => t.page)).toEqual(Array.from({ length: pages }, (_, i) => i + 1));
    expect(pdfLines(texts.filter((t) => t.page === 2))[0]).toBe('Orders · Balie Centraal Station · 2');
    for (let i = 0; i < rows.length; i++) {
      const name = texts.find((t) => t.text === `rij ${i}`)!;
      const amount = texts.find((t) => t.text === euros(i * 100) && t.page === name.page && Math.abs(t.y - name.y) < 1);
      expect(amount).toBeDefined();
      expect(name.y).toBeGreaterThan(40);
    }
  });
});

describe('export files', () => {
  it('names a file by its title in the manager’s language and its period', async () => {
    const csv = await exportFile(
      { ...report([table([['a', 1, 1]])]), title: 'Audit trail', period: '2026-10-24_2026-10-31' },
      'csv',
      FONTS,
    );
    expect(csv).toMatchObject({
      fileName: 'Audit_trail-2026-10-24_2026-10-31.csv',
      mimeType: 'text/csv',
      encoding: 'utf8',
      report: 'orders',
    });
    expect(csv.content.startsWith('\uFEFFAudit trail\r\n')).toBe(true);
    const pdf = await exportFile({ ...report([table([['a', 1, 1]])]), title: 'Z-rapport' }, 'pdf', FONTS);
    expect(pdf).toMatchObject({ fileName: 'Z-rapport-2026-10-24.pdf', mimeType: 'application/pdf', encoding: 'base64' });
    expect(Buffer.from(pdf.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });
});
