import { PassThrough } from 'node:stream';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Report } from '../manager/export';
import { toPdf, type PdfFonts } from '../manager/exportPdf';

/** A run of text a PDF draws, as a reader (pdf.js) takes it out: its page, where it starts and ends, and its font. */
export interface PdfText {
  page: number;
  text: string;
  x: number;
  /** From the foot of the page, as PDF counts. */
  y: number;
  right: number;
  /** pdf.js's name of the font: two runs in different fonts have different names. */
  font: string;
}

/** Every run of text of a PDF, page by page, read back as a PDF reader (or a screen reader) does. */
export async function pdfTexts(pdf: Buffer): Promise<PdfText[]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const texts: PdfText[] = [];
  for (let page = 1; page <= doc.numPages; page++) {
    const content = await (await doc.getPage(page)).getTextContent();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const [, , , , x, y] = item.transform as number[];
      texts.push({ page, text: item.str, x: x!, y: y!, right: x! + item.width, font: item.fontName });
    }
  }
  await doc.destroy();
  return texts;
}

/** The lines of a PDF's text: runs on the same baseline joined by a space, left to right. */
export function pdfLines(texts: PdfText[]): string[] {
  const lines = new Map<string, PdfText[]>();
  for (const t of texts) {
    const key = `${t.page}:${Math.round(t.y)}`;
    lines.set(key, [...(lines.get(key) ?? []), t]);
  }
  return [...lines.values()].map((line) =>
    line
      .sort((a, b) => a.x - b.x)
      .map((t) => t.text)
      .join(' '),
  );
}

/** A report's PDF in memory, for a test that reads it back (an export writes it to its file). */
export async function pdfOf(report: Report, fonts: PdfFonts): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await toPdf(report, fonts, out);
  return Buffer.concat(chunks);
}
