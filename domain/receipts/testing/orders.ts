import type { PaymentStatusCode } from '../../../shared/enums';
import type { Order, OrderLine, PaymentMethod } from '../../../shared/schemas/order';
import type { ReceiptOrder, ReceiptPayment } from '../receipt';

/** Orders for the receipt's tests: only what a receipt reads is filled in with meaning. */

export const CASH: PaymentMethod = { paymentMethodId: 1, name: 'Contant', provider: 'counter' };
export const PIN: PaymentMethod = { paymentMethodId: 2, name: 'Pinbetaling', provider: 'terminal' };
const TOUCHPOINT = { salesTouchpointId: 10, name: 'Utrecht Centraal', isActive: true, retailerId: 1 };

export function line(name: string, amount: number, quantity = 1): OrderLine {
  return {
    orderLineId: `line-${name}`,
    externalOrderLineId: null,
    productId: 1,
    productName: name,
    productDescription: '',
    fikoArticleNumber: '1',
    taxCode: null,
    taxPercentage: 9,
    taxAmount: null,
    amountExclTax: null,
    amountInclTax: amount,
    vouchers: [],
    quantity,
    orderLineTerms: [],
    createdOn: '2026-11-27T19:00:00.000Z',
    lastUpdatedOn: '2026-11-27T19:00:00.000Z',
    validFrom: null,
    validUntil: null,
    orderLineStatus: { orderLineStatusId: 1, name: 'new' },
    customerTokens: null,
    orderAccountingStatuses: [],
    validationResult: null,
    additionalRemarks: [],
    validationErrors: [],
    returnedQuantity: 0,
  };
}

export function pay(
  id: string,
  method: PaymentMethod,
  amount: number,
  extra: { state?: PaymentStatusCode; at?: string; tendered?: number; isRefund?: boolean } & Pick<
    ReceiptPayment,
    'terminalReceipt' | 'cashRounding'
  > = {},
): ReceiptPayment {
  const at = extra.at ?? '2026-11-27T19:03:00.000Z';
  return {
    paymentId: id,
    createdOn: at,
    amountDebit: amount,
    paymentMethod: method,
    touchPoint: TOUCHPOINT,
    isRefund: extra.isRefund ?? false,
    operatorPaymentReference: `ref-${id}`,
    pspPaymentReference: extra.tendered !== undefined ? `TENDERED ${extra.tendered}` : '',
    paymentStatuses: [
      {
        paymentStatusId: `s-${id}`,
        createdOn: at,
        statusCode: extra.state ?? 'SETTLED',
        statusDescription: '',
        statusSubCode: '',
        statusSubDescription: '',
      },
    ],
    mandateInput: null,
    ...(extra.terminalReceipt ? { terminalReceipt: extra.terminalReceipt } : {}),
    ...(extra.cashRounding !== undefined ? { cashRounding: extra.cashRounding } : {}),
  };
}

export function order(lines: OrderLine[], payments: ReceiptPayment[], language: 'nl' | 'en' = 'nl'): ReceiptOrder {
  const base: Order = {
    orderId: '3f2b8c9e-1d2a-4c5b-9e8f-7a6b5c4d3e2f',
    externalOrderId: null,
    orderNumber: 'K1A2B-000042',
    customerProfileId: 0,
    validContents: true,
    device: null,
    vouchers: [],
    totalAmount: lines.reduce((sum, l) => sum + l.amountInclTax, 0),
    touchPoint: TOUCHPOINT,
    language:
      language === 'nl'
        ? { languageId: 1, name: 'Nederlands', iso639Code: 'nl', ietfCode: 'nl-NL' }
        : { languageId: 2, name: 'English', iso639Code: 'en', ietfCode: 'en-GB' },
    createdOn: '2026-11-27T19:00:00.000Z',
    lastUpdatedOn: '2026-11-27T19:10:00.000Z',
    order_OrderStatuses: [],
    orderLines: lines,
    payments: [],
    orderCustomer: null,
  };
  return { ...base, payments };
}
