import { z } from 'zod';
import { REMARK_CODES } from '../enums';

/** The resources of docs/api.md §0.2 as the service answers them. */

const idName = <K extends string>(key: K) =>
  z.object({ [key]: z.number().int(), name: z.string() } as Record<K, z.ZodNumber> & { name: z.ZodString });

export const tokenTypeRef = idName('tokenTypeId');
export const tokenStatusRef = idName('tokenStatusId');

export const touchPoint = z.object({
  salesTouchpointId: z.number().int(),
  name: z.string(),
  isActive: z.boolean(),
  retailerId: z.number().int(),
});
export const language = z.object({
  languageId: z.number().int(),
  name: z.string(),
  iso639Code: z.string(),
  ietfCode: z.string(),
});
export const device = z.object({ externalDeviceId: z.string(), alias: z.string().nullable() });

const accountField = z.object({
  inaccuracyFlag: z.boolean(),
  inaccuracyFlagReason: z.string().nullable(),
  inaccuracyFlagSetCounter: z.number().int(),
  isValidated: z.boolean(),
  changeCounter: z.number().int(),
  maxUpdatesVerificationCount: z.number().int(),
  lastChangeDate: z.string(),
});

export const autoReloadRegistration = z.object({
  autoReloadAmount: z.number().int(),
  retailerReferenceId: z.string(),
  arrit: z.string(),
  autoReloadRegistrationStatus: z.string(),
  autoReloadRegistrationStartDateTime: z.string(),
});
export const ePurse = z.object({
  'e-PurseBalance': z.object({ currency: z.string(), amount: z.number().int() }),
  status: z.string(),
  originDate: z.string(),
});
export const tokenPersonalAccountData = z.object({
  name: accountField,
  birthdate: accountField,
  photo: accountField,
});
export const gboAgeProfile = z.object({
  gboAgeProfileId: z.number().int(),
  name: z.string(),
  ageFromInclusive: z.number().int(),
  ageToInclusive: z.number().int(),
});

/** 2.4: the transit token nested in a customer token. */
export const nestedTransitToken = z.object({
  customerProfileId: z.number().int().nullable(),
  transitTokenId: z.number().int().nullable(),
  xTat: z.string(),
  tokenType: tokenTypeRef,
  alias: z.string().nullable(),
  tokenStatus: tokenStatusRef,
  expirationDate: z.string(),
  replacedByTokenId: z.number().int().nullable(),
  autoReloadRegistration: autoReloadRegistration.nullable(),
  ePurse: ePurse.nullable(),
  personalAccountData: tokenPersonalAccountData.nullable(),
  gboAgeProfile: gboAgeProfile.nullable(),
});

export const personalAccountData = z.object({
  personalAccountDataId: z.string(),
  name: z.string().nullable(),
  birthdate: z.string().nullable(),
  photo: z.string().nullable(),
  challengeType: idName('challengeTypeId').nullable(),
  oneTimePassword: z.string().nullable(),
});

export const customerToken = z.object({
  customerTokenId: z.string(),
  tokenType: tokenTypeRef,
  transitTokenId: z.number().int().nullable(),
  serviceReferenceId: z.string().nullable(),
  amount: z.number().int().nullable(),
  passNumber: z.string().nullable(),
  verificationCode: z.string().nullable(),
  personalAccountData: personalAccountData.nullable(),
  transitToken: nestedTransitToken.nullable(),
});

export const remark = z.object({ code: z.enum(REMARK_CODES), parameter: z.string() });
export const validationError = z.object({ detail: z.string(), pointer: z.string() });

export const orderLine = z.object({
  orderLineId: z.string(),
  externalOrderLineId: z.string().nullable(),
  productId: z.number().int(),
  productName: z.string(),
  productDescription: z.string(),
  fikoArticleNumber: z.string(),
  taxCode: z.string().nullable(),
  taxPercentage: z.number().nullable(),
  taxAmount: z.number().nullable(),
  amountExclTax: z.number().nullable(),
  amountInclTax: z.number().int(),
  vouchers: z.array(z.unknown()),
  quantity: z.number().int(),
  orderLineTerms: z.array(z.object({ orderLineTermsId: z.string(), termsUrl: z.string() })),
  createdOn: z.string(),
  lastUpdatedOn: z.string(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  orderLineStatus: idName('orderLineStatusId'),
  customerTokens: z.array(customerToken).nullable(),
  orderAccountingStatuses: z.array(
    z.object({
      orderAccountingStatusId: z.string(),
      accountingStatus: idName('accountingStatusId'),
      createdOn: z.string(),
      description: z.string(),
    }),
  ),
  validationResult: z.enum(['valid', 'preliminary', 'invalid']).nullable(),
  additionalRemarks: z.array(remark),
  validationErrors: z.array(validationError),
  /** Extension (docs/api.md §7.1): how many of the line were returned, by settled and pending refunds. */
  returnedQuantity: z.number().int().min(0).default(0),
});

export const paymentStatus = z.object({
  paymentStatusId: z.string(),
  createdOn: z.string(),
  statusCode: z.string(),
  statusDescription: z.string(),
  statusSubCode: z.string(),
  statusSubDescription: z.string(),
});

export const mandateInput = z.object({
  mandateInputId: z.string(),
  directDebitMandateType: idName('directDebitMandateTypeId'),
  createdOn: z.string(),
  bic: z.string(),
  iban: z.string(),
  ascription: z.string(),
  place: z.string(),
});

export const paymentMethod = z.object({
  paymentMethodId: z.number().int(),
  name: z.string(),
  provider: z.string(),
});

/** Extension (docs/api.md §7.1): the lines a refund returns, when it names them. */
export const returnedLines = z.array(z.object({ orderLineId: z.string(), quantity: z.number().int() }));

export const payment = z.object({
  paymentId: z.string(),
  createdOn: z.string(),
  amountDebit: z.number().int(),
  paymentMethod,
  touchPoint,
  isRefund: z.boolean(),
  operatorPaymentReference: z.string(),
  pspPaymentReference: z.string(),
  paymentStatuses: z.array(paymentStatus),
  mandateInput: mandateInput.nullable(),
  /** Extension (docs/api.md §7.1): the `sub` of the token that made a refund on the central. */
  refundedBy: z.string().optional(),
  lines: returnedLines.optional(),
});

export const orderCustomerAddress = z.object({
  orderCustomerAddressId: z.string(),
  addressType: idName('addressTypeId'),
  street: z.string(),
  houseNumber: z.number().int(),
  houseNumberSuffix: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: z.string(),
});

export const orderCustomer = z.object({
  orderCustomerId: z.string(),
  birthname: z.string(),
  surname: z.string(),
  prefix: z.string(),
  emailAddress: z.string(),
  dateOfBirth: z.string(),
  orderCustomerAddresses: z.array(orderCustomerAddress),
});

export const orderStatusEntry = z.object({
  order_orderStatusId: z.string(),
  orderStatus: idName('orderStatusId'),
  createdOn: z.string(),
  description: z.string(),
});

export const order = z.object({
  orderId: z.string(),
  externalOrderId: z.string().nullable(),
  orderNumber: z.string(),
  customerProfileId: z.number().int(),
  validContents: z.boolean().nullable(),
  device: device.nullable(),
  vouchers: z.array(z.unknown()),
  totalAmount: z.number().int(),
  touchPoint,
  language,
  createdOn: z.string(),
  lastUpdatedOn: z.string(),
  order_OrderStatuses: z.array(orderStatusEntry),
  orderLines: z.array(orderLine),
  payments: z.array(payment),
  orderCustomer: orderCustomer.nullable(),
});

const link = z.object({ href: z.string(), method: z.string(), templated: z.boolean() });
/** A page's own address and, when more follow, the next page's (docs/api.md §3.4). */
export const pageFields = { _links: z.object({ self: link, next: link.optional() }), href: z.string() };
export const orderList = z.object({ orders: z.array(order), ...pageFields });

export type Order = z.infer<typeof order>;
export type OrderLine = z.infer<typeof orderLine>;
export type ReturnedLine = NonNullable<Payment['lines']>[number];
export type CustomerToken = z.infer<typeof customerToken>;
export type NestedTransitToken = z.infer<typeof nestedTransitToken>;
export type Payment = z.infer<typeof payment>;
export type PaymentStatus = z.infer<typeof paymentStatus>;
export type OrderCustomer = z.infer<typeof orderCustomer>;
export type OrderStatusEntry = z.infer<typeof orderStatusEntry>;
export type Remark = z.infer<typeof remark>;
export type ValidationError = z.infer<typeof validationError>;
export type OrderList = z.infer<typeof orderList>;
export type TouchPoint = z.infer<typeof touchPoint>;
export type Language = z.infer<typeof language>;
export type PaymentMethod = z.infer<typeof paymentMethod>;
