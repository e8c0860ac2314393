import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pdfLines, pdfOf, pdfTexts } from '../testing/exportFiles';
import { csvFiles, strictCsv } from '../testing/exportCsv';
import { csvChunks, euros, type Report } from './export';
import { exportFileOf, writeExport } from './exportFile';
import { pdfFonts } from './exportPdf';
import { exportFontsDir } from './exports';

/** Reports as files: the euro text, the CSV a Dutch spreadsheet reads, the PDF (read back with pdf.js) and the file names. */

const FONTS = pdfFonts(exportFontsDir()!);
const report = (tables: Report['tables'], locale = 'nl-NL'): Report => ({
  name: 'orders',
  title: 'Orders',
  period: '2026-10-24',
  heading: ['Winkel: Balie Centraal Station', 'Periode: 24 oktober 2026'],
  runningHead: 'Orders · Balie Centraal Station',
  nameParts: ['Orders', 'Balie Centraal Station', 'Kassa 1', '2026-10-24', 'Europe/Amsterdam'],
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

const csvOf = (t: Report['tables'][number]) => [...csvChunks(t)].join('');

describe('CSV', () => {
  it('a table is a BOM and its header on the first line, then its rows: `;` between fields, CRLF lines, amounts in euros', () => {
    expect(
      csvOf(
        table([
          ['Retour', 2, 1280],
          [null, 3, null],
        ]),
      ),
    ).toBe('\uFEFFNaam;Aantal;Bedrag (€)\r\nRetour;2;12,80\r\n;3;\r\n');
  });

  it('a strict RFC 4180 reader (csv-parse) takes the header from the first row, every row as wide as it, quotes and all', () => {
    const rows = [
      ['a; b', 1, 100],
      ['say "hi"', 2, -5],
      ['two\r\nlines', null, null],
    ];
    expect(strictCsv(csvOf(table(rows)))).toEqual({
      header: ['Naam', 'Aantal', 'Bedrag (€)'],
      rows: [
        ['a; b', '1', '1,00'],
        ['say "hi"', '2', '-0,05'],
        ['two\r\nlines', '', ''],
      ],
    });
  });

  it('the strict reader refuses what a lenient one takes: a title line above the header, a row of another width', () => {
    expect(() => strictCsv('\uFEFFOrders\r\nNaam;Aantal\r\na;1\r\n')).toThrow(/Invalid Record Length/);
    expect(() => strictCsv('Naam;Aantal\r\na;1;2\r\n')).toThrow(/Invalid Record Length/);
  });

  it('keeps a text that a spreadsheet would run as a formula as text, and numbers in text columns as they are', () => {
    const cells = ['=SUM(A1)', '+31', '-5', '@me', '\tx', '\rx', 'a=b', 'plain'];
    const { rows } = strictCsv(csvOf({ title: 'T', columns: [{ label: 'Text' }], rows: cells.map((c) => [c]) }));
    expect(rows.map((r) => r[0])).toEqual(["'=SUM(A1)", "'+31", "'-5", "'@me", "'\tx", "'\rx", 'a=b', 'plain']);
    expect(csvOf({ title: 'T', columns: [{ label: 'N' }], rows: [[-5]] })).toBe('\uFEFFN\r\n-5\r\n');
  });

  it('reads a paged table a page at a time, after its first rows', () => {
    const paged = {
      ...table([['first', 1, 1]]),
      pages: function* () {
        yield [['second', 2, 2]];
        yield [];
        yield [['third', 3, 3]];
      },
    };
    expect(strictCsv(csvOf(paged)).rows.map((r) => r[0])).toEqual(['first', 'second', 'third']);
  });
});

describe('PDF', () => {
  const NAMES = ['Zoë Ölçer', 'محمد', 'שלום', 'Anna 🚆'];

  it('sets names from anywhere in the bundled fonts, each word whole, an emoji in the fallback font', async () => {
    const texts = await pdfTexts(await pdfOf(report([table(NAMES.map((name, i) => [name, i + 1, 100 * (i + 1)]))]), FONTS));
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
    const texts = await pdfTexts(await pdfOf(report([table([['محمد علي', 1, 1]])]), FONTS));
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
    const texts = await pdfTexts(await pdfOf(report([table(rows)]), FONTS));
    const at = (text: string) => texts.find((t) => t.text === text)!;
    expect(new Set(['1.234,56', '0,05', '-0,05', 'Bedrag (€)'].map((t) => at(t).right.toFixed(2))).size).toBe(1);
    expect(new Set(['2', '10', '1', 'Aantal'].map((t) => at(t).right.toFixed(2))).size).toBe(1);
    expect(at('a').x).toBe(at('b').x);
    const english = await pdfTexts(await pdfOf(report([table(rows)], 'en-GB'), FONTS));
    expect(english.map((t) => t.text)).toEqual(expect.arrayContaining(['1,234.56', '0.05', '-0.05']));
  });

  it('never breaks a word: a cell wraps between words, and a word wider than its column is set smaller', async () => {
    const long = 'Dagkaart-volwassene-met-korting-en-nog-veel-meer-woorden';
    const words = 'Enkele reis Amsterdam Centraal naar Utrecht Centraal via Hilversum en terug';
    const texts = await pdfTexts(
      await pdfOf(
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
    const texts = await pdfTexts(await pdfOf(report([table(rows)]), FONTS));
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
  const dirs: string[] = [];
  afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
  /** A report written to a file as an export writes it, read back with its name and kind. */
  const written = async (r: Report, format: 'csv' | 'pdf') => {
    const dir = mkdtempSync(join(tmpdir(), 'counter-export-'));
    dirs.push(dir);
    const file = exportFileOf(r, format);
    const bytes = await writeExport(r, format, FONTS, join(dir, file.fileName));
    const content = readFileSync(join(dir, file.fileName));
    expect(content.length).toBe(bytes);
    return { ...file, content };
  };

  it('names a file by its title facts: title, store, counter, period and zone', async () => {
    const csv = await written({ ...report([table([['a', 1, 1]])]), name: 'audit' }, 'csv');
    expect(csv.fileName).toBe('Orders-Balie_Centraal_Station-Kassa_1-2026-10-24-Europe_Amsterdam.csv');
    expect(csv.mimeType).toBe('text/csv');
    expect(csv.content.toString('utf8')).toBe('\uFEFFNaam;Aantal;Bedrag (€)\r\na;1;0,01\r\n');
    const pdf = await written(report([table([['a', 1, 1]])]), 'pdf');
    expect(pdf).toMatchObject({
      fileName: 'Orders-Balie_Centraal_Station-Kassa_1-2026-10-24-Europe_Amsterdam.pdf',
      mimeType: 'application/pdf',
    });
    expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('several tables are a zip of CSVs, one a table in the report’s order, each named after the report and its table', async () => {
    const zip = await written(report([table([['a', 1, 1]], 'Eerste'), table([['b', 2, 2]], 'Tweede, met komma')]), 'csv');
    expect(zip).toMatchObject({
      fileName: 'Orders-Balie_Centraal_Station-Kassa_1-2026-10-24-Europe_Amsterdam.zip',
      mimeType: 'application/zip',
    });
    expect(csvFiles(zip)).toEqual([
      {
        name: 'Orders-Balie_Centraal_Station-Kassa_1-2026-10-24-Europe_Amsterdam-1-Eerste.csv',
        header: ['Naam', 'Aantal', 'Bedrag (€)'],
        rows: [['a', '1', '0,01']],
      },
      {
        name: 'Orders-Balie_Centraal_Station-Kassa_1-2026-10-24-Europe_Amsterdam-2-Tweede_met_komma.csv',
        header: ['Naam', 'Aantal', 'Bedrag (€)'],
        rows: [['b', '2', '0,02']],
      },
    ]);
  });

  it('writes a long PDF as it is laid out: the file grows while its rows are still being read', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'counter-export-'));
    dirs.push(dir);
    const path = join(dir, 'long.pdf');
    const sizes: number[] = [];
    const long: Report['tables'][number] = {
      ...table([]),
      pages: function* () {
        for (let page = 0; page < 8; page++) {
          // What the file holds when the next page of rows is read.
          sizes.push(existsSync(path) ? readFileSync(path).length : 0);
          yield Array.from({ length: 100 }, (_, i) => [`Naam ${page}-${i}`, i, i * 100] as [string, number, number]);
        }
      },
    };
    await writeExport(report([long]), 'pdf', FONTS, path);
    expect(sizes[0]).toBeLessThan(sizes.at(-1)!);
    expect(sizes.at(-1)!).toBeLessThan(readFileSync(path).length);
  });
});
