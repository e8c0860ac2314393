import type { Devices } from '../devices';
import { printingHandlers } from './handlers';
import { ReceiptDesk, type ReceiptDeskDeps } from './receipts';

/**
 * Printing (docs/api.md §9.3): the receipts on the desk's printer, and the hook the payment
 * areas call once money settled (the drawer after cash, the receipt once the sale is paid).
 */
export function printingArea(deps: Omit<ReceiptDeskDeps, 'printer' | 'drawer'> & { devices: Devices; languageCode: () => string }) {
  const { devices, languageCode, ...receiptDeps } = deps;
  const receipts = new ReceiptDesk({ ...receiptDeps, printer: devices.printer, drawer: devices.drawer });
  return {
    receipts,
    /** The order as the receipt and the customer display read it. */
    receiptOrder: receiptDeps.loadOrder,
    handlers: printingHandlers({ devices, receipts, languageCode }),
    afterPayment: receipts.afterPayment.bind(receipts),
  };
}
