import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { Zip, ZipDeflate } from 'fflate';
import type { ExportFormat, ReportName } from '../../../shared/manager/schemas';
import type { ExportFile } from '../../../shared/manager/types';
import { csvChunks, type Report } from './export';
import { toPdf, type PdfFonts } from './exportPdf';

/** A name nothing a file system minds: each run of other characters one `_`. */
const safeName = (parts: string[]) => parts.join('-').replace(/[^\p{L}\p{N}.-]+/gu, '_');

/** The one report of a single table: its CSV is one file; the others' tables are a zip of CSVs. */
const ONE_TABLE: ReadonlySet<ReportName> = new Set(['audit']);

/**
 * The file a report is saved as (docs/counter.md §10, "Exports"), known before a row is read
 * (the save dialog suggests it): named after its title facts (title, store, counter, period,
 * time zone); a PDF, the CSV of a report of one table, or a zip of the CSVs of several.
 */
export function exportFileOf(report: Pick<Report, 'name' | 'nameParts'>, format: ExportFormat): Pick<ExportFile, 'fileName' | 'mimeType'> {
  const base = safeName(report.nameParts);
  if (format === 'pdf') return { fileName: `${base}.pdf`, mimeType: 'application/pdf' };
  return ONE_TABLE.has(report.name)
    ? { fileName: `${base}.csv`, mimeType: 'text/csv' }
    : { fileName: `${base}.zip`, mimeType: 'application/zip' };
}

/** Writes `data`, and waits while the file's buffer is full: the export holds a page at a time. */
async function put(out: WriteStream, data: string | Uint8Array) {
  if (out.errored) throw out.errored;
  if (!out.write(data)) await once(out, 'drain');
}

/**
 * The CSVs of a report of several tables as one zip, each table's file named after the report
 * and the table, numbered in the report's order. Each file is compressed while its rows are
 * read, a page at a time, and written as it is compressed (docs/architecture.md §4).
 */
async function csvZip(report: Report, out: WriteStream): Promise<void> {
  const pending: Uint8Array[] = [];
  let failed: Error | null = null;
  const zip = new Zip((error, data) => {
    if (error) failed = error;
    else pending.push(data);
  });
  const flush = async () => {
    if (failed) throw failed;
    for (const data of pending.splice(0)) await put(out, data);
  };
  const encoder = new TextEncoder();
  for (const [i, table] of report.tables.entries()) {
    const file = new ZipDeflate(`${safeName([...report.nameParts, String(i + 1), table.title])}.csv`, { level: 6 });
    zip.add(file);
    for (const chunk of csvChunks(table)) {
      file.push(encoder.encode(chunk));
      await flush();
    }
    file.push(new Uint8Array(0), true);
  }
  zip.end();
  await flush();
}

async function writeBody(report: Report, format: ExportFormat, fonts: PdfFonts, out: WriteStream, mimeType: ExportFile['mimeType']) {
  if (format === 'pdf') return toPdf(report, fonts, out);
  if (mimeType === 'application/zip') return csvZip(report, out);
  const [only, ...more] = report.tables;
  if (!only || more.length > 0) throw new Error(`the ${report.name} report is not one table`);
  for (const chunk of csvChunks(only)) await put(out, chunk);
}

/**
 * A report written to `path` as it is made (docs/counter.md §10, "Exports"): the rows a page at
 * a time, the file's buffer emptied before the next page, so a long export never holds its
 * whole document (docs/architecture.md §4). Answers the bytes written; a failure leaves the
 * file half written for the caller to remove (exportPlace.ts writes to NAME.part).
 */
export async function writeExport(report: Report, format: ExportFormat, fonts: PdfFonts, path: string): Promise<number> {
  const out = createWriteStream(path);
  // A write error ends the export at its next wait (drain) or at its end (finished).
  out.on('error', () => undefined);
  try {
    await writeBody(report, format, fonts, out, exportFileOf(report, format).mimeType);
    out.end();
    await finished(out);
    return out.bytesWritten;
  } catch (error) {
    out.destroy();
    throw error;
  }
}
