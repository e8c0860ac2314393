import Papa from 'papaparse';
import PDFDocument from 'pdfkit';
import type { ExportFormat, ReportName } from '../../../shared/manager/schemas';
import type { ExportFile } from '../../../shared/manager/types';

/**
 * Reports as files: CSV that a Dutch spreadsheet opens right (UTF-8 with a BOM, `;` between
 * fields, a decimal comma, amounts in euros), written by papaparse; and PDF, laid out by
 * pdfkit. A report is a title and tables of text and amounts; both formats show the same.
 */

export interface Column {
  label: string;
  /** An amount in cents, shown in euros. */
  money?: boolean;
}
export type Cell = string | number | null;
export interface Table {
  title: string;
  columns: Column[];
  rows: Cell[][];
  /**
   * Rows that follow `rows`, a page at a time, read while the file is written: a long export
   * holds one page of rows, never all of them (docs/architecture.md §4).
   */
  pages?: () => Iterable<Cell[][]>;
}
export interface Report {
  name: ReportName;
  title: string;
  /** For the file name: the day or range. */
  period: string;
  tables: Table[];
}

/** Cents as euros with a decimal comma: 475 → "4,75", -5 → "-0,05". */
export function euros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** A text a spreadsheet would run as a formula is kept text (CSV injection). */
const safeText = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

const cellText = (cell: Cell, column: Column) =>
  cell === null ? '' : column.money && typeof cell === 'number' ? euros(cell) : typeof cell === 'number' ? String(cell) : safeText(cell);

/** A table's rows, then its pages' rows, a page at a time. */
function* pagesOf(table: Table): Generator<Cell[][]> {
  yield table.rows;
  if (table.pages) yield* table.pages();
}

const CSV = { delimiter: ';', newline: '\r\n', quotes: false, escapeFormulae: false } as const;

function csvTable(table: Table): string {
  const parts = [Papa.unparse([table.columns.map((c) => c.label)], CSV)];
  for (const page of pagesOf(table)) {
    if (page.length > 0)
      parts.push(
        Papa.unparse(
          page.map((row) => row.map((cell, i) => cellText(cell, table.columns[i]!))),
          CSV,
        ),
      );
  }
  return parts.join('\r\n');
}

export function toCsv(report: Report): string {
  const sections = report.tables.map((table) => {
    const body = csvTable(table);
    return report.tables.length > 1 ? `${Papa.unparse([[table.title]], { delimiter: ';' })}\r\n${body}` : body;
  });
  return `\uFEFF${sections.join('\r\n\r\n')}\r\n`;
}

export function toPdf(report: Report): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `${report.title} ${report.period}` } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica-Bold').fontSize(16).text(`${report.title} ${report.period}`);
    const width = doc.page.width - 80;
    for (const table of report.tables) {
      doc.moveDown().font('Helvetica-Bold').fontSize(12).text(table.title);
      const columnWidth = width / table.columns.length;
      const line = (cells: string[], bold: boolean) => {
        if (doc.y > doc.page.height - 60) doc.addPage();
        const y = doc.y;
        doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
        let tallest = y;
        cells.forEach((text, i) => {
          const money = table.columns[i]!.money;
          doc.text(text, 40 + i * columnWidth, y, { width: columnWidth - 4, align: money ? 'right' : 'left' });
          tallest = Math.max(tallest, doc.y);
        });
        doc.x = 40;
        doc.y = tallest + 2;
      };
      line(
        table.columns.map((c) => c.label),
        true,
      );
      for (const page of pagesOf(table))
        for (const row of page)
          line(
            row.map((cell, i) => (cell === null ? '' : cellText(cell, table.columns[i]!).replace(/^'/, ''))),
            false,
          );
    }
    doc.end();
  });
}

export async function exportFile(report: Report, format: ExportFormat): Promise<ExportFile> {
  const base = `${report.name}-${report.period}`.replace(/[^\w.-]+/g, '_');
  if (format === 'csv')
    return { fileName: `${base}.csv`, mimeType: 'text/csv', encoding: 'utf8', content: toCsv(report), report: report.name };
  const pdf = await toPdf(report);
  return { fileName: `${base}.pdf`, mimeType: 'application/pdf', encoding: 'base64', content: pdf.toString('base64'), report: report.name };
}
