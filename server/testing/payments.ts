import type { PaymentInput, RefundInput } from '../../shared/schemas/requests';
import { addPayment, addRefund } from '../../domain/order/payments';
import type { OrderRecord } from '../../domain/order/record';
import { conceptOrder, opContext, valueOf } from './orderRecords';

/**
 * Money on the order records of the pure order operations' unit tests (domain/order/*.test.ts):
 * payments and refunds by cash, made as a test file's own context makes them.
 */

export const CASH = 41;
export const ORDER_STATUS_POINTER = '/order_OrderStatuses/0/orderStatus/orderStatusId';

/** The error a refusal for the order's status carries. */
export const statusError = (detail: string, orderStatusId: number) => ({ detail, pointer: ORDER_STATUS_POINTER, orderStatusId });

/** The order's statuses, newest first, as name and description. */
export const statuses = (r: OrderRecord) => r.order.order_OrderStatuses.map((s) => [s.orderStatus.name, s.description]);

/**
 * A test file's context and the payments and refunds made in it. Each call has its own context
 * and its own count of references, so a file that calls it once gets unique
 * operatorPaymentReference values and ids as if it were alone, even where test files share
 * modules (the mutation runs do).
 */
export function orderMoney() {
  const ctx = opContext();
  let references = 0;
  const payment = (amountDebit: number, extra: Partial<PaymentInput> = {}): PaymentInput => ({
    paymentMethodId: CASH,
    amountDebit,
    operatorPaymentReference: `op-${++references}`,
    statusCode: 'PENDING',
    ...extra,
  });
  const refund = (amountDebit: number, extra: Partial<RefundInput> = {}): RefundInput => ({
    paymentMethodId: CASH,
    amountDebit,
    operatorPaymentReference: `rf-${++references}`,
    reason: 'wrong ticket',
    statusCode: 'SETTLED',
    ...extra,
  });
  /** A concept order of one Single ticket: 275 cents. */
  const single = () => conceptOrder(ctx);
  const paid = (record: OrderRecord, input: PaymentInput) => valueOf(addPayment(record, input, ctx));
  const refunded = (record: OrderRecord, input: RefundInput) => valueOf(addRefund(record, input, ctx));
  /** A cash payment of `amountDebit`, settled unless said otherwise. */
  const pay = (record: OrderRecord, amountDebit: number, statusCode: 'PENDING' | 'SETTLED' = 'SETTLED') =>
    paid(record, payment(amountDebit, { statusCode }));
  return {
    ctx,
    payment,
    refund,
    single,
    paid,
    refunded,
    pay,
    /** A Single ticket paid in full by a settled payment. */
    paidOrder: () => pay(single(), 275).record,
    /** A Single ticket with a pending payment of the whole: pendingPayment. */
    pendingOrder: () => pay(single(), 275, 'PENDING').record,
  };
}
