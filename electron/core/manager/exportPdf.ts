import { readFileSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { pagesOf, type Column, type Report, type Table } from './export';

/**
 * A report as a PDF (docs/counter.md §10, "Exports"), laid out here rather than by pdfkit's own
 * wrapping, for three reasons:
 * - names from anywhere: the text is set in the bundled DejaVu Sans (Latin, Greek, Cyrillic,
 *   Arabic, Hebrew and more) and each run of characters it lacks (emoji) in Symbola;
 * - no word is ever broken: a cell wraps between words only, and a word wider than its column
 *   makes that cell's type smaller instead;
 * - right to left: a word of Arabic or Hebrew is shaped by fontkit (through pdfkit), and words
 *   of it that follow each other are placed right to left within the line.
 * Amounts and counts are flush right. Each page repeats the table's column headings.
 */

export interface PdfFonts {
  regular: Buffer;
  bold: Buffer;
  /** For the characters the others lack (emoji, symbols): monochrome, as a PDF font must be. */
  fallback: Buffer;
}

const loaded = new Map<string, PdfFonts>();
/** The fonts of assets/fonts/ (their licences beside them), read once per process. */
export function pdfFonts(dir: string): PdfFonts {
  let fonts = loaded.get(dir);
  if (!fonts) {
    fonts = {
      regular: readFileSync(join(dir, 'DejaVuSansCondensed.ttf')),
      bold: readFileSync(join(dir, 'DejaVuSansCondensed-Bold.ttf')),
      fallback: readFileSync(join(dir, 'Symbola.ttf')),
    };
    loaded.set(dir, fonts);
  }
  return fonts;
}

type FontName = 'regular' | 'bold' | 'fallback';
const FONT_KEYS: Record<FontName, number> = { regular: 0, bold: 1, fallback: 2 };
/** What pdfkit holds of an embedded font: fontkit's font, which knows its glyphs. */
interface Coverage {
  hasGlyphForCodePoint(codePoint: number): boolean;
  glyphForCodePoint(codePoint: number): { advanceWidth: number };
  unitsPerEm: number;
}
interface Run {
  font: FontName;
  text: string;
}
interface Word {
  runs: Run[];
  /** Units at a size of 1. */
  width: number;
  rtl: boolean;
}
interface Laid {
  size: number;
  lines: Word[][];
}

const MARGIN = 40;
const GAP = 4;
const BODY = 8;
const LEADING = 1.25;
/** Characters that belong to the one before them: joiners, variation selectors, skin tones, combining marks. */
const MARK = /^\p{M}$/u;
const attached = (char: string) => {
  const cp = char.codePointAt(0)!;
  return cp === 0x200d || (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0x1f3fb && cp <= 0x1f3ff) || MARK.test(char);
};
const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/u;
const STRONG = /[\p{L}]/u;

/** What pdfkit holds of an embedded font besides fontkit's: its cache of every word it laid out. */
interface PdfkitFont {
  font: Coverage;
  layoutCache?: Record<string, unknown>;
}

class Layout {
  private readonly coverage = {} as Record<FontName, Coverage>;
  private readonly embedded: PdfkitFont[] = [];
  private readonly widths = new Map<string, number>();
  private readonly advances = new Map<number, number>();
  private page = 1;

  constructor(
    readonly doc: PDFKit.PDFDocument,
    private readonly report: Report,
  ) {
    for (const name of ['regular', 'bold', 'fallback'] as const) {
      doc.font(name);
      // pdfkit keeps fontkit's font of an embedded font as `font`; its glyph table decides the fallback.
      const font = (doc as unknown as { _font: PdfkitFont })._font;
      this.coverage[name] = font.font;
      this.embedded.push(font);
    }
  }

  /**
   * Empties pdfkit's cache of laid-out words, which keeps every word it ever drew (order numbers
   * and times are new on every row): emptied after each page of rows, it holds a page's words,
   * and a long export's memory stays that of a page (docs/architecture.md §4).
   */
  forgetWords() {
    for (const font of this.embedded) if (font.layoutCache) font.layoutCache = Object.create(null) as Record<string, unknown>;
  }

  get bottom() {
    return this.doc.page.height - MARGIN;
  }
  get width() {
    return this.doc.page.width - 2 * MARGIN;
  }

  /**
   * Units at size 1. Left-to-right text of the first scripts (below Hebrew) in one font is the
   * sum of its characters' advances, read once per character: most cells are numbers, times
   * and names, unique row after row. Other text is laid out by fontkit (shaping), remembered.
   */
  private measure(font: FontName, text: string): number {
    let sum = 0;
    for (const char of text) {
      const cp = char.codePointAt(0)!;
      if (cp >= 0x0590) return this.shaped(font, text);
      const key = cp * 4 + FONT_KEYS[font];
      let advance = this.advances.get(key);
      if (advance === undefined) {
        const f = this.coverage[font];
        advance = f.glyphForCodePoint(cp).advanceWidth / f.unitsPerEm;
        this.advances.set(key, advance);
      }
      sum += advance;
    }
    return sum;
  }

  private shaped(font: FontName, text: string): number {
    const key = `${font}\u0000${text}`;
    let w = this.widths.get(key);
    if (w === undefined) {
      w = this.doc.font(font).fontSize(1).widthOfString(text);
      if (this.widths.size > 20_000) this.widths.clear();
      this.widths.set(key, w);
    }
    return w;
  }

  private runs(text: string, main: FontName): Run[] {
    const runs: Run[] = [];
    for (const char of text) {
      const cp = char.codePointAt(0)!;
      const last = runs.at(-1);
      const font =
        last && attached(char)
          ? last.font
          : this.coverage[main].hasGlyphForCodePoint(cp) || !this.coverage.fallback.hasGlyphForCodePoint(cp)
            ? main
            : 'fallback';
      if (last?.font === font) last.text += char;
      else runs.push({ font, text: char });
    }
    return runs;
  }

  private words(text: string, main: FontName): Word[] {
    return text
      .split(/\s+/)
      .filter(Boolean)
      .map((word) => {
        const runs = this.runs(word, main);
        const strong = [...word].find((c) => STRONG.test(c));
        return { runs, width: runs.reduce((w, r) => w + this.measure(r.font, r.text), 0), rtl: strong !== undefined && RTL.test(strong) };
      });
  }

  /** A cell's text in lines of whole words within `width`, in type small enough for its widest word. */
  lay(text: string, width: number, main: FontName, size = BODY): Laid {
    const words = this.words(text, main);
    const widest = Math.max(0, ...words.map((w) => w.width));
    const fitted = widest * size > width ? Math.floor((10 * width) / widest) / 10 : size;
    const space = this.measure(main, ' ');
    const lines: Word[][] = [];
    let line: Word[] = [];
    let used = 0;
    for (const word of words) {
      const needed = (line.length > 0 ? used + space + word.width : word.width) * fitted;
      if (line.length > 0 && needed > width) {
        lines.push(line);
        line = [];
        used = 0;
      }
      used = line.length > 0 ? used + space + word.width : word.width;
      line.push(word);
    }
    if (line.length > 0) lines.push(line);
    return { size: fitted, lines };
  }

  height(laid: Laid) {
    return Math.max(1, laid.lines.length) * laid.size * LEADING;
  }

  /** Draws laid-out text from (x, y), each line left or right within `width`; leaves doc.y as it was. */
  draw(laid: Laid, x: number, y: number, width: number, right: boolean, main: FontName) {
    const space = this.measure(main, ' ');
    laid.lines.forEach((line, i) => {
      const pieces = mergedRuns(visualOrder(line), main, space);
      const lineWidth = (pieces.reduce((w, p) => w + p.width, 0) + space * (pieces.length - 1)) * laid.size;
      let at = right ? x + width - lineWidth : x;
      for (const piece of pieces) {
        for (const run of piece.runs) {
          this.doc
            .font(run.font)
            .fontSize(laid.size)
            .text(run.text, at, y + i * laid.size * LEADING, { lineBreak: false });
          at += this.measure(run.font, run.text) * laid.size;
        }
        at += space * laid.size;
      }
    });
    this.doc.y = y;
  }

  /** A line of text across the page, wrapped between words. */
  paragraph(text: string, main: FontName, size: number) {
    const laid = this.lay(text, this.width, main, size);
    const y = this.doc.y;
    this.draw(laid, MARGIN, y, this.width, false, main);
    this.doc.y = y + this.height(laid);
  }

  newPage() {
    this.doc.addPage();
    this.page += 1;
    this.doc.y = MARGIN;
    this.paragraph(`${this.report.runningHead} · ${this.page}`, 'regular', 7);
    this.doc.y += 4;
  }
}

/**
 * A line's words as fewer pieces to draw: neighbouring left-to-right words set wholly in the
 * main font are one text (a reader takes "Zoë Ölçer" out as one); a piece's runs in drawing order.
 */
function mergedRuns(words: Word[], main: FontName, space: number): { runs: Run[]; width: number }[] {
  const pieces: { runs: Run[]; width: number; plain: boolean }[] = [];
  for (const word of words) {
    const plain = !word.rtl && word.runs.length === 1 && word.runs[0]!.font === main;
    const last = pieces.at(-1);
    if (plain && last?.plain) {
      last.runs[0]!.text += ` ${word.runs[0]!.text}`;
      last.width += space + word.width;
    } else pieces.push({ runs: word.rtl ? [...word.runs].reverse() : word.runs.map((r) => ({ ...r })), width: word.width, plain });
  }
  return pieces;
}

/** Words in the order they stand on the line: each stretch of right-to-left words reversed. */
function visualOrder(line: Word[]): Word[] {
  const out: Word[] = [];
  for (let i = 0; i < line.length;) {
    let j = i;
    while (j < line.length && line[j]!.rtl) j++;
    if (j > i) out.push(...line.slice(i, j).reverse());
    else out.push(line[j++]!);
    i = j;
  }
  return out;
}

const rightAligned = (c: Column) => c.money === true || c.number === true;

/**
 * Lets what pdfkit has made so far reach the file: pdfkit draws synchronously, and its output
 * flows to the file only between turns of the event loop, so each page of rows is followed by
 * one turn, or by the file's drain when its buffer is full (docs/architecture.md §4).
 */
async function flowed(out: Writable) {
  if (out.errored) throw out.errored;
  if (out.writableNeedDrain) await once(out, 'drain');
  else await new Promise((resolve) => setImmediate(resolve));
}

async function drawTable(layout: Layout, table: Table, amount: (cents: number) => string, out: Writable) {
  const { doc } = layout;
  const weights = table.columns.map((c) => c.width ?? 1);
  const total = weights.reduce((a, b) => a + b, 0);
  const xs: number[] = [];
  weights.reduce((x, w) => (xs.push(x), x + (layout.width * w) / total), MARGIN);
  const widthOf = (i: number) => (layout.width * weights[i]!) / total - GAP;
  const row = (cells: string[], main: FontName) => {
    const laid = cells.map((text, i) => layout.lay(text, widthOf(i), main));
    const height = Math.max(...laid.map((l) => layout.height(l)));
    return { laid, height };
  };
  const put = ({ laid, height }: ReturnType<typeof row>, main: FontName) => {
    const y = doc.y;
    laid.forEach((l, i) => layout.draw(l, xs[i]!, y, widthOf(i), rightAligned(table.columns[i]!), main));
    doc.y = y + height + 2;
  };
  const headings = row(
    table.columns.map((c) => c.label),
    'bold',
  );
  if (doc.y + 30 + headings.height > layout.bottom) layout.newPage();
  doc.y += 8;
  layout.paragraph(table.title, 'bold', 11);
  doc.y += 2;
  put(headings, 'bold');
  for (const page of pagesOf(table)) {
    for (const cells of page) {
      const texts = cells.map((cell, i) =>
        cell === null ? '' : typeof cell === 'number' && table.columns[i]!.money ? amount(cell) : String(cell),
      );
      const laid = row(texts, 'regular');
      if (doc.y + laid.height > layout.bottom) {
        layout.newPage();
        put(headings, 'bold');
      }
      put(laid, 'regular');
    }
    layout.forgetWords();
    await flowed(out);
  }
}

/** A report as a PDF written to `out` as it is laid out, page by page; `out` is left open for the caller to end. */
export async function toPdf(report: Report, fonts: PdfFonts, out: Writable): Promise<void> {
  const wide = report.tables.some((t) => t.columns.reduce((w, c) => w + (c.width ?? 1), 0) > 8);
  const doc = new PDFDocument({
    size: 'A4',
    layout: wide ? 'landscape' : 'portrait',
    margin: MARGIN,
    info: { Title: `${report.title} ${report.period}` },
  });
  const ended = once(doc, 'end');
  doc.pipe(out, { end: false });
  doc.registerFont('regular', fonts.regular);
  doc.registerFont('bold', fonts.bold);
  doc.registerFont('fallback', fonts.fallback);
  const layout = new Layout(doc, report);
  const money = new Intl.NumberFormat(report.locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  doc.y = MARGIN;
  layout.paragraph(report.title, 'bold', 16);
  for (const line of report.heading) layout.paragraph(line, 'regular', 9);
  for (const table of report.tables) await drawTable(layout, table, (cents) => money.format(cents / 100), out);
  doc.end();
  await ended;
}
