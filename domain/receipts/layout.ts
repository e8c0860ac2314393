import type { Receipt, ReceiptPaymentRow } from './receipt';
import { RECEIPT_WORDS, receiptDateTime, receiptMoney, type ReceiptLanguage } from './words';

/**
 * A receipt as rows of text for a receipt printer's paper (docs/api.md §9.3): what each row
 * says, not how a printer is told to print it (the driver encodes the rows).
 */

export type ReceiptRow =
  | { type: 'title'; text: string }
  | { type: 'mark'; text: string }
  | { type: 'text'; text: string; center?: boolean }
  | { type: 'pair'; left: string; right: string; bold?: boolean }
  | { type: 'rule' };

function paymentRows(row: ReceiptPaymentRow, language: ReceiptLanguage): ReceiptRow[] {
  const words = RECEIPT_WORDS[language];
  const money = (cents: number) => receiptMoney(cents, language);
  const name = row.cash ? words.cash : row.method.name;
  const state = row.state === 'PENDING' ? ` (${words.pending})` : '';
  const rows: ReceiptRow[] = [{ type: 'pair', left: `${row.isRefund ? `${words.refund} ` : ''}${name}${state}`, right: money(row.amount) }];
  if (row.rounding !== null) rows.push({ type: 'pair', left: `  ${words.rounding}`, right: money(row.rounding) });
  if (row.handed !== null)
    rows.push({ type: 'pair', left: `  ${row.isRefund ? words.handedBack : words.handed}`, right: money(row.handed) });
  if (row.tendered !== null) rows.push({ type: 'pair', left: `  ${words.tendered}`, right: money(row.tendered) });
  // No change given, no change line (docs/counter.md §17).
  if (row.change) rows.push({ type: 'pair', left: `  ${words.change}`, right: money(row.change) });
  for (const line of row.terminalReceipt) rows.push({ type: 'text', text: `  ${line}` });
  return rows;
}

export function receiptRows(receipt: Receipt, language: ReceiptLanguage): ReceiptRow[] {
  const words = RECEIPT_WORDS[language];
  const money = (cents: number) => receiptMoney(cents, language);
  const rows: ReceiptRow[] = [];
  if (receipt.duplicate) rows.push({ type: 'mark', text: words.duplicate });
  rows.push(
    { type: 'title', text: receipt.kind === 'refund' ? words.refund : words.sale },
    { type: 'text', text: receipt.touchpointName, center: true },
    { type: 'text', text: `${words.order} ${receipt.orderNumber}`, center: true },
    { type: 'text', text: receiptDateTime(receipt.issuedAt, language), center: true },
    { type: 'rule' },
  );
  for (const line of receipt.lines) rows.push({ type: 'pair', left: `${line.quantity} x ${line.name}`, right: money(line.amount) });
  rows.push({ type: 'rule' }, { type: 'pair', left: words.total, right: money(receipt.total), bold: true }, { type: 'rule' });
  for (const payment of receipt.payments) rows.push(...paymentRows(payment, language));
  if (receipt.returned.length > 0) rows.push({ type: 'text', text: `${words.returned}:` });
  for (const r of receipt.returned) rows.push({ type: 'text', text: `  ${r.quantity} x ${r.name}` });
  if (receipt.givenBack !== null) rows.push({ type: 'pair', left: words.givenBack, right: money(receipt.givenBack), bold: true });
  rows.push({ type: 'rule' }, { type: 'text', text: words.thanks, center: true });
  if (receipt.duplicate) rows.push({ type: 'mark', text: words.duplicate });
  return rows;
}

/** The rows of a manager's test print: the touchpoint and the time, so the paper shows which counter printed it. */
export function testPrintRows(touchpointName: string, localNow: string, language: ReceiptLanguage): ReceiptRow[] {
  const words = RECEIPT_WORDS[language];
  return [
    { type: 'title', text: words.testPrint },
    { type: 'text', text: touchpointName, center: true },
    { type: 'text', text: receiptDateTime(localNow, language), center: true },
    { type: 'rule' },
    { type: 'text', text: words.testPrintBody, center: true },
  ];
}
