/** The enumerations of the order interface (docs/api.md §0.2, §0.3), by id. Names are exact: they are part of the wire format. */

export const ORDER_STATUS = {
  concept: 1,
  awaitingPayment: 2,
  pendingPayment: 3,
  paid: 4,
  delivered: 5,
  cancelled: 6,
} as const;
export type OrderStatusName = keyof typeof ORDER_STATUS;
export type OrderStatusId = (typeof ORDER_STATUS)[OrderStatusName];

export const ORDER_LINE_STATUS = { pending: 1, delivered: 4 } as const;
export type OrderLineStatusName = keyof typeof ORDER_LINE_STATUS;

export const TOKEN_TYPE = { 1: 'EMV', 2: 'pass physical', 3: 'pass digital' } as const;
export const TOKEN_STATUS = {
  1: 'expired',
  2: 'active',
  3: 'replaced',
  4: 'inactive',
  5: 'suspended',
  6: 'removed by customer',
} as const;
export const ACTIVE_TOKEN_STATUS = 2;

export const MANDATE_TYPE = {
  1: 'paper contract',
  2: 'PIN transaction',
  3: 'electronic bank mandate',
  4: 'digital signature',
  5: 'online bank payment transaction',
} as const;
export const MANDATE_TYPE_DESCRIPTION: Record<keyof typeof MANDATE_TYPE, string> = {
  1: 'Mandate signed on a paper contract',
  2: 'Mandate given with a PIN transaction',
  3: 'Mandate given through the bank electronically',
  4: 'Mandate signed with a digital signature',
  5: 'Mandate given with an online bank payment transaction',
};
export const MANDATE_STATES = ['SIGNED', 'PREPARED', 'CANCELLED'] as const;
export type MandateState = (typeof MANDATE_STATES)[number];

export const CHALLENGE_TYPE = { 1: 'email' } as const;
export const ACCOUNTING_STATUS = { 1: 'open' } as const;
export const ADDRESS_TYPE = { 1: 'Home', 2: 'Postal', 3: 'Billing' } as const;

export const PAYMENT_STATUS_CODES = ['PENDING', 'SETTLED', 'FAILED', 'CANCELLED'] as const;
export type PaymentStatusCode = (typeof PAYMENT_STATUS_CODES)[number];

export const REMARK_CODES = [
  'PRODUCT_CHOICE_REQUIRED',
  'VALIDFROM_REQUIRED',
  'TOKEN_REQUIRED',
  'CUSTOMERTOKEN_REQUIRED',
  'PERSONALACCOUNTDATA_BIRTHDATE_REQUIRED',
  'MANDATE_REQUIRED',
] as const;
export type RemarkCode = (typeof REMARK_CODES)[number];

export const REMARK_PARAMETER: Record<RemarkCode, string> = {
  PRODUCT_CHOICE_REQUIRED: 'orderline.productId',
  VALIDFROM_REQUIRED: 'orderline.validFrom',
  TOKEN_REQUIRED: 'customerToken',
  CUSTOMERTOKEN_REQUIRED: 'customerTokenId',
  PERSONALACCOUNTDATA_BIRTHDATE_REQUIRED: 'personalaccountdata.birthdate',
  MANDATE_REQUIRED: 'directDebitMandateId',
};

/** Looks a name up in one of the id→name tables above; unknown ids never reach here (schemas refuse them). */
export function named<T extends Record<number, string>>(table: T, id: number): string {
  return (table as Record<number, string>)[id] ?? String(id);
}

export const MAX_START_DAYS_AHEAD = 60;
export const MAX_PHOTO_BYTES = 1024 * 1024;
export const MAX_BODY_BYTES = 4 * 1024 * 1024;
