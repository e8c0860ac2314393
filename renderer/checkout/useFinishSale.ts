import { ORDER_STATUS } from '../../shared/enums';
import type { CounterOrder } from '../../shared/ipc';
import { useAction } from '../api/useInvoke';
import { keyQueue } from '../common/pageKeys';
import { orderStatusId } from '../sale/orderView';
import { focusSoon, useSale } from '../sale/saleStore';

/**
 * After a payment: once the order is paid in full it is delivered at once (everything a
 * counter sells is handed over or loaded on the spot) and the receipt shows, with the change
 * due, the focus on "New sale". When delivery is refused the checkout keeps its Deliver button.
 */
export function useFinishSale() {
  const deliver = useAction('orders.deliver', () => {
    useSale.getState().goTo('receipt');
    focusSoon('receipt-new-sale');
  });
  const afterPayment = (answer: CounterOrder) => {
    if (orderStatusId(answer.order) !== ORDER_STATUS.paid) return;
    const release = keyQueue.hold();
    const { orderId } = answer.order;
    useSale.setState({ delivering: orderId });
    void deliver
      .run({ orderId })
      .then((result) => {
        useSale.setState({ delivering: null });
        if (!result.ok) focusSoon('deliver');
      })
      .finally(release);
  };
  return { afterPayment, delivering: deliver.pending };
}
