import { Zip, ZipDeflate } from 'fflate';
import type { ExportFormat } from '../../../shared/manager/schemas';
import type { ExportFile } from '../../../shared/manager/types';
import { csvChunks, type Report } from './export';
import { toPdf, type PdfFonts } from './exportPdf';

/** A name nothing a file system minds: each run of other characters one `_`. */
const safeName = (parts: string[]) => parts.join('-').replace(/[^\p{L}\p{N}.-]+/gu, '_');

/**
 * The CSVs of a report of several tables as one zip (docs/counter.md §10, "Exports"), each
 * table's file named after the report and the table, numbered in the report's order. Each file
 * is compressed while its rows are read, a page at a time: the export holds the compressed zip,
 * never the text of its tables (docs/architecture.md §4).
 */
export function csvZip(report: Report): Buffer {
  const chunks: Uint8Array[] = [];
  let failed: Error | null = null;
  const zip = new Zip((error, data) => {
    if (error) failed = error;
    else chunks.push(data);
  });
  const encoder = new TextEncoder();
  report.tables.forEach((table, i) => {
    const file = new ZipDeflate(`${safeName([...report.nameParts, String(i + 1), table.title])}.csv`, { level: 6 });
    zip.add(file);
    for (const chunk of csvChunks(table)) file.push(encoder.encode(chunk));
    file.push(new Uint8Array(0), true);
  });
  zip.end();
  if (failed) throw failed;
  return Buffer.concat(chunks);
}

/**
 * A report as the file a manager saves, named after its title facts (title, store, counter,
 * period, time zone): a table as one CSV (text), several tables as a zip of CSVs, or a PDF (both
 * base64: they cross IPC).
 */
export async function exportFile(report: Report, format: ExportFormat, fonts: PdfFonts): Promise<ExportFile> {
  const base = safeName(report.nameParts);
  const named = { report: report.name, encoding: 'base64' } as const;
  if (format === 'pdf')
    return { ...named, fileName: `${base}.pdf`, mimeType: 'application/pdf', content: (await toPdf(report, fonts)).toString('base64') };
  const [only, ...more] = report.tables;
  if (only && more.length === 0)
    return { report: report.name, fileName: `${base}.csv`, mimeType: 'text/csv', encoding: 'utf8', content: [...csvChunks(only)].join('') };
  return { ...named, fileName: `${base}.zip`, mimeType: 'application/zip', content: csvZip(report).toString('base64') };
}
