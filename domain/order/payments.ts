import { seasonCapError } from '../cards/seasonRefund';
import { MANDATE_TYPE, named } from '../../shared/enums';
import type { Order, Payment, PaymentMethod, PaymentStatus } from '../../shared/schemas/order';
import type { ProblemError } from '../../shared/schemas/problem';
import type { PaymentInput, PaymentStatusInput, RefundInput } from '../../shared/schemas/requests';
import { invalid, notFound, ok, repeated, type Result } from '../result';
import { MAY, canMove } from '../rules/statuses';
import { stamp, type OpContext } from './context';
import { outstanding, paidIn, paidOut, paymentState, refundable, settledMoney } from './money';
import { currentStatus, settle, statusError, withStatus } from './settle';
import type { OrderRecord } from './record';
import { judgeReturn } from './returns';

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

/**
 * Moves the order along as far as its money allows (docs/api.md §4 and §7.1): paid once the money
 * held covers the total, back to awaitingPayment when no payment is pending or settled, and
 * cancelled when a paid or delivered order has been refunded in full.
 */
function followPayments(order: Order, ctx: OpContext): Order {
  const status = currentStatus(order);
  if (status === 'pendingPayment' && settledMoney(order) >= order.totalAmount) {
    return withStatus(order, 'paid', 'Order paid', ctx);
  }
  if (status === 'pendingPayment' && paidIn(order, ['PENDING', 'SETTLED']) === 0) {
    return withStatus(order, 'awaitingPayment', 'No payment is pending any more', ctx);
  }
  if (
    (status === 'paid' || status === 'delivered') &&
    paidIn(order) > 0 &&
    paidOut(order) === paidIn(order) &&
    canMove(status, 'cancelled')
  ) {
    return withStatus(order, 'cancelled', 'Order refunded in full', ctx);
  }
  return order;
}

/** A new payment or refund, PENDING or (money taken or given back at once) SETTLED. */
function newPayment(
  order: Order,
  method: PaymentMethod,
  input: { amountDebit: number; operatorPaymentReference: string; statusCode: 'PENDING' | 'SETTLED' },
  kind: Pick<Payment, 'isRefund' | 'pspPaymentReference' | 'mandateInput'>,
  descriptions: { pending: string; settled: string },
  ctx: OpContext,
): Payment {
  const pending = paymentStatus('PENDING', ctx, descriptions.pending);
  return {
    paymentId: ctx.newId(),
    createdOn: stamp(ctx),
    amountDebit: input.amountDebit,
    paymentMethod: method,
    touchPoint: order.touchPoint,
    operatorPaymentReference: input.operatorPaymentReference,
    ...kind,
    paymentStatuses: input.statusCode === 'SETTLED' ? [paymentStatus('SETTLED', ctx, descriptions.settled), pending] : [pending],
  };
}

/**
 * docs/api.md §8: `operatorPaymentReference` is unique within an order, payments and refunds
 * alike, so money sent twice is taken once; the repeat learns the payment it made. It is
 * judged before anything else: the order may have moved on because of that very payment.
 */
function repeatedPayment(order: Order, operatorPaymentReference: string): Result<never> | null {
  const existing = order.payments.find((p) => p.operatorPaymentReference === operatorPaymentReference);
  if (!existing) return null;
  return repeated('operatorPaymentReference', 'a payment or refund', { paymentId: existing.paymentId });
}

export function addPayment(record: OrderRecord, input: PaymentInput, ctx: OpContext): Result<{ record: OrderRecord; paymentId: string }> {
  const { order } = record;
  const repeat = repeatedPayment(order, input.operatorPaymentReference);
  if (repeat) return repeat;
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
  const payment = newPayment(
    order,
    method,
    input,
    {
      isRefund: false,
      pspPaymentReference: input.pspPaymentReference ?? '',
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
    },
    { pending: 'Payment started', settled: 'Paid at the counter' },
    ctx,
  );
  let next: Order = { ...order, payments: [...order.payments, payment] };
  if (status === 'concept') next = withStatus(next, 'awaitingPayment', 'Payment requested', ctx);
  // A further payment on a pendingPayment order changes no status, so it adds no entry.
  if (status !== 'pendingPayment') next = withStatus(next, 'pendingPayment', 'Payment started', ctx);
  next = followPayments(next, ctx);
  return ok({ record: settle(record, next, ctx), paymentId: payment.paymentId });
}

/** docs/api.md §7.1: money given back, never more than the order holds and has not promised back. */
export function addRefund(record: OrderRecord, input: RefundInput, ctx: OpContext): Result<{ record: OrderRecord; paymentId: string }> {
  const { order } = record;
  const repeat = repeatedPayment(order, input.operatorPaymentReference);
  if (repeat) return repeat;
  const method = ctx.catalog.paymentMethods.get(input.paymentMethodId);
  if (!method) return invalid([{ detail: `there is no payment method ${input.paymentMethodId}`, pointer: '/paymentMethodId' }]);
  const reason = input.reason.trim();
  if (reason === '') return invalid([{ detail: 'a refund needs a reason', pointer: '/reason' }]);
  const available = refundable(order);
  if (available <= 0) {
    return invalid([{ ...statusError(order, 'the order holds no settled money to refund'), pointer: '/amountDebit' }]);
  }
  if (input.amountDebit < 1 || input.amountDebit > available) {
    return invalid([{ detail: `the refund must be between 1 and the ${available} cents that may be refunded`, pointer: '/amountDebit' }]);
  }
  if (input.lines) {
    const { errors, share } = judgeReturn(order, input.lines);
    if (errors.length > 0)
      return invalid(errors, 'The lines cannot be returned', 'Return only lines of the order, each at most as often as it is left.');
    if (input.amountDebit > share) {
      return invalid([
        { detail: `the refund of these lines must be at most their ${share} cents`, pointer: '/amountDebit', amount: share },
      ]);
    }
    const capped = seasonCapError(order, input.lines, input.amountDebit, ctx.catalog, ctx.now);
    if (capped)
      return invalid(
        [capped],
        'The season product has started',
        'A started season product gives back at most its quote (docs/api.md §12.4).',
      );
  }
  const kind = { isRefund: true, pspPaymentReference: '', mandateInput: null };
  const made = newPayment(order, method, input, kind, { pending: reason, settled: reason }, ctx);
  const returning: Payment = input.lines
    ? { ...made, lines: input.lines.map(({ orderLineId, quantity }) => ({ orderLineId, quantity })) }
    : made;
  const refund: Payment = ctx.sub ? { ...returning, refundedBy: ctx.sub } : returning;
  const next = followPayments({ ...order, payments: [...order.payments, refund] }, ctx);
  return ok({ record: settle(record, next, ctx), paymentId: refund.paymentId });
}

/** Why a refund was made: the description it was recorded with. */
export const refundReason = (refund: Payment) => refund.paymentStatuses[refund.paymentStatuses.length - 1]!.statusDescription;

export function changePaymentStatus(
  record: OrderRecord,
  paymentId: string,
  input: PaymentStatusInput,
  ctx: OpContext,
): Result<OrderRecord> {
  const payment = record.order.payments.find((p) => p.paymentId === paymentId);
  if (!payment) return notFound(`there is no payment ${paymentId}`);
  if (paymentState(payment) !== 'PENDING') {
    return invalid([
      { detail: `the payment is already ${paymentState(payment)}; only a PENDING payment can change`, pointer: '/statusCode' },
    ]);
  }
  // A cancelled order takes no money: its pending payments were cancelled with it (7.2).
  if (input.statusCode === 'SETTLED' && !payment.isRefund && currentStatus(record.order) === 'cancelled') {
    return invalid([statusError(record.order, 'a payment of a cancelled order cannot be settled')]);
  }
  const entry = paymentStatus(input.statusCode, ctx, input.statusDescription, input.statusSubCode);
  const payments = record.order.payments.map((p) => (p === payment ? withEntry(p, entry) : p));
  return ok(settle(record, followPayments({ ...record.order, payments }, ctx), ctx));
}

const withEntry = (payment: Payment, entry: PaymentStatus): Payment => ({
  ...payment,
  paymentStatuses: [entry, ...payment.paymentStatuses],
});

/** A cancelled order's pending payments and refunds are cancelled in the same step (7.2). */
export function cancelPending(order: Order, ctx: OpContext): Order {
  const payments = order.payments.map((p) =>
    paymentState(p) === 'PENDING' ? withEntry(p, paymentStatus('CANCELLED', ctx, 'Order cancelled')) : p,
  );
  return { ...order, payments };
}
