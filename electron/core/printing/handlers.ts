import type { HandlersOf } from '../../../shared/ipc';
import type { printingChannels } from '../../../shared/ipc/printing';
import { ok, refusal } from '../../../shared/refusals';
import type { Devices } from '../devices';
import type { PagePrinter } from './pagePrinter';
import type { ReceiptDesk } from './receipts';

/**
 * Receipts, the test print and the devices' states (docs/api.md §9.3); the gate checks that a test
 * print is a manager's. A page (a report, or a receipt of the OS printer: `via: page`) goes to the
 * printer of the settings through the host's port; without a port the page prints itself
 * (`printed: false`, docs/counter.md §12).
 */
export function printingHandlers({
  devices,
  receipts,
  languageCode,
  pagePrinter,
  printerName,
}: {
  devices: Pick<Devices, 'deviceStates'>;
  receipts: ReceiptDesk;
  languageCode: () => string;
  pagePrinter: PagePrinter | null;
  /** The OS printer the settings name; null: the system's default. */
  printerName: () => string | null;
}): HandlersOf<typeof printingChannels> {
  const notFound = refusal('not-found', 'order.notFound');
  const printPage = async <A extends { printed: boolean }>(answer: A) => {
    if (!pagePrinter) return ok(answer);
    const outcome = await pagePrinter.print(printerName());
    return outcome.printed ? ok({ ...answer, printed: true }) : refusal('internal', 'receipt.notPrinted', { reason: outcome.reason });
  };
  return {
    'receipt.print': async ({ orderId, refundId }) => {
      const answer = await receipts.print(orderId, refundId);
      if (!answer) return notFound;
      return answer.via === 'page' ? printPage(answer) : ok(answer);
    },
    'page.print': async () => printPage({ printed: false }),
    'receipt.state': async ({ orderId, refundId }) => ok(receipts.state(orderId, refundId)),
    'printer.test': async () => ok(await receipts.testPrint(languageCode())),
    'devices.states': async () => ok(devices.deviceStates()),
  };
}
