import type { PaymentStatusCode } from '../../shared/enums';
import type { Order, Payment } from '../../shared/schemas/order';

/**
 * docs/api.md §7: the money an order holds, from its payments and refunds (payments with
 * `isRefund`). Every rule about money reads these sums, on the central and at the counter.
 */

/** A payment's last status code. */
export const paymentState = (payment: Payment) => payment.paymentStatuses[0]!.statusCode as PaymentStatusCode;

const sum = (order: Order, refunds: boolean, codes: PaymentStatusCode[]) =>
  order.payments.filter((p) => p.isRefund === refunds && codes.includes(paymentState(p))).reduce((total, p) => total + p.amountDebit, 0);

export const paidIn = (order: Order, codes: PaymentStatusCode[] = ['SETTLED']) => sum(order, false, codes);
export const paidOut = (order: Order, codes: PaymentStatusCode[] = ['SETTLED']) => sum(order, true, codes);

/** The money the order holds now: settled payments less settled refunds. */
export const settledMoney = (order: Order) => paidIn(order) - paidOut(order);

/** What may still be refunded: settled payments less settled and pending refunds (7.1). */
export const refundable = (order: Order) => paidIn(order) - paidOut(order, ['SETTLED', 'PENDING']);

/**
 * What is still to be paid: the total less the money held and the payments on their way,
 * so that payments pending together never exceed the total.
 */
export const outstanding = (order: Order) => order.totalAmount - settledMoney(order) - paidIn(order, ['PENDING']);

/** Whether a payment or refund was SETTLED at any time, whatever became of it later. */
export const everSettled = (payment: Payment) => payment.paymentStatuses.some((s) => s.statusCode === 'SETTLED');

/** An order that holds money or ever did may not be deleted (7.2). */
export const heldMoney = (order: Order) => order.payments.some((p) => paymentState(p) === 'PENDING' || everSettled(p));

/**
 * The methods money may go back by (docs/counter.md §19): those the order was paid with (settled),
 * last used first, so a cash order is refunded in cash and never by card or direct debit.
 */
export function refundMethods(order: Order): Payment['paymentMethod'][] {
  const paid = order.payments.filter((p) => !p.isRefund && paymentState(p) === 'SETTLED').reverse();
  return paid.map((p) => p.paymentMethod).filter((m, i, all) => all.findIndex((x) => x.paymentMethodId === m.paymentMethodId) === i);
}
