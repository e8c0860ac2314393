import { ORDER_STATUS } from '../../shared/enums';
import type { IpcInput } from '../../shared/ipc';
import type { Order } from '../../shared/schemas/order';
import { useAction } from '../api/useInvoke';
import { useCatalog } from '../sale/hooks';
import { orderStatusId } from '../sale/orderView';
import { focusSoon } from '../sale/saleStore';
import { methodId, operatorReference, type MethodKind } from './payments';

type PaymentInput = IpcInput<'payments.add'>['payment'];

/** payments.add for one method, with our reference; focus moves to "Deliver" once paid. */
export function usePayment(order: Order, kind: MethodKind) {
  const methods = useCatalog().value?.paymentMethods ?? [];
  const add = useAction('payments.add', (answer) => {
    if (orderStatusId(answer.order) === ORDER_STATUS.paid) focusSoon('deliver');
  });
  const pay = (fields: Omit<PaymentInput, 'paymentMethodId' | 'operatorPaymentReference'>) =>
    add.run({
      orderId: order.orderId,
      payment: {
        paymentMethodId: methodId(methods, kind),
        operatorPaymentReference: operatorReference(order.orderNumber, kind),
        ...fields,
      },
    });
  return { pay, pending: add.pending, error: add.error };
}
