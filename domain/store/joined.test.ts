import { describe, expect, it } from 'vitest';
import { catalog, conceptOrder, lineOf, opContext } from '../../server/testing/orderRecords';
import { present } from '../order/present';
import { answersOf, joinDocs } from './joined';

const registered = conceptOrder(opContext(), [
  lineOf('Registered top-up', { customerTokens: [{ tokenTypeId: 2, transitTokenId: 42002 }] }),
]).order;
const row = (doc: string, statusId: number, hasTokens: boolean) => ({ doc, statusId, hasTokens });

describe('a page joined for an answer', () => {
  // Multi-byte text (é, €, ’) before and inside the ranges: the ranges count bytes, not characters.
  const plain = row('{"name":"Eén rit","price":"€ 3,40"}', 4, false);
  const withTokens = (orderId: string) =>
    row(JSON.stringify({ orderId, note: 'reiziger’s kaart', orderLines: [], order_OrderStatuses: [] }), 1, true);

  it('joins the stored docs by commas, as UTF-8, in a buffer of its own (one a thread may hand over)', () => {
    const { text, toPresent } = joinDocs([plain, row('{"b":2}', 1, false)]);
    expect(Buffer.from(text).toString()).toBe(`${plain.doc},{"b":2}`);
    expect(text.byteOffset).toBe(0);
    expect(text.buffer.byteLength).toBe(text.byteLength);
    expect(toPresent).toEqual([]);
  });

  it('joins docs given as their stored UTF-8 bytes (a reader thread reads them so) as it joins their text', () => {
    const rows = [plain, withTokens('a'), row('{"b":2}', 1, false)];
    const joined = joinDocs(rows.map((r) => ({ ...r, doc: new Uint8Array(Buffer.from(r.doc)) })));
    expect(Buffer.from(joined.text).toString()).toBe(rows.map((r) => r.doc).join(','));
    expect(joined.toPresent).toEqual(joinDocs(rows).toPresent);
  });

  it('marks the docs whose status shows their tokens, by byte range', () => {
    const a = withTokens('a');
    const joined = joinDocs([plain, a, row(withTokens('c').doc, 4, true)]);
    const start = Buffer.byteLength(plain.doc) + 1;
    expect(joined.toPresent).toEqual([{ start, end: start + Buffer.byteLength(a.doc) }]);
    expect(Buffer.from(joined.text).toString('utf8', start, start + Buffer.byteLength(a.doc))).toBe(a.doc);
  });

  it('answers the marked docs presented and the others as stored', () => {
    const stored = row(JSON.stringify(registered), 1, true);
    const presented = JSON.stringify(present(registered, catalog, null));
    expect(presented).not.toBe(stored.doc);
    const paid = row(stored.doc, 4, true);
    expect(
      Buffer.concat(answersOf(joinDocs([plain, stored, paid, stored]), catalog, null, Buffer.from('['), Buffer.from(']'))).toString(),
    ).toBe(`[${plain.doc},${presented},${stored.doc},${presented}]`);
  });

  it('answers an empty page as the envelope alone', () => {
    expect(Buffer.concat(answersOf(joinDocs([]), catalog, null, Buffer.from('['), Buffer.from(']'))).toString()).toBe('[]');
  });
});
