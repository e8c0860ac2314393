import { bicForIban } from '../bic';
import { z } from 'zod';
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { ADDRESS_TYPE, CHALLENGE_TYPE, MANDATE_STATES, MANDATE_TYPE, ORDER_STATUS, TOKEN_STATUS, TOKEN_TYPE } from '../enums';
import { calendarDate, commaList, enumId, enumIdList, int, intParam, photo, positiveInt, timestamp, uuid } from './primitives';

/** Request bodies and queries of docs/api.md §0.4 and the docs/api.md §4 extensions. */

const text = (max: number) => z.string().max(max);

export const personalAccountDataInput = z.object({
  name: text(200).nullish(),
  birthdate: calendarDate.nullish(),
  photo: photo.nullish(),
  challengeTypeId: enumId(CHALLENGE_TYPE, 'challengeTypeId').nullish(),
  oneTimePassword: text(64).nullish(),
});

export const customerTokenInput = z.object({
  tokenTypeId: enumId(TOKEN_TYPE, 'tokenTypeId'),
  transitTokenId: int.nullish(),
  serviceReferenceId: text(100).nullish(),
  amount: int.nullish(),
  passNumber: text(40).nullish(),
  verificationCode: text(40).nullish(),
  personalAccountData: personalAccountDataInput.nullish(),
});

const validityOrder = <T extends { validFrom?: string | null; validUntil?: string | null }>(line: T, ctx: z.RefinementCtx) => {
  if (line.validFrom && line.validUntil && line.validUntil < line.validFrom) {
    ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'validUntil may not be before validFrom' });
  }
};

const lineFields = {
  externalOrderLineId: text(100).nullish(),
  productId: int,
  vouchers: z.array(z.unknown()).max(20).default([]),
  quantity: positiveInt.max(1000),
  validFrom: timestamp.nullish(),
  validUntil: timestamp.nullish(),
  customerTokens: z.array(customerTokenInput).max(10).nullish(),
};

export const orderLineInput = z.object(lineFields).superRefine(validityOrder);

/** POST /orders/{orderId}/orderlines also takes the line's `createdOn`. */
export const addOrderLineInput = z.object({ ...lineFields, createdOn: timestamp.nullish() }).superRefine(validityOrder);

export const createOrderInput = z.object({
  externalOrderId: text(100).nullish(),
  languageId: int,
  externalDeviceId: uuid.nullish(),
  createdOn: timestamp.nullish(),
  orderLines: z.array(orderLineInput).min(1, 'an order needs at least one order line').max(100),
});

export const patchOrderInput = z
  .object({ languageId: int.optional(), externalDeviceId: uuid.optional() })
  .refine((b) => b.languageId !== undefined || b.externalDeviceId !== undefined, {
    message: 'give languageId, externalDeviceId or both',
  });

/** Every field optional: a present field replaces the line's value. `customerTokens` is our extension. */
export const patchOrderLineInput = z
  .object({
    productId: int.optional(),
    vouchers: z.array(z.unknown()).max(20).optional(),
    quantity: positiveInt.max(1000).optional(),
    validFrom: timestamp.nullish(),
    validUntil: timestamp.nullish(),
    customerTokens: z.array(customerTokenInput).max(10).nullish(),
  })
  .superRefine(validityOrder);

export const customerInput = z.object({
  birthname: text(200),
  surname: text(200),
  prefix: text(50).default(''),
  emailAddress: z.email({ message: 'must be an e-mail address' }),
  dateOfBirth: calendarDate,
  orderCustomerAddresses: z
    .array(
      z.object({
        addressTypeId: enumId(ADDRESS_TYPE, 'addressTypeId'),
        street: text(200),
        houseNumber: positiveInt,
        houseNumberSuffix: text(20).default(''),
        postalCode: text(20),
        city: text(100),
        country: z.string().regex(/^[A-Z]{2}$/, 'must be a two-letter country code'),
      }),
    )
    .max(5)
    .default([]),
});

export function ibanProblem(iban: string): string | null {
  const electronic = electronicFormatIBAN(iban) ?? '';
  return isValidIBAN(electronic) ? null : 'the IBAN is not valid (its check digits do not match)';
}

export const mandateInputSchema = z
  .object({
    directDebitMandateTypeId: enumId(MANDATE_TYPE, 'directDebitMandateTypeId'),
    // Within SEPA the IBAN is enough (docs/api.md §4): a BIC is optional, checked when given.
    bic: z
      .string()
      .trim()
      .toUpperCase()
      .default('')
      .refine((bic) => bic === '' || isValidBIC(bic), 'the BIC is not valid'),
    iban: z
      .string()
      .superRefine((iban, ctx) => {
        const problem = ibanProblem(iban);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .transform((iban) => electronicFormatIBAN(iban) ?? iban),
    ascription: text(200).min(1),
    place: text(100).min(1),
  })
  // Without a BIC, the bank's own where the IBAN names a known bank (shared/bic.ts).
  .transform((mandate) => ({ ...mandate, bic: mandate.bic || (bicForIban(mandate.iban) ?? '') }));

export const paymentInput = z.object({
  paymentMethodId: int,
  amountDebit: z.number().int().min(0),
  operatorPaymentReference: text(100),
  pspPaymentReference: text(100).nullish(),
  statusCode: z.enum(['PENDING', 'SETTLED']).default('PENDING'),
  mandateInput: mandateInputSchema.nullish(),
});

/** docs/api.md §7.1: a line returned with a refund, and how many of it. */
export const returnedLineInput = z.object({ orderLineId: uuid, quantity: positiveInt.max(1000) });

/** docs/api.md §7.1: money given back; SETTLED unless it is still to be executed; `lines`: what it returns. */
export const refundInput = z.object({
  paymentMethodId: int,
  amountDebit: positiveInt,
  operatorPaymentReference: text(100),
  reason: z.string().trim().min(1, 'a refund needs a reason').max(500),
  statusCode: z.enum(['PENDING', 'SETTLED']).default('SETTLED'),
  lines: z.array(returnedLineInput).min(1).max(100).optional(),
});

export const paymentStatusInput = z.object({
  statusCode: z.enum(['SETTLED', 'FAILED', 'CANCELLED']),
  statusSubCode: text(100).nullish(),
  statusDescription: text(500).nullish(),
});

export const orderIdParams = z.object({ orderId: uuid });
export const orderLineIdParams = z.object({ orderLineId: uuid });
export const paymentIdParams = z.object({ paymentId: uuid });

const queryTimestamp = timestamp;

export const orderListQuery = z.object({
  orderId: uuid.optional(),
  orderNumber: text(40).optional(),
  externalOrderId: text(100).optional(),
  createdBefore: queryTimestamp.optional(),
  createdAfter: queryTimestamp.optional(),
  updatedBefore: queryTimestamp.optional(),
  updatedAfter: queryTimestamp.optional(),
  orderStatusId: enumIdList(Object.fromEntries(Object.entries(ORDER_STATUS).map(([name, id]) => [id, name])), 'orderStatusId').optional(),
  customerProfileId: intParam.optional(),
  xTat: text(100).optional(),
  touchpointId: intParam.optional(),
  limit: intParam.pipe(z.number().min(1).max(1000)).optional(),
  cursor: text(500).optional(),
});

export const transitTokenQuery = z.object({
  transitTokenId: intParam.optional(),
  customerProfileId: intParam.optional(),
  tokenTypeId: enumIdList(TOKEN_TYPE, 'tokenTypeId').optional(),
  xTat: uuid.optional(),
  xBot: uuid.optional(),
  alias: text(200).optional(),
  lastDigits: intParam.optional(),
  passNumber: text(40).optional(),
  tokenStatusId: enumIdList(TOKEN_STATUS, 'tokenStatusId').optional(),
  expirationDate: queryTimestamp.optional(),
  replacedByTokenId: intParam.optional(),
});

export const mandateQuery = z.object({
  directDebitMandateId: intParam.optional(),
  customerProfileId: intParam.optional(),
  billingInformationId: intParam.optional(),
  directDebitMandateTypeId: enumIdList(MANDATE_TYPE, 'directDebitMandateTypeId').optional(),
  mandateAddressId: intParam.optional(),
  createdBefore: queryTimestamp.optional(),
  createdAfter: queryTimestamp.optional(),
  mandateReference: text(100).optional(),
  mandateState: commaList(z.enum(MANDATE_STATES)).optional(),
  updatedBefore: queryTimestamp.optional(),
  updatedAfter: queryTimestamp.optional(),
});

export type CreateOrderInput = z.output<typeof createOrderInput>;
export type OrderLineInput = z.output<typeof orderLineInput>;
export type AddOrderLineInput = z.output<typeof addOrderLineInput>;
export type PatchOrderInput = z.output<typeof patchOrderInput>;
export type PatchOrderLineInput = z.output<typeof patchOrderLineInput>;
export type CustomerTokenInput = z.output<typeof customerTokenInput>;
export type CustomerInput = z.output<typeof customerInput>;
export type PaymentInput = z.output<typeof paymentInput>;
export type RefundInput = z.output<typeof refundInput>;
export type ReturnedLineInput = z.output<typeof returnedLineInput>;
export type PaymentStatusInput = z.output<typeof paymentStatusInput>;
export type OrderListQuery = z.output<typeof orderListQuery>;
export type TransitTokenQuery = z.output<typeof transitTokenQuery>;
export type MandateQuery = z.output<typeof mandateQuery>;
