import type { HandlersOf } from '../../../shared/ipc';
import type { printingChannels } from '../../../shared/ipc/printing';
import { ok, refusal } from '../../../shared/refusals';
import type { Devices } from '../devices';
import type { ReceiptDesk } from './receipts';

/** Receipts, the test print and the devices' states (docs/api.md §9.3); the gate checks that a test print is a manager's. */
export function printingHandlers({
  devices,
  receipts,
  languageCode,
}: {
  devices: Pick<Devices, 'deviceStates'>;
  receipts: ReceiptDesk;
  languageCode: () => string;
}): HandlersOf<typeof printingChannels> {
  const notFound = refusal('not-found', 'order.notFound');
  return {
    'receipt.print': async ({ orderId, refundId }) => {
      const answer = await receipts.print(orderId, refundId);
      return answer ? ok(answer) : notFound;
    },
    // No printer in this host: the page prints itself (Electron's main answers before this).
    'page.print': async () => ok({ printed: false }),
    'receipt.state': async ({ orderId, refundId }) => ok(receipts.state(orderId, refundId)),
    'printer.test': async () => ok(await receipts.testPrint(languageCode())),
    'devices.states': async () => ok(devices.deviceStates()),
  };
}
