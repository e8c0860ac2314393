import { describe, expect, it } from 'vitest';
import { receiptRows, type ReceiptRow } from './layout';
import { receiptOf, type ReceiptInput } from './receipt';
import { CASH, line, order, pay, PIN } from './testing/orders';
import { receiptMoney } from './words';

/** The receipt's content (docs/api.md §9.3), as the printer's rows say it. */

const AMS = 'Europe/Amsterdam';
const text = (rows: ReceiptRow[]) => rows.map((r) => (r.type === 'pair' ? `${r.left} | ${r.right}` : r.type === 'rule' ? '---' : r.text));

function rowsOf(input: Partial<ReceiptInput> & Pick<ReceiptInput, 'order'>, language: 'nl' | 'en' = 'nl') {
  const receipt = receiptOf({ kind: { type: 'sale' }, timeZone: AMS, duplicate: false, ...input });
  if (!receipt) throw new Error('no receipt');
  return text(receiptRows(receipt, language));
}

describe('a sale paid in cash', () => {
  const sale = order([line('Dagkaart', 1545), line('Strippenkaart', 400, 2)], [pay('p1', CASH, 1945, { tendered: 2000 })]);

  it('says, in Dutch, the touchpoint, number, local date and time, lines, total, tendered and change', () => {
    expect(rowsOf({ order: sale })).toEqual([
      'Kassabon',
      'Utrecht Centraal',
      'Bestelling K1A2B-000042',
      '27-11-2026 20:03',
      '---',
      '1 x Dagkaart | € 15,45',
      '2 x Strippenkaart | € 4,00',
      '---',
      'Totaal | € 19,45',
      '---',
      'Contant | € 19,45',
      '  Ontvangen | € 20,00',
      '  Wisselgeld | € 0,55',
      '---',
      'Bedankt en goede reis!',
    ]);
  });

  it('says it in English for an English order, with the date as the English write it', () => {
    const rows = rowsOf({ order: sale }, 'en');
    expect(rows.slice(0, 4)).toEqual(['Receipt', 'Utrecht Centraal', 'Order K1A2B-000042', '27/11/2026 20:03']);
    expect(rows).toContain('Cash | €19.45');
    expect(rows).toContain('  Tendered | €20.00');
    expect(rows).toContain('  Change | €0.55');
  });

  it('a reprint is marked DUPLICAAT above and below, DUPLICATE in English', () => {
    const rows = rowsOf({ order: sale, duplicate: true });
    expect(rows[0]).toBe('DUPLICAAT');
    expect(rows.at(-1)).toBe('DUPLICAAT');
    expect(rowsOf({ order: sale, duplicate: true }, 'en')[0]).toBe('DUPLICATE');
    expect(rowsOf({ order: sale })).not.toContain('DUPLICAAT');
  });

  it('a rounded cash payment prints its rounding line, and the change counts the rounded amount', () => {
    const rounded = order([line('Afstandskaartje', 343)], [pay('p1', CASH, 343, { tendered: 500, cashRounding: 2 })]);
    const rows = rowsOf({ order: rounded });
    expect(rows).toContain('  Afronding | € 0,02');
    // 5.00 handed over for 3.45 in cash: 1.55 back.
    expect(rows).toContain('  Wisselgeld | € 1,55');
  });

  it('a payment without rounding prints no rounding line', () => {
    expect(rowsOf({ order: sale }).some((r) => r.includes('Afronding'))).toBe(false);
  });

  it('the touchpoint is named as the counter names it when given', () => {
    expect(rowsOf({ order: sale, touchpointName: 'Loket 3' })[1]).toBe('Loket 3');
  });

  it('the time is the counter’s own: 23:30 UTC in summer is the next day in Amsterdam', () => {
    const late = order([line('Dagkaart', 100)], [pay('p1', CASH, 100, { at: '2026-07-01T23:30:00.000Z', tendered: 100 })]);
    expect(rowsOf({ order: late })[3]).toBe('02-07-2026 01:30');
  });
});

describe('a PIN sale', () => {
  it('prints the terminal’s receipt text under the payment, and leaves failed attempts out', () => {
    const sale = order(
      [line('Dagkaart', 1545)],
      [pay('f', PIN, 1545, { state: 'FAILED' }), pay('p', PIN, 1545, { terminalReceipt: ['Kaart: ****1234', 'Autorisatie: 123456'] })],
    );
    const rows = rowsOf({ order: sale });
    expect(rows.filter((r) => r.startsWith('Pinbetaling'))).toEqual(['Pinbetaling | € 15,45']);
    expect(rows).toEqual(expect.arrayContaining(['  Kaart: ****1234', '  Autorisatie: 123456']));
    expect(rows.some((r) => r.includes('Ontvangen'))).toBe(false);
  });

  it('a payment still on its way says so', () => {
    const sale = order([line('Dagkaart', 1545)], [pay('p', PIN, 1545, { state: 'PENDING' })]);
    expect(rowsOf({ order: sale })).toContain('Pinbetaling (in behandeling) | € 15,45');
    expect(rowsOf({ order: sale }, 'en')).toContain('Pinbetaling (pending) | €15.45');
  });
});

describe('a refund', () => {
  const refunded = order(
    [line('Dagkaart', 1545)],
    [pay('p1', CASH, 1545, { tendered: 2000 }), pay('r1', CASH, 500, { isRefund: true, at: '2026-11-28T08:15:00.000Z' })],
  );

  it('its receipt says what was given back, when, and nothing of the sale’s payments', () => {
    const rows = rowsOf({ order: refunded, kind: { type: 'refund', paymentId: 'r1' } });
    expect(rows[0]).toBe('Terugbetaling');
    expect(rows[3]).toBe('28-11-2026 09:15');
    expect(rows).toContain('Terugbetaling Contant | € 5,00');
    expect(rows).toContain('Terugbetaald | € 5,00');
    expect(rows.some((r) => r.includes('Ontvangen'))).toBe(false);
  });

  it('is kept under the refund’s own key; the sale’s receipt under the order’s, at the time of its payment', () => {
    const refund = receiptOf({ order: refunded, kind: { type: 'refund', paymentId: 'r1' }, timeZone: AMS, duplicate: false });
    const sale = receiptOf({ order: refunded, kind: { type: 'sale' }, timeZone: AMS, duplicate: false });
    expect(refund?.key).toBe('r1');
    expect(sale?.key).toBe(refunded.orderId);
    expect(sale?.issuedAt).toBe('2026-11-27 20:03');
  });

  it('a return’s receipt names what was returned; a refund of money only names nothing', () => {
    const returned = order(
      [line('Enkele reis stad', 1020, 3), line('Retour stad', 640)],
      [
        pay('p1', CASH, 1660),
        { ...pay('r2', CASH, 680, { isRefund: true }), lines: [{ orderLineId: 'line-Enkele reis stad', quantity: 2 }] },
      ],
    );
    const rows = rowsOf({ order: returned, kind: { type: 'refund', paymentId: 'r2' } });
    expect(rows.slice(rows.indexOf('Geretourneerd:'), rows.indexOf('Geretourneerd:') + 3)).toEqual([
      'Geretourneerd:',
      '  2 x Enkele reis stad',
      'Terugbetaald | € 6,80',
    ]);
    expect(rowsOf({ order: returned, kind: { type: 'refund', paymentId: 'r2' } }, 'en')).toContain('Returned:');
    expect(rowsOf({ order: refunded, kind: { type: 'refund', paymentId: 'r1' } }).some((r) => r.startsWith('Geretourneerd'))).toBe(false);
  });

  it('a refund that is not on the order has no receipt; neither has a payment taken for a refund', () => {
    expect(receiptOf({ order: refunded, kind: { type: 'refund', paymentId: 'nope' }, timeZone: AMS, duplicate: false })).toBeNull();
    expect(receiptOf({ order: refunded, kind: { type: 'refund', paymentId: 'p1' }, timeZone: AMS, duplicate: false })).toBeNull();
  });
});

describe('money on a receipt', () => {
  it.each([
    [0, '€ 0,00', '€0.00'],
    [5, '€ 0,05', '€0.05'],
    [123456, '€ 1.234,56', '€1,234.56'],
    [-200, '-€ 2,00', '-€2.00'],
  ])('%i cents', (cents, nl, en) => {
    expect(receiptMoney(cents, 'nl')).toBe(nl);
    expect(receiptMoney(cents, 'en')).toBe(en);
  });
});
