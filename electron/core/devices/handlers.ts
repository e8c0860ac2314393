import type { HandlersOf } from '../../../shared/ipc';
import type { displayChannels } from '../../../shared/ipc/display';
import type { paymentChannels } from '../../../shared/ipc/payments';
import type { printingChannels } from '../../../shared/ipc/printing';
import type { settingsChannels } from '../../../shared/ipc/settings';
import { ok, refusal } from '../../../shared/refusals';
import type { Devices } from './devices';
import type { CustomerDisplay } from '../display/display';

/** Receipts, the test print and the devices' states (docs/api.md §9.3); the gate checks that a test print is a manager's. */
export function printingHandlers({
  devices,
  languageCode,
}: {
  devices: Devices;
  languageCode: () => string;
}): HandlersOf<typeof printingChannels> {
  const notFound = refusal('not-found', 'order.notFound');
  return {
    'receipt.print': async ({ orderId, refundId }) => {
      const answer = await devices.receipts.print(orderId, refundId);
      return answer ? ok(answer) : notFound;
    },
    // No printer in this host: the page prints itself (Electron's main answers before this).
    'page.print': async () => ok({ printed: false }),
    'receipt.state': async ({ orderId, refundId }) => ok(devices.receipts.state(orderId, refundId)),
    'printer.test': async () => ok(await devices.receipts.testPrint(languageCode())),
    'devices.states': async () => ok(devices.deviceStates()),
  };
}

/**
 * The payment handlers with what a settled payment sets off at the desk: the drawer after
 * cash, the receipt once the sale is paid or a refund settled (ReceiptDesk.afterPayment). The
 * answer goes back at once; the printer is never waited for.
 */
export function withDeskEffects(handlers: HandlersOf<typeof paymentChannels>, devices: Devices): HandlersOf<typeof paymentChannels> {
  return {
    'payments.add': async (input) => {
      const answer = await handlers['payments.add'](input);
      const made =
        answer.ok && answer.value.order.payments.find((p) => p.operatorPaymentReference === input.payment.operatorPaymentReference);
      if (answer.ok && made) devices.receipts.afterPayment(answer.value.order, made.paymentId);
      return answer;
    },
    'payments.setStatus': async (input) => {
      const answer = await handlers['payments.setStatus'](input);
      if (answer.ok) devices.receipts.afterPayment(answer.value.order, input.paymentId);
      return answer;
    },
    'payments.refund': async (input) => {
      const answer = await handlers['payments.refund'](input);
      const made =
        answer.ok &&
        answer.value.order.payments.find((p) => p.isRefund && p.operatorPaymentReference === input.refund.operatorPaymentReference);
      if (answer.ok && made) devices.receipts.afterPayment(answer.value.order, made.paymentId);
      return answer;
    },
  };
}

/** The customer display's channels (docs/api.md §9.4). */
export function displayHandlers(display: CustomerDisplay): HandlersOf<typeof displayChannels> {
  return {
    'display.show': async ({ orderId }) => {
      await display.show(orderId);
      return ok(true as const);
    },
    'display.current': async () => ok(display.view()),
  };
}

/** The settings' channels with a change of the receipt printer or the drawer put in force at once (docs/api.md §9.1). */
export function withDeviceSettings(handlers: HandlersOf<typeof settingsChannels>, devices: Devices): HandlersOf<typeof settingsChannels> {
  return {
    ...handlers,
    'settings.set': async (change) => {
      const answer = await handlers['settings.set'](change);
      if (answer.ok && (change.printerUrl !== undefined || change.drawer !== undefined)) {
        devices.configure({ printerUrl: answer.value.printerUrl, drawer: answer.value.drawer });
        devices.registry.refresh();
      }
      return answer;
    },
  };
}
