import { MANDATE_TYPE, named, type PaymentStatusCode } from '../../shared/enums';
import type { Order, Payment, PaymentStatus } from '../../shared/schemas/order';
import type { ProblemError } from '../../shared/schemas/problem';
import type { PaymentInput, PaymentStatusInput } from '../../shared/schemas/requests';
import { invalid, notFound, ok, type Result } from '../result';
import { MAY, canMove } from '../rules/statuses';
import { stamp, type OpContext } from './context';
import { currentStatus, paymentState, settle, statusError, withStatus, type OrderRecord } from './settle';

const sumWhere = (order: Order, codes: PaymentStatusCode[]) =>
  order.payments.filter((p) => codes.includes(paymentState(p))).reduce((sum, p) => sum + p.amountDebit, 0);

/** What is still to be paid: the total less what is settled or on its way. */
export const outstanding = (order: Order) => order.totalAmount - sumWhere(order, ['PENDING', 'SETTLED']);

function paymentStatus(statusCode: string, ctx: OpContext, description?: string | null, subCode?: string | null): PaymentStatus {
  return {
    paymentStatusId: ctx.newId(),
    createdOn: stamp(ctx),
    statusCode,
    statusDescription: description ?? '',
    statusSubCode: subCode ?? '',
    statusSubDescription: '',
  };
}

/** Why an order may not be paid yet: each remark and error, pointing into the order. */
function missing(order: Order, withMandateInput: boolean): ProblemError[] {
  if (order.orderLines.length === 0) return [{ detail: 'the order has no lines', pointer: '/orderLines' }];
  return order.orderLines.flatMap((line, i) => [
    ...line.additionalRemarks
      .map((r, j) => ({ r, j }))
      .filter(({ r }) => !(withMandateInput && r.code === 'MANDATE_REQUIRED'))
      .map(({ r, j }) => ({
        detail: `order line ${i + 1} is not complete: ${r.code}`,
        pointer: `/orderLines/${i}/additionalRemarks/${j}`,
        productId: line.productId,
      })),
    ...line.validationErrors.map((e) => ({
      detail: `order line ${i + 1} is not valid: ${e.detail}`,
      pointer: `/orderLines/${i}${e.pointer}`,
      productId: line.productId,
    })),
  ]);
}

/** Moves the order along as far as its payments allow (CONTRACT 4). */
function followPayments(order: Order, ctx: OpContext): Order {
  let next = order;
  const status = currentStatus(next);
  if (status === 'pendingPayment' && sumWhere(next, ['SETTLED']) >= next.totalAmount) {
    next = withStatus(next, 'paid', 'Order paid', ctx);
  } else if (status === 'pendingPayment' && sumWhere(next, ['PENDING', 'SETTLED']) === 0 && canMove(status, 'awaitingPayment')) {
    next = withStatus(next, 'awaitingPayment', 'No payment is pending any more', ctx);
  }
  return next;
}

export function addPayment(record: OrderRecord, input: PaymentInput, ctx: OpContext): Result<{ record: OrderRecord; paymentId: string }> {
  const { order } = record;
  const status = currentStatus(order);
  if (!MAY.pay(status)) return invalid([statusError(order, `the order cannot be paid: its status is ${status}`)]);
  const method = ctx.catalog.paymentMethods.get(input.paymentMethodId);
  if (!method) return invalid([{ detail: `there is no payment method ${input.paymentMethodId}`, pointer: '/paymentMethodId' }]);
  const gaps = missing(order, Boolean(input.mandateInput));
  if (gaps.length > 0) return invalid(gaps, 'The order is not ready for payment', 'Resolve the remarks and errors of its lines first.');
  const due = outstanding(order);
  if (input.amountDebit > due || (due > 0 && input.amountDebit === 0)) {
    return invalid([{ detail: `the amount must be between 1 and the ${due} cents still to be paid`, pointer: '/amountDebit' }]);
  }
  const pending = paymentStatus('PENDING', ctx, 'Payment started');
  const payment: Payment = {
    paymentId: ctx.newId(),
    createdOn: stamp(ctx),
    amountDebit: input.amountDebit,
    paymentMethod: method,
    touchPoint: order.touchPoint,
    isRefund: false,
    operatorPaymentReference: input.operatorPaymentReference,
    pspPaymentReference: input.pspPaymentReference ?? '',
    paymentStatuses:
      input.statusCode === 'SETTLED' ? [paymentStatus('SETTLED', ctx, 'Paid at the counter'), pending] : [pending],
    mandateInput: input.mandateInput
      ? {
          mandateInputId: ctx.newId(),
          directDebitMandateType: {
            directDebitMandateTypeId: input.mandateInput.directDebitMandateTypeId,
            name: named(MANDATE_TYPE, input.mandateInput.directDebitMandateTypeId),
          },
          createdOn: stamp(ctx),
          bic: input.mandateInput.bic,
          iban: input.mandateInput.iban,
          ascription: input.mandateInput.ascription,
          place: input.mandateInput.place,
        }
      : null,
  };
  let next: Order = { ...order, payments: [...order.payments, payment] };
  if (status === 'concept') next = withStatus(next, 'awaitingPayment', 'Payment requested', ctx);
  // A further payment on a pendingPayment order changes no status, so it adds no entry.
  if (status !== 'pendingPayment') next = withStatus(next, 'pendingPayment', 'Payment started', ctx);
  next = followPayments(next, ctx);
  return ok({ record: settle(record, next, ctx), paymentId: payment.paymentId });
}

export function changePaymentStatus(
  record: OrderRecord,
  paymentId: string,
  input: PaymentStatusInput,
  ctx: OpContext,
): Result<OrderRecord> {
  const payment = record.order.payments.find((p) => p.paymentId === paymentId);
  if (!payment) return notFound(`there is no payment ${paymentId}`);
  if (paymentState(payment) !== 'PENDING') {
    return invalid([{ detail: `the payment is already ${paymentState(payment)}; only a PENDING payment can change`, pointer: '/statusCode' }]);
  }
  const entry = paymentStatus(input.statusCode, ctx, input.statusDescription, input.statusSubCode);
  const payments = record.order.payments.map((p) =>
    p === payment ? { ...p, paymentStatuses: [entry, ...p.paymentStatuses] } : p,
  );
  return ok(settle(record, followPayments({ ...record.order, payments }, ctx), ctx));
}
