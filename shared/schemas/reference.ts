import { z } from 'zod';
import { MANDATE_STATES, MANDATE_TYPE, TOKEN_STATUS, TOKEN_TYPE } from '../enums';
import { enumId } from './primitives';
import {
  autoReloadRegistration,
  ePurse,
  gboAgeProfile,
  language,
  paymentMethod,
  tokenPersonalAccountData,
  tokenStatusRef,
  tokenTypeRef,
  touchPoint,
} from './order';

/** docs/api.md §6: the reference data file. Every key is optional. */

const isoTimestamp = z.iso.datetime({ offset: true, local: true });

export const product = z.object({
  productId: z.number().int(),
  parentProductId: z.number().int().nullable(),
  productName: z.string(),
  productDescription: z.string(),
  fikoArticleNumber: z.string(),
  taxCode: z.string().nullable(),
  taxPercentage: z.number().min(0).max(100).nullable(),
  amountInclTax: z.number().int().min(0),
  termsUrls: z.array(z.string()),
  tokenTypeIds: z.array(enumId(TOKEN_TYPE, 'tokenTypeId')),
  requires: z.object({
    token: z.boolean(),
    registeredToken: z.boolean(),
    birthdate: z.boolean(),
    validFrom: z.boolean(),
    mandate: z.boolean(),
  }),
  ageProfile: z.object({ ageFromInclusive: z.number().int().min(0), ageToInclusive: z.number().int().min(0) }).nullable(),
  validityDays: z.number().int().min(1).nullable(),
  /** `replacementFee`: the product a replacement card's fee is sold as (docs/api.md §12.2). */
  role: z.literal('replacementFee').optional(),
  /** Cents kept back when a season product is ended early (docs/api.md §12.4). */
  refundFeeInclTax: z.number().int().min(0).optional(),
});

export const fixtureTransitToken = z.object({
  transitTokenId: z.number().int(),
  customerProfileId: z.number().int(),
  tokenTypeId: enumId(TOKEN_TYPE, 'tokenTypeId'),
  xTat: z.string(),
  xBot: z.string(),
  alias: z.string().nullable(),
  lastDigits: z.number().int().nullable(),
  passNumber: z.string().nullable(),
  tokenStatusId: enumId(TOKEN_STATUS, 'tokenStatusId'),
  expirationDate: isoTimestamp,
  replacedByTokenId: z.number().int().nullable(),
  autoReloadRegistration: autoReloadRegistration.nullish(),
  ePurse: ePurse.nullish(),
  personalAccountData: tokenPersonalAccountData.nullish(),
  gboAgeProfile: gboAgeProfile.nullish(),
});

export const fixtureMandate = z.object({
  directDebitMandateId: z.number().int(),
  customerProfileId: z.number().int(),
  billingInformationId: z.number().int(),
  directDebitMandateTypeId: enumId(MANDATE_TYPE, 'directDebitMandateTypeId'),
  mandateAddressId: z.number().int(),
  created: isoTimestamp,
  mandateReference: z.string(),
  mandateState: z.enum(MANDATE_STATES),
  updateTimestamp: isoTimestamp,
});

function uniqueBy<T>(key: keyof T & string) {
  return (items: T[], ctx: z.RefinementCtx) => {
    const seen = new Map<unknown, number>();
    items.forEach((item, i) => {
      const value = item[key];
      if (seen.has(value)) {
        ctx.addIssue({ code: 'custom', path: [i, key], message: `duplicate ${key} ${String(value)}` });
      }
      seen.set(value, i);
    });
  };
}

export const fixtures = z
  .object({
    languages: z.array(language).superRefine(uniqueBy('languageId')).default([]),
    touchpoints: z.array(touchPoint).superRefine(uniqueBy('salesTouchpointId')).default([]),
    devices: z
      .array(z.object({ externalDeviceId: z.guid(), alias: z.string().nullable() }))
      .superRefine(uniqueBy('externalDeviceId'))
      .default([]),
    paymentMethods: z.array(paymentMethod).superRefine(uniqueBy('paymentMethodId')).default([]),
    products: z.array(product).superRefine(uniqueBy('productId')).default([]),
    transitTokens: z.array(fixtureTransitToken).superRefine(uniqueBy('transitTokenId')).default([]),
    directDebitMandates: z.array(fixtureMandate).superRefine(uniqueBy('directDebitMandateId')).default([]),
  })
  .superRefine((f, ctx) => {
    const ids = new Set(f.products.map((p) => p.productId));
    f.products.forEach((p, i) => {
      if (p.parentProductId !== null && !ids.has(p.parentProductId)) {
        ctx.addIssue({
          code: 'custom',
          path: ['products', i, 'parentProductId'],
          message: `no product has productId ${p.parentProductId}`,
        });
      }
    });
  });

/** 2.8: the lookup interface's records. */
export const transitTokenRecord = z.object({
  transitTokenId: z.number().int(),
  customerProfileId: z.number().int(),
  tokenType: tokenTypeRef,
  xTat: z.string(),
  xBot: z.string(),
  alias: z.string().nullable(),
  lastDigits: z.number().int().nullable(),
  passNumber: z.string().nullable(),
  tokenStatus: tokenStatusRef,
  expirationDate: z.string(),
  replacedByTokenId: z.number().int().nullable(),
});
export const transitTokenList = z.object({
  transitTokens: z.array(transitTokenRecord),
  href: z.string().nullable(),
});

export const mandateRecord = z.object({
  directDebitMandateId: z.number().int(),
  customerProfileId: z.number().int(),
  billingInformationId: z.number().int(),
  directDebitMandateType: z.object({
    directDebitMandateTypeId: z.number().int(),
    name: z.string(),
    description: z.string(),
  }),
  mandateAddressId: z.number().int(),
  created: z.string(),
  mandateReference: z.string(),
  mandateState: z.enum(MANDATE_STATES),
  updateTimestamp: z.string(),
});
export const mandateList = z.array(mandateRecord);

export type Product = z.infer<typeof product>;
export type Fixtures = z.output<typeof fixtures>;
export type FixtureTransitToken = z.infer<typeof fixtureTransitToken>;
export type FixtureMandate = z.infer<typeof fixtureMandate>;
export type TransitTokenRecord = z.infer<typeof transitTokenRecord>;
export type MandateRecord = z.infer<typeof mandateRecord>;
