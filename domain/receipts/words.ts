/**
 * The words of a receipt in the counter's languages (docs/api.md §9.3), and money as a receipt
 * prints it. Plain data, so the printer's driver and the screens word a receipt alike.
 */

export type ReceiptLanguage = 'nl' | 'en';

export interface ReceiptWords {
  sale: string;
  refund: string;
  duplicate: string;
  order: string;
  total: string;
  cash: string;
  tendered: string;
  change: string;
  rounding: string;
  handed: string;
  handedBack: string;
  givenBack: string;
  returned: string;
  pending: string;
  thanks: string;
  testPrint: string;
  testPrintBody: string;
}

export const RECEIPT_WORDS: Record<ReceiptLanguage, ReceiptWords> = {
  nl: {
    sale: 'Kassabon',
    refund: 'Terugbetaling',
    duplicate: 'DUPLICAAT',
    order: 'Bestelling',
    total: 'Totaal',
    cash: 'Contant',
    tendered: 'Ontvangen',
    change: 'Wisselgeld',
    rounding: 'Afronding',
    handed: 'Contant betaald',
    handedBack: 'Contant terug',
    givenBack: 'Terugbetaald',
    returned: 'Geretourneerd',
    pending: 'in behandeling',
    thanks: 'Bedankt en goede reis!',
    testPrint: 'Testafdruk',
    testPrintBody: 'De bonprinter werkt.',
  },
  en: {
    sale: 'Receipt',
    refund: 'Refund',
    duplicate: 'DUPLICATE',
    order: 'Order',
    total: 'Total',
    cash: 'Cash',
    tendered: 'Tendered',
    change: 'Change',
    rounding: 'Rounding',
    handed: 'Paid in cash',
    handedBack: 'Cash given back',
    givenBack: 'Given back',
    returned: 'Returned',
    pending: 'pending',
    thanks: 'Thank you and have a good journey!',
    testPrint: 'Test print',
    testPrintBody: 'The receipt printer works.',
  },
};

/** The receipt's language from a language code ("nl", "nl-NL", "en"): Dutch or else English. */
export const receiptLanguage = (code: string | null | undefined): ReceiptLanguage => (code?.toLowerCase().startsWith('nl') ? 'nl' : 'en');

/** Cents as a receipt prints them: "€ 3,45" (nl), "€3.45" (en); a negative amount leads with its sign. */
export function receiptMoney(cents: number, language: ReceiptLanguage): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const euros = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, language === 'nl' ? '.' : ',');
  const fraction = String(abs % 100).padStart(2, '0');
  return language === 'nl' ? `${sign}€ ${euros},${fraction}` : `${sign}€${euros}.${fraction}`;
}

/** "2026-11-27 20:03" as the language writes it: "27-11-2026 20:03" (nl), "27/11/2026 20:03" (en). */
export function receiptDateTime(local: string, language: ReceiptLanguage): string {
  const [day = '', time = ''] = local.split(' ');
  const [y, m, d] = day.split('-');
  return `${[d, m, y].join(language === 'nl' ? '-' : '/')} ${time}`;
}
