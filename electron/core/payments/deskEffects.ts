import type { HandlersOf } from '../../../shared/ipc';
import type { paymentChannels } from '../../../shared/ipc/payments';
import type { Order } from '../../../shared/schemas/order';

/** What a settled payment or refund sets off at the desk: the printing area's receipt and drawer (printing/receipts.ts). */
export type AfterPayment = (order: Order, paymentId: string) => void;

/**
 * The payment handlers with what a settled payment sets off at the desk: the drawer after
 * cash, the receipt once the sale is paid or a refund settled (ReceiptDesk.afterPayment). The
 * answer goes back at once; the printer is never waited for.
 */
export function withDeskEffects(
  handlers: HandlersOf<typeof paymentChannels>,
  afterPayment: AfterPayment,
): HandlersOf<typeof paymentChannels> {
  return {
    'payments.add': async (input) => {
      const answer = await handlers['payments.add'](input);
      const made =
        answer.ok && answer.value.order.payments.find((p) => p.operatorPaymentReference === input.payment.operatorPaymentReference);
      if (answer.ok && made) afterPayment(answer.value.order, made.paymentId);
      return answer;
    },
    'payments.setStatus': async (input) => {
      const answer = await handlers['payments.setStatus'](input);
      if (answer.ok) afterPayment(answer.value.order, input.paymentId);
      return answer;
    },
    'payments.refund': async (input) => {
      const answer = await handlers['payments.refund'](input);
      const made =
        answer.ok &&
        answer.value.order.payments.find((p) => p.isRefund && p.operatorPaymentReference === input.refund.operatorPaymentReference);
      if (answer.ok && made) afterPayment(answer.value.order, made.paymentId);
      return answer;
    },
  };
}
