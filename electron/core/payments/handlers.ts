import type { HandlersOf } from '../../../shared/ipc';
import type { paymentChannels } from '../../../shared/ipc/payments';
import type { OrderDesk } from '../orders/desk';
import { actIsOrderWrite } from '../acts';

/** Money taken and given back (docs/api.md §4, §7.1); the dispatch's gate checks that a refund is a manager's. */
export function paymentHandlers({ service, caller, change }: OrderDesk): HandlersOf<typeof paymentChannels> {
  return {
    'payments.add': ({ orderId, payment }) => change(() => service.addPayment(orderId, payment, caller())),
    'payments.setStatus': ({ paymentId, status }) => change(() => service.paymentStatus(paymentId, status, caller())),
    'payments.refund': ({ orderId, refund }) => {
      // The refund, its audit row and its journal row commit in the order's write (acts.ts).
      actIsOrderWrite();
      return change(() => service.refund(orderId, refund, caller()));
    },
  };
}
