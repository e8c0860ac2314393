import type { IpcInput } from '../../shared/ipc';
import type { Order } from '../../shared/schemas/order';
import { useAction } from '../api/useInvoke';
import { useCatalog } from '../sale/hooks';
import { focusSoon } from '../sale/saleStore';
import { methodId, operatorReference, type MethodKind } from './payments';

type PaymentInput = IpcInput<'payments.add'>['payment'];

/** payments.add for one method, with our reference; focus moves to "Deliver" once paid. */
export function usePayment(order: Order, kind: MethodKind) {
  const methods = useCatalog().value?.paymentMethods ?? [];
  const add = useAction('payments.add', (answer) => {
    if (answer.order.order_OrderStatuses[0]?.orderStatus.orderStatusId === 4) focusSoon('deliver');
  });
  const pay = (fields: Omit<PaymentInput, 'paymentMethodId' | 'operatorPaymentReference'> & { reference?: string }) => {
    const { reference, ...rest } = fields;
    return add.run({
      orderId: order.orderId,
      payment: {
        paymentMethodId: methodId(methods, kind),
        operatorPaymentReference: reference ?? operatorReference(order.orderNumber, kind),
        ...rest,
      },
    });
  };
  return { pay, pending: add.pending, error: add.error };
}
