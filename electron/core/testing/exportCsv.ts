import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { unzipSync } from 'fflate';
import type { ExportAnswer, ExportFile } from '../../../shared/manager/types';
import { csvChunks, type Report } from '../manager/export';

/**
 * An exported CSV read back by a strict RFC 4180 reader no one here wrote (csv-parse; why it
 * and not papaparse: docs/architecture.md §7): quotes only where RFC 4180 allows them, every
 * record as many fields as the first, the first record the header. Anything else throws.
 */
export function strictCsv(text: string): { header: string[]; rows: string[][] } {
  const records = parse(text, {
    bom: true,
    delimiter: ';',
    record_delimiter: '\r\n',
    relax_column_count: false,
    relax_quotes: false,
    skip_empty_lines: false,
    skip_records_with_empty_values: false,
  }) as string[][];
  const [header, ...rows] = records;
  if (!header) throw new Error('a CSV without a header');
  return { header, rows };
}

/** An export that was saved (not cancelled), with the bytes of its file. */
export function savedFile(answer: ExportAnswer): ExportFile & { bytes: number; content: Buffer } {
  if ('cancelled' in answer || answer.path === null) throw new Error('the export was not saved to a file');
  return { ...answer, content: readFileSync(answer.path) };
}

/** Each CSV of an export written to a file (one, or each in its zip, in order) by its file name, read strictly. */
export function csvFiles(
  answer: ExportAnswer | (Pick<ExportFile, 'mimeType'> & { content: Buffer }),
): { name: string; header: string[]; rows: string[][] }[] {
  const file = 'content' in answer ? answer : savedFile(answer);
  if (file.mimeType === 'text/csv') return [{ name: '', ...strictCsv(file.content.toString('utf8')) }];
  if (file.mimeType !== 'application/zip') throw new Error(`not a CSV export: ${file.mimeType}`);
  const entries = unzipSync(new Uint8Array(file.content));
  return Object.entries(entries).map(([name, bytes]) => ({ name, ...strictCsv(new TextDecoder().decode(bytes)) }));
}

/** Every table's CSV of a report one after the other, for a test that looks for a line in any of them. */
export const reportCsv = (report: Report) => report.tables.map((table) => [...csvChunks(table)].join('')).join('');
