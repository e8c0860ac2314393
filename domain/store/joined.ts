import type { Catalog } from '../catalog';
import { presentedText, presentsTokens, type ListedOrder } from '../order/present';
import type { JoinedPage, Page } from './types';

/**
 * A page's stored docs joined by commas as UTF-8, in a buffer of its own (a reader thread
 * hands it to the main thread without a copy, readers.ts), and the byte ranges of the docs
 * whose answer embeds reference data (presentsTokens): only those are parsed again (answersOf).
 */
export interface JoinedDocs {
  text: Uint8Array;
  toPresent: { start: number; end: number }[];
}

export function joinDocs(rows: ListedOrder<string | Uint8Array>[]): JoinedDocs {
  const lengths = rows.map(({ doc }) => (typeof doc === 'string' ? Buffer.byteLength(doc) : doc.byteLength));
  // Not from Buffer's shared pool: a pooled buffer's memory cannot be handed to another thread.
  const text = Buffer.allocUnsafeSlow(lengths.reduce((sum, n) => sum + n, Math.max(0, rows.length - 1)));
  const toPresent: JoinedDocs['toPresent'] = [];
  let at = 0;
  rows.forEach((row, i) => {
    if (i > 0) at = text.writeUInt8(0x2c, at); // ','
    const { doc } = row;
    const end = typeof doc === 'string' ? at + text.write(doc, at) : (text.set(doc, at), at + doc.byteLength);
    if (presentsTokens(row)) toPresent.push({ start: at, end });
    at = end;
  });
  return { text, toPresent };
}

/** A store's page joined for an answer. */
export const joinPage = ({ rows, next }: Page<string | Uint8Array>): JoinedPage => ({ ...joinDocs(rows), next });

/**
 * The answers of a joined page between `head` and `tail` (the envelope), as the chunks of
 * UTF-8 to write in that order: the stored text as it is, each range to present replaced by
 * its answer (answerText). Nothing is copied: the route writes the chunks in one corked write.
 */
export function answersOf({ text, toPresent }: JoinedDocs, catalog: Catalog, viewer: number | null, head: Buffer, tail: Buffer): Buffer[] {
  const whole = Buffer.from(text.buffer, text.byteOffset, text.byteLength);
  const parts: Buffer[] = [head];
  let from = 0;
  for (const { start, end } of toPresent) {
    parts.push(whole.subarray(from, start), Buffer.from(presentedText(whole.toString('utf8', start, end), catalog, viewer)));
    from = end;
  }
  parts.push(whole.subarray(from), tail);
  return parts;
}
