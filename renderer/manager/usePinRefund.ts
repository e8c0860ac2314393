import type { CounterOrder } from '../../shared/ipc';
import type { Order } from '../../shared/schemas/order';
import { paymentState } from '../../domain/order/money';
import { useAction } from '../api/useInvoke';
import { methodId } from '../checkout/payments';
import { useCatalog } from '../sale/hooks';

/**
 * Money back by PIN goes through the terminal first (docs/api.md §9.2): `terminal.refund`
 * reverses the order's last settled PIN payment, then records the refund. A PIN payment the
 * terminal never took (settled before this counter had one) is refunded as before. Answers
 * null when this refund is not one for the terminal.
 */
export function usePinRefund(order: Order, onDone: (order: CounterOrder) => void) {
  const methods = useCatalog().value?.paymentMethods ?? [];
  const pinId = methodId(methods, 'pin');
  const action = useAction('terminal.refund', onDone);
  const pinPayment = order.payments
    .filter((p) => !p.isRefund && paymentState(p) === 'SETTLED' && p.paymentMethod.paymentMethodId === pinId)
    .at(-1);
  /** True when the terminal took it (done or refused); false: refund it the usual way. */
  const run = async (chosenMethod: number, amountDebit: number, reason: string): Promise<boolean> => {
    if (chosenMethod !== pinId || !pinPayment) return false;
    const result = await action.run({ paymentId: pinPayment.paymentId, amountDebit, reason });
    return result.ok || result.error.code !== 'terminal.notTerminal';
  };
  return { run, pending: action.pending, error: action.error?.code === 'terminal.notTerminal' ? null : action.error };
}
