import Papa from 'papaparse';
import type { ReportName } from '../../../shared/manager/schemas';

/**
 * Reports as files (docs/counter.md §10, "Exports"): CSV that a Dutch spreadsheet opens right
 * (UTF-8 with a BOM, `;` between fields, a decimal comma, amounts in euros), written by
 * papaparse, one file per table (several in a zip: exportFile.ts); and PDF, laid out by
 * exportPdf.ts. A report is a heading (store, counter, period, time zone) and tables of text,
 * numbers and amounts; both formats show the same words.
 */

export interface Column {
  label: string;
  /** An amount in cents, shown in euros. */
  money?: boolean;
  /** A count: right-aligned like an amount. */
  number?: boolean;
  /** The column's share of the page's width in a PDF (default 1). */
  width?: number;
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
  /** In the manager's language: the file's title and the start of its name. */
  title: string;
  /** For the file name: the day or range (YYYY-MM-DD). */
  period: string;
  /** Lines under the title: the store, the counter, the period and the time zone, in words. */
  heading: string[];
  /** The title facts a file's name holds: title, store, counter, period and time zone. */
  nameParts: string[];
  /** Atop each further page of a PDF: the title, the store and the period. */
  runningHead: string;
  /** The locale amounts are written in, in a PDF ("nl-NL", "en-GB"). */
  locale: string;
  tables: Table[];
}

/** Cents as euros with a decimal comma, as a Dutch spreadsheet reads them: 475 → "4,75", -5 → "-0,05". */
export function euros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** A text a spreadsheet would run as a formula is kept text (CSV injection). */
const safeText = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);

/** A cell as a CSV field: amounts in euros, counts as they are, text guarded against formulas. */
export const csvCell = (cell: Cell, column: Column) =>
  cell === null ? '' : column.money && typeof cell === 'number' ? euros(cell) : typeof cell === 'number' ? String(cell) : safeText(cell);

/** A table's rows, then its pages' rows, a page at a time. */
export function* pagesOf(table: Table): Generator<Cell[][]> {
  yield table.rows;
  if (table.pages) yield* table.pages();
}

const CSV = { delimiter: ';', newline: '\r\n', quotes: false, escapeFormulae: false } as const;
const csvLines = (rows: string[][]) => `${Papa.unparse(rows, CSV)}\r\n`;

/**
 * A table as one CSV file, a page of rows at a time (docs/counter.md §10, "Exports"): the BOM
 * and the column headings on the first line, then the rows; no title above it and nothing below,
 * so an import (an accounting package, a script) reads it as it is.
 */
export function* csvChunks(table: Table): Generator<string> {
  yield `\uFEFF${csvLines([table.columns.map((c) => c.label)])}`;
  for (const page of pagesOf(table)) {
    if (page.length > 0) yield csvLines(page.map((row) => row.map((cell, i) => csvCell(cell, table.columns[i]!))));
  }
}
