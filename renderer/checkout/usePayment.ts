import type { IpcInput } from '../../shared/ipc';
import type { Order } from '../../shared/schemas/order';
import { useAction } from '../api/useInvoke';
import { keyQueue } from '../common/pageKeys';
import { useCatalog } from '../sale/hooks';
import { methodId, operatorReference, type MethodKind } from './payments';
import { useFinishSale } from './useFinishSale';

type PaymentInput = IpcInput<'payments.add'>['payment'];

/** payments.add for one method, with our reference; a payment that pays the order in full finishes the sale. */
export function usePayment(order: Order, kind: MethodKind) {
  const methods = useCatalog().value?.paymentMethods ?? [];
  const finish = useFinishSale();
  const add = useAction('payments.add', finish.afterPayment);
  const pay = (fields: Omit<PaymentInput, 'paymentMethodId' | 'operatorPaymentReference'>) => {
    // Keys typed meanwhile (F2 for the next customer) wait for the receipt.
    const release = keyQueue.hold();
    return add
      .run({
        orderId: order.orderId,
        payment: {
          paymentMethodId: methodId(methods, kind),
          operatorPaymentReference: operatorReference(order.orderNumber, kind),
          ...fields,
        },
      })
      .finally(release);
  };
  return { pay, pending: add.pending || finish.delivering, error: add.error };
}
