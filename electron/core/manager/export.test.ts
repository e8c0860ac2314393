import { inflateSync } from 'node:zlib';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { euros, exportFile, toCsv, toPdf, type Report } from './export';

/** Reports as files: the euro text, the CSV a Dutch spreadsheet reads, the PDF and the file names. */

const report = (tables: Report['tables'], period = '2026-10-24'): Report => ({ name: 'orders', title: 'Orders', period, tables });
const table = (rows: Report['tables'][number]['rows'], title = 'T'): Report['tables'][number] => ({
  title,
  columns: [{ label: 'Name' }, { label: 'Count' }, { label: 'Amount', money: true }],
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
  it('one table: a BOM, a header, `;` between fields, CRLF lines, amounts only in money columns', () => {
    const csv = toCsv(
      report([
        table([
          ['Retour', 2, 1280],
          [null, 3, null],
        ]),
      ]),
    );
    expect(csv).toBe('\uFEFFName;Count;Amount\r\nRetour;2;12,80\r\n;3;\r\n');
  });

  it('keeps a text that a spreadsheet would run as a formula as text, and numbers in text columns as they are', () => {
    const cells = ['=SUM(A1)', '+31', '-5', '@me', '\tx', '\rx', 'a=b', 'plain'];
    const csv = toCsv(report([{ title: 'T', columns: [{ label: 'Text' }], rows: cells.map((c) => [c]) }]));
    const parsed = Papa.parse<string[]>(csv.slice(1).trim(), { delimiter: ';', newline: '\r\n' }).data.map((r) => r[0]);
    expect(parsed).toEqual(['Text', "'=SUM(A1)", "'+31", "'-5", "'@me", "'\tx", "'\rx", 'a=b', 'plain']);
    expect(toCsv(report([{ title: 'T', columns: [{ label: 'N' }], rows: [[-5]] }]))).toBe('\uFEFFN\r\n-5\r\n');
    expect(toCsv(report([{ title: 'T', columns: [{ label: 'EUR', money: true }], rows: [['n/a']] }]))).toBe('\uFEFFEUR\r\nn/a\r\n');
  });

  it('several tables: each under its title, a blank line between', () => {
    const csv = toCsv(report([table([['a', 1, 1]], 'First'), table([['b', 2, 200]], 'Second')]));
    expect(csv).toBe('\uFEFFFirst\r\nName;Count;Amount\r\na;1;0,01\r\n\r\nSecond\r\nName;Count;Amount\r\nb;2;2,00\r\n');
    // A title with a comma is one field of the `;` file, not quoted as a `,` file would need.
    expect(toCsv(report([table([], 'Per product, per day'), table([], 'b')])).startsWith('\uFEFFPer product, per day\r\n')).toBe(true);
  });
});

/** The texts a PDF draws, from its (deflated) content streams: where, in which font (F2 is the bold one) and size. */
function drawn(pdf: Buffer) {
  const texts: { page: number; x: number; y: number; font: string; size: number; text: string }[] = [];
  let page = 0;
  for (const [, raw] of pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(raw!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    page++;
    for (const [, x, y, font, size, pieces] of content.matchAll(/1 0 0 1 ([\d.]+) ([\d.]+) Tm\n\/(F\d) (\d+) Tf\n\[(.*)\] TJ/g)) {
      const text = [...pieces!.matchAll(/<([0-9a-f]*)>/g)].map(([, hex]) => Buffer.from(hex!, 'hex').toString('latin1')).join('');
      texts.push({ page, x: Number(x), y: Number(y), font: font!, size: Number(size), text });
    }
  }
  return texts;
}

describe('PDF', () => {
  const pages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

  it('draws the title large and bold, each table’s title and header bold, its cells plain, formulas without their guard', async () => {
    const pdf = await toPdf(
      report([
        table([
          ["'=x", 2, 1280],
          [null, null, 5],
        ]),
      ]),
    );
    const texts = drawn(pdf);
    expect(texts.map((t) => [t.text, t.font, t.size])).toEqual([
      ['Orders 2026-10-24', 'F2', 16],
      ['T', 'F2', 12],
      ['Name', 'F2', 8],
      ['Count', 'F2', 8],
      ['Amount', 'F2', 8],
      ['=x', 'F1', 8],
      ['2', 'F1', 8],
      ['12,80', 'F1', 8],
      ['0,05', 'F1', 8],
    ]);
  });

  it('puts each column in its third of the page between the margins, amounts flush right, rows below each other', async () => {
    const texts = drawn(
      await toPdf(
        report([
          table([
            ['Retour', 2, 1280],
            ['Enkele reis', 10, 5],
          ]),
        ]),
      ),
    );
    const at = (text: string) => texts.find((t) => t.text === text)!;
    const third = (595.28 - 80) / 3;
    expect(at('Orders 2026-10-24').x).toBe(40);
    expect(at('Name').x).toBe(40);
    expect(at('Retour').x).toBe(40);
    expect(at('Count').x).toBeCloseTo(40 + third, 2);
    expect(at('2').x).toBeCloseTo(40 + third, 2);
    // Right-aligned within the column less 4 points: the wider amount starts further left.
    // Helvetica at 8 points: a digit is 4.448 wide, a comma 2.224; each amount ends 4 points before the column's end.
    expect(at('12,80').x).toBeCloseTo(40 + 3 * third - 4 - 20.016, 3);
    expect(at('0,05').x).toBeCloseTo(40 + 3 * third - 4 - 15.568, 3);
    // Below each other: the header, then the rows, each at least a line of 8 points and 2 apart.
    const ys = ['Name', 'Retour', 'Enkele reis'].map((t) => at(t).y);
    expect(ys[0]! - ys[1]!).toBeCloseTo(11.52, 2);
    expect(ys[1]! - ys[2]!).toBeCloseTo(11.248, 2);
    expect(at('Count').y).toBe(at('Name').y);
  });

  it('is a PDF titled with the report and its period, one page for a short table', async () => {
    const pdf = await toPdf(report([table([['Retour', 2, 1280]])]));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pages(pdf)).toBe(1);
    expect(pdf.toString('latin1')).toContain('(Orders 2026-10-24)');
  });

  it('keeps an apostrophe inside a text; only the formula guard at the start is dropped', async () => {
    const texts = drawn(await toPdf(report([table([["it's", 1, 1]])])));
    expect(texts.some((t) => t.text === "it's")).toBe(true);
  });

  it('starts each table’s title at the left margin again', async () => {
    const texts = drawn(await toPdf(report([table([['a', 1, 100]], 'First'), table([['b', 2, 200]], 'Second')])));
    expect(texts.find((t) => t.text === 'Second')).toMatchObject({ x: 40, font: 'F2', size: 12 });
  });

  it('goes on to a new page before a row would reach the foot of the page, so no row is split', async () => {
    const rows = Array.from({ length: 120 }, (_, i) => [`row ${i}`, i, i * 100]);
    const long = await toPdf(report([table(rows)]));
    expect(pages(long)).toBeGreaterThanOrEqual(2);
    // No row is split: its three cells on one page, on one line, above the foot margin.
    const texts = drawn(long);
    for (let i = 0; i < rows.length; i++) {
      const cells = [`row ${i}`, `${i}`, euros(i * 100)].map((text) =>
        texts.find((t) => t.text === text && t.y === texts.find((u) => u.text === `row ${i}`)!.y),
      );
      expect(cells.map((c) => c?.page)).toEqual(Array(3).fill(cells[0]!.page));
      expect(cells[0]!.y).toBeGreaterThan(40);
    }
    expect(pages(await toPdf(report([table(rows.slice(0, 20))])))).toBe(1);
  });
});

describe('export files', () => {
  it('names a CSV by report and period, with anything but word characters, dots and dashes made `_`', async () => {
    const file = await exportFile(report([table([['a', 1, 1]])], '2026-10-24_2026-10-31 /x'), 'csv');
    expect(file).toEqual({
      fileName: 'orders-2026-10-24_2026-10-31_x.csv',
      mimeType: 'text/csv',
      encoding: 'utf8',
      content: '\uFEFFName;Count;Amount\r\na;1;0,01\r\n',
      report: 'orders',
    });
  });

  it('gives a PDF as base64 under a .pdf name', async () => {
    const file = await exportFile(report([table([['a', 1, 1]])]), 'pdf');
    expect(file).toMatchObject({ fileName: 'orders-2026-10-24.pdf', mimeType: 'application/pdf', encoding: 'base64', report: 'orders' });
    expect(Buffer.from(file.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });
});
