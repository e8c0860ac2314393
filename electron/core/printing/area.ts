import type { Devices } from '../devices';
import { printingHandlers } from './handlers';
import type { PagePrinter } from './pagePrinter';
import { ReceiptDesk, type ReceiptDeskDeps } from './receipts';

export type { PageOutcome, PagePrinter } from './pagePrinter';

/**
 * Printing (docs/api.md §9.3): the receipts on the desk's printer, the page on the OS printer
 * through the host's port (none: the page prints itself), and the hook the payment areas call
 * once money settled (the drawer after cash, the receipt once the sale is paid).
 */
export function printingArea(
  deps: Omit<ReceiptDeskDeps, 'printer' | 'drawer'> & {
    devices: Devices;
    languageCode: () => string;
    pagePrinter: PagePrinter | null;
    printerName: () => string | null;
  },
) {
  const { devices, languageCode, pagePrinter, printerName, ...receiptDeps } = deps;
  const receipts = new ReceiptDesk({ ...receiptDeps, printer: devices.printer, drawer: devices.drawer });
  return {
    receipts,
    /** The order as the receipt and the customer display read it. */
    receiptOrder: receiptDeps.loadOrder,
    handlers: printingHandlers({ devices, receipts, languageCode, pagePrinter, printerName }),
    afterPayment: receipts.afterPayment.bind(receipts),
  };
}
