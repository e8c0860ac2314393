import type { OrderLine, Payment } from '../../../shared/schemas/order';

/**
 * How the counter recognises its lines and payments in the central's copy: the central keeps
 * our line id as externalOrderLineId and our payment id as operatorPaymentReference, each
 * unique within the order (docs/api.md §8), so at most one central line or payment is ours; a
 * copy made elsewhere (adopted under the central's own ids) matches by id.
 */
export const sameLine = (central: OrderLine, local: OrderLine) =>
  central.externalOrderLineId === local.orderLineId || central.orderLineId === local.orderLineId;

export const samePayment = (central: Payment, local: Payment) =>
  central.operatorPaymentReference === local.paymentId || central.paymentId === local.paymentId;
