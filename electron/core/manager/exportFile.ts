import type { ExportFormat } from '../../../shared/manager/schemas';
import type { ExportFile } from '../../../shared/manager/types';
import { toCsv, type Report } from './export';
import { toPdf, type PdfFonts } from './exportPdf';

/** The file's name: the report's title in the manager's language and its period, nothing a file system minds. */
const fileBase = (report: Report) => `${report.title}-${report.period}`.replace(/[^\p{L}\p{N}.-]+/gu, '_');

/** A report as the file a manager saves: CSV as text, PDF as base64 (it crosses IPC). */
export async function exportFile(report: Report, format: ExportFormat, fonts: PdfFonts): Promise<ExportFile> {
  const base = fileBase(report);
  if (format === 'csv')
    return { fileName: `${base}.csv`, mimeType: 'text/csv', encoding: 'utf8', content: toCsv(report), report: report.name };
  const pdf = await toPdf(report, fonts);
  return { fileName: `${base}.pdf`, mimeType: 'application/pdf', encoding: 'base64', content: pdf.toString('base64'), report: report.name };
}
