import { tokenInputOf } from '../../../shared/orderInputs';
import type { Order, OrderLine, Payment, ReturnedLine } from '../../../shared/schemas/order';
import { MAY } from '../../../domain/rules/statuses';
import { refundReason } from '../../../domain/order/payments';
import { paymentState } from '../../../domain/order/money';
import { currentStatus } from '../../../domain/order/settle';
import type { CreateOrderInput } from '../../../shared/schemas/requests';
import { sameLine, samePayment } from './match';

/**
 * How the counter brings the central's copy of an order to the local one: the next single
 * request that closes a difference, or null when they agree. Pure, so that a push that is
 * interrupted anywhere simply resumes by comparing again: nothing is sent twice because
 * every step is chosen from what the central holds now.
 */
export interface Step {
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Relative to the order interface's base. */
  path: string;
  body?: unknown;
}

function lineFields(line: OrderLine) {
  return {
    productId: line.productId,
    vouchers: line.vouchers,
    quantity: line.quantity,
    validFrom: line.validFrom,
    validUntil: line.validUntil,
    customerTokens: line.customerTokens ? line.customerTokens.map(tokenInputOf) : null,
  };
}

/**
 * The POST /orders body of a local order: its own ids as external ids, its real creation time
 * by the central's clock (`centralTime`: docs/api.md §11.4).
 */
export function createBody(local: Order, deviceId: string, centralTime: (iso: string) => string = (iso) => iso): CreateOrderInput {
  return {
    externalOrderId: local.orderId,
    languageId: local.language.languageId,
    externalDeviceId: local.device?.externalDeviceId ?? deviceId,
    createdOn: centralTime(local.createdOn),
    // An order has at most as many lines as one create takes (docs/api.md §7.5), so it goes in one.
    orderLines: local.orderLines.map((line) => ({ ...lineFields(line), externalOrderLineId: line.orderLineId })),
  };
}

const equal = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function customerFields(o: Order) {
  const c = o.orderCustomer;
  if (!c) return null;
  return {
    birthname: c.birthname,
    surname: c.surname,
    prefix: c.prefix,
    emailAddress: c.emailAddress,
    dateOfBirth: c.dateOfBirth,
    orderCustomerAddresses: c.orderCustomerAddresses.map(({ orderCustomerAddressId: _id, addressType, ...rest }) => ({
      addressTypeId: addressType.addressTypeId,
      ...rest,
    })),
  };
}

function lineStep(local: Order, central: Order): Step | null {
  const gone = central.orderLines.find((c) => !local.orderLines.some((l) => sameLine(c, l)));
  if (gone) return { method: 'DELETE', path: `/orderlines/${gone.orderLineId}` };
  for (const line of local.orderLines) {
    const there = central.orderLines.find((c) => sameLine(c, line));
    if (!there) {
      return {
        method: 'POST',
        path: `/orders/${central.orderId}/orderlines`,
        body: { ...lineFields(line), externalOrderLineId: line.orderLineId, createdOn: line.createdOn },
      };
    }
    if (!equal(lineFields(there), lineFields(line))) {
      return { method: 'PATCH', path: `/orderlines/${there.orderLineId}`, body: lineFields(line) };
    }
  }
  return null;
}

/**
 * A return's lines under the central's line ids (docs/api.md §7.1). The lines go before the
 * payments (lineStep), so each is there by now; one that is not stays under our id, and the
 * central's refusal names it.
 */
function returnedLinesThere(local: Order, central: Order, lines: ReturnedLine[]): ReturnedLine[] {
  return lines.map(({ orderLineId, quantity }) => {
    const ours = local.orderLines.find((l) => l.orderLineId === orderLineId);
    const there = ours && central.orderLines.find((c) => sameLine(c, ours));
    return { orderLineId: there?.orderLineId ?? orderLineId, quantity };
  });
}

/**
 * Payments and refunds, each sent once under our id as its operatorPaymentReference. When
 * the order is being cancelled, a payment cancelled here is left to the cancellation, which
 * cancels the central's pending payments in the same step (docs/api.md §7.2): no moment in which
 * the order is neither cancelled nor without a pending payment the provider could settle.
 */
/** The POST /orders/{orderId}/payments body of a local payment, sent under our id. */
export function paymentBody(payment: Payment) {
  return {
    ...sentMoney(payment),
    pspPaymentReference: payment.pspPaymentReference || null,
    mandateInput: payment.mandateInput
      ? {
          directDebitMandateTypeId: payment.mandateInput.directDebitMandateType.directDebitMandateTypeId,
          bic: payment.mandateInput.bic,
          iban: payment.mandateInput.iban,
          ascription: payment.mandateInput.ascription,
          place: payment.mandateInput.place,
        }
      : null,
  };
}

const sentMoney = (payment: Payment) => ({
  paymentMethodId: payment.paymentMethod.paymentMethodId,
  amountDebit: payment.amountDebit,
  operatorPaymentReference: payment.paymentId,
  statusCode: paymentState(payment) === 'SETTLED' ? ('SETTLED' as const) : ('PENDING' as const),
});

function paymentStep(local: Order, central: Order, cancelling: boolean): Step | null {
  for (const payment of local.payments) {
    const there = central.payments.find((c) => samePayment(c, payment));
    const status = paymentState(payment);
    const sent = sentMoney(payment);
    if (!there && payment.isRefund) {
      const lines = payment.lines && returnedLinesThere(local, central, payment.lines);
      return {
        method: 'POST',
        path: `/orders/${central.orderId}/refunds`,
        body: { ...sent, reason: refundReason(payment), ...(lines && { lines }) },
      };
    }
    if (!there) return { method: 'POST', path: `/orders/${central.orderId}/payments`, body: paymentBody(payment) };
    if (paymentState(there) === 'PENDING' && status !== 'PENDING' && !(cancelling && status === 'CANCELLED')) {
      const entry = payment.paymentStatuses[0]!;
      return {
        method: 'POST',
        path: `/payments/${there.paymentId}/status`,
        body: { statusCode: status, statusSubCode: entry.statusSubCode || null, statusDescription: entry.statusDescription || null },
      };
    }
  }
  return null;
}

export function nextStep(local: Order, central: Order): Step | null {
  const patch: Record<string, unknown> = {};
  if (local.language.languageId !== central.language.languageId) patch.languageId = local.language.languageId;
  if (local.device && local.device.externalDeviceId !== central.device?.externalDeviceId) {
    patch.externalDeviceId = local.device.externalDeviceId;
  }
  const there = currentStatus(central);
  const open = MAY.changeOrder(there);
  if (open && Object.keys(patch).length > 0) return { method: 'PATCH', path: `/orders/${central.orderId}`, body: patch };
  if (MAY.changeLines(there)) {
    const step = lineStep(local, central);
    if (step) return step;
  }
  const customer = customerFields(local);
  if (open && customer && !equal(customer, customerFields(central))) {
    return { method: 'PUT', path: `/orders/${central.orderId}/customer`, body: customer };
  }
  const here = currentStatus(local);
  const payment = paymentStep(local, central, here === 'cancelled' && MAY.cancel(there));
  if (payment) return payment;
  if (here === 'delivered' && there === 'paid') return { method: 'POST', path: `/orders/${central.orderId}/delivery` };
  if (here === 'cancelled' && open) return { method: 'POST', path: `/orders/${central.orderId}/cancellation` };
  return null;
}
