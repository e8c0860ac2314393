import type { Order } from '../../shared/schemas/order';
import type { Harness } from './harness';
import { line } from './orders';

export type Attempt = [method: string, path: string, body?: unknown];

/**
 * Every write to an order (docs/api.md §7.3), with a body that the owner could send: a test that
 * finds one of them refused for a foreign caller knows the refusal is about who asks.
 * The order needs a line and a payment.
 */
export function everyWrite(h: Harness, order: Order): Attempt[] {
  const id = order.orderId;
  const lineId = order.orderLines[0]!.orderLineId;
  const paymentId = order.payments[0]!.paymentId;
  const method = h.roles.paymentMethod.paymentMethodId;
  return [
    ['PATCH', `/orders/${id}`, { languageId: h.roles.otherLanguage.languageId }],
    ['DELETE', `/orders/${id}`],
    ['POST', `/orders/${id}/orderlines`, line(h.roles.plain)],
    ['PATCH', `/orderlines/${lineId}`, { quantity: 3 }],
    ['DELETE', `/orderlines/${lineId}`],
    ['PUT', `/orders/${id}/customer`, { birthname: 'X', surname: 'Y', emailAddress: 'x@example.org', dateOfBirth: '1990-01-01' }],
    ['POST', `/orders/${id}/payments`, { paymentMethodId: method, amountDebit: 1, operatorPaymentReference: 'r' }],
    ['POST', `/orders/${id}/refunds`, { paymentMethodId: method, amountDebit: 1, operatorPaymentReference: 'rf', reason: 'test' }],
    ['POST', `/payments/${paymentId}/status`, { statusCode: 'SETTLED' }],
    ['POST', `/orders/${id}/delivery`],
    ['POST', `/orders/${id}/cancellation`],
  ];
}
