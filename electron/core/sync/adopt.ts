import type { Order, Payment } from '../../../shared/schemas/order';

/**
 * What the central did to an order that the counter did not do itself (a payment settled
 * by the payment provider, a delivery, a cancellation) taken into the local copy. Only for
 * orders with no unsent local change: those are pushed first, then adopted. Answers null
 * when the local copy already says the same.
 */
export function adoptCentral(local: Order, central: Order): Order | null {
  const matches = (c: Payment, l: Payment) => c.operatorPaymentReference === l.paymentId || c.paymentId === l.paymentId;
  const latest = (p: Payment) => p.paymentStatuses[0]?.statusCode;
  const payments = local.payments.map((l) => {
    const c = central.payments.find((p) => matches(p, l));
    if (!c) return l;
    // The central moved further, or it holds another final outcome (the payment provider
    // settled what the terminal called failed): a final status on the central cannot be
    // changed by the counter, so the central's outcome is the payment's outcome.
    const further = c.paymentStatuses.length > l.paymentStatuses.length;
    const otherOutcome = latest(c) !== 'PENDING' && latest(c) !== latest(l);
    return further || otherOutcome ? { ...l, paymentStatuses: c.paymentStatuses } : l;
  });
  const foreign = central.payments.filter((c) => !local.payments.some((l) => matches(c, l)));
  const centralStatus = central.order_OrderStatuses[0]!.orderStatus.orderStatusId;
  const localStatus = local.order_OrderStatuses[0]!.orderStatus.orderStatusId;
  const orderLines = local.orderLines.map((l) => {
    const c = central.orderLines.find((x) => x.externalOrderLineId === l.orderLineId || x.orderLineId === l.orderLineId);
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
