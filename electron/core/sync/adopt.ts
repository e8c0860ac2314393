import type { Order } from '../../../shared/schemas/order';
import { paymentState } from '../../../domain/order/money';
import { currentStatus } from '../../../domain/order/settle';
import { sameLine, samePayment } from './match';

/**
 * What the central did to an order that the counter did not do itself (a payment settled
 * by the payment provider, a delivery, a cancellation) taken into the local copy. Only for
 * orders with no unsent local change: those are pushed first, then adopted. Answers null
 * when the local copy already says the same.
 */
export function adoptCentral(local: Order, central: Order): Order | null {
  const payments = local.payments.map((l) => {
    const c = central.payments.find((p) => samePayment(p, l));
    if (!c) return l;
    // The central moved further, or it holds another final outcome (the payment provider
    // settled what the terminal called failed): a final status on the central cannot be
    // changed by the counter, so the central's outcome is the payment's outcome.
    const further = c.paymentStatuses.length > l.paymentStatuses.length;
    const otherOutcome = paymentState(c) !== 'PENDING' && paymentState(c) !== paymentState(l);
    return further || otherOutcome ? { ...l, paymentStatuses: c.paymentStatuses } : l;
  });
  const foreign = central.payments.filter((c) => !local.payments.some((l) => samePayment(c, l)));
  const centralStatus = currentStatus(central);
  const localStatus = currentStatus(local);
  const orderLines = local.orderLines.map((l) => {
    const c = central.orderLines.find((x) => sameLine(x, l));
    return c && c.orderLineStatus.orderLineStatusId !== l.orderLineStatus.orderLineStatusId
      ? { ...l, orderLineStatus: c.orderLineStatus }
      : l;
  });
  const changed =
    foreign.length > 0 ||
    centralStatus !== localStatus ||
    payments.some((p, i) => p !== local.payments[i]) ||
    orderLines.some((l, i) => l !== local.orderLines[i]);
  if (!changed) return null;
  return {
    ...local,
    customerProfileId: central.customerProfileId,
    payments: [...payments, ...foreign],
    orderLines,
    order_OrderStatuses: centralStatus !== localStatus ? central.order_OrderStatuses : local.order_OrderStatuses,
    lastUpdatedOn: central.lastUpdatedOn,
  };
}
