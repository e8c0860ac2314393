import { describe, expect, it } from 'vitest';
import type { Fixtures, Product } from '../../shared/schemas/reference';
import { Catalog } from '../catalog';
import { judgeLine, type RuledLine, type RuledToken } from './lineRules';

/** The remarks and errors of docs/api.md §3.2 on a small hand-made catalogue. */

const NOW = new Date('2030-04-10T12:00:00.000Z');

function product(productId: number, over: Partial<Product> = {}, requires: Partial<Product['requires']> = {}): Product {
  return {
    productId,
    parentProductId: null,
    productName: `P${productId}`,
    productDescription: '',
    fikoArticleNumber: `F${productId}`,
    taxCode: null,
    taxPercentage: null,
    amountInclTax: 100,
    termsUrls: [],
    tokenTypeIds: [1, 2, 3],
    requires: { token: false, registeredToken: false, birthdate: false, validFrom: false, mandate: false, ...requires },
    ageProfile: null,
    validityDays: null,
    ...over,
  };
}

const transitToken = (transitTokenId: number, customerProfileId: number, tokenStatusId: number, expirationDate: string) => ({
  transitTokenId,
  customerProfileId,
  tokenTypeId: 2,
  xTat: '11111111-2222-4333-8444-555555555555',
  xBot: '11111111-2222-4333-8444-666666666666',
  alias: null,
  lastDigits: null,
  passNumber: null,
  tokenStatusId,
  expirationDate,
  replacedByTokenId: null,
});

const fixtures: Fixtures = {
  languages: [],
  touchpoints: [],
  devices: [],
  paymentMethods: [],
  products: [product(1), product(2, { parentProductId: 1 })],
  transitTokens: [
    transitToken(10, 500, 2, '2031-01-01T00:00:00Z'),
    transitToken(11, 501, 4, '2031-01-01T00:00:00Z'),
    transitToken(12, 502, 2, '2030-05-01T00:00:00Z'),
  ],
  directDebitMandates: [
    {
      directDebitMandateId: 1,
      customerProfileId: 500,
      billingInformationId: 1,
      directDebitMandateTypeId: 1,
      mandateAddressId: 1,
      created: '2029-01-01T00:00:00Z',
      mandateReference: 'R',
      mandateState: 'SIGNED',
      updateTimestamp: '2029-01-01T00:00:00Z',
    },
    {
      directDebitMandateId: 2,
      customerProfileId: 502,
      billingInformationId: 2,
      directDebitMandateTypeId: 1,
      mandateAddressId: 2,
      created: '2029-01-01T00:00:00Z',
      mandateReference: 'S',
      mandateState: 'PREPARED',
      updateTimestamp: '2029-01-01T00:00:00Z',
    },
  ],
};
const catalog = new Catalog(fixtures);
const facts = (over: { customerProfileId?: number; hasMandatePayment?: boolean } = {}) => ({
  catalog,
  now: NOW,
  customerProfileId: 0,
  hasMandatePayment: false,
  ...over,
});

const registered = (transitTokenId: number, birthdate: string | null = null): RuledToken => ({
  transitTokenId,
  personalAccountData: birthdate ? { birthdate } : null,
});
const anonymous = (birthdate: string | null = null): RuledToken => ({
  transitTokenId: null,
  personalAccountData: birthdate ? { birthdate } : null,
});
const lineOf = (productId: number, over: Partial<RuledLine> = {}): RuledLine => ({
  productId,
  validFrom: null,
  customerTokens: null,
  ...over,
});

const judge = (p: Product, line: Partial<RuledLine> = {}, f = facts()) => judgeLine(lineOf(p.productId, line), p, f);
const codes = (p: Product, line: Partial<RuledLine> = {}, f = facts()) => judge(p, line, f).remarks.map((r) => r.code);

describe('remarks (docs/api.md §3.2)', () => {
  it('a line that needs nothing is valid', () => {
    expect(judge(product(2))).toEqual({ remarks: [], errors: [], validationResult: 'valid' });
  });

  it('PRODUCT_CHOICE_REQUIRED on a product with children', () => {
    const verdict = judge(fixtures.products[0]!);
    expect(verdict.remarks).toEqual([{ code: 'PRODUCT_CHOICE_REQUIRED', parameter: 'orderline.productId' }]);
    expect(verdict.validationResult).toBe('preliminary');
  });

  it('VALIDFROM_REQUIRED until the line has a start date', () => {
    const p = product(2, {}, { validFrom: true });
    expect(judge(p).remarks).toEqual([{ code: 'VALIDFROM_REQUIRED', parameter: 'orderline.validFrom' }]);
    expect(codes(p, { validFrom: '2030-04-11T00:00:00.000Z' })).toEqual([]);
  });

  it('TOKEN_REQUIRED until the line has a token, registered or not', () => {
    const p = product(2, {}, { token: true });
    expect(judge(p).remarks).toEqual([{ code: 'TOKEN_REQUIRED', parameter: 'customerToken' }]);
    expect(codes(p, { customerTokens: [] })).toEqual(['TOKEN_REQUIRED']);
    expect(codes(p, { customerTokens: [anonymous()] })).toEqual([]);
  });

  it('CUSTOMERTOKEN_REQUIRED for an anonymous token, and with TOKEN_REQUIRED for no token at all', () => {
    const p = product(2, {}, { token: true, registeredToken: true });
    expect(judge(p, { customerTokens: [anonymous()] }).remarks).toEqual([{ code: 'CUSTOMERTOKEN_REQUIRED', parameter: 'customerTokenId' }]);
    expect(codes(p)).toEqual(['TOKEN_REQUIRED', 'CUSTOMERTOKEN_REQUIRED']);
    expect(codes(p, { customerTokens: [registered(10)] })).toEqual([]);
  });

  it('PERSONALACCOUNTDATA_BIRTHDATE_REQUIRED when the product requires a birthdate', () => {
    const p = product(2, {}, { birthdate: true });
    expect(judge(p).remarks).toEqual([{ code: 'PERSONALACCOUNTDATA_BIRTHDATE_REQUIRED', parameter: 'personalaccountdata.birthdate' }]);
    expect(codes(p, { customerTokens: [anonymous()] })).toEqual(['PERSONALACCOUNTDATA_BIRTHDATE_REQUIRED']);
    expect(codes(p, { customerTokens: [anonymous('1990-01-01')] })).toEqual([]);
  });

  it('PERSONALACCOUNTDATA_BIRTHDATE_REQUIRED for an age profile only once the line has a token', () => {
    const p = product(2, { ageProfile: { ageFromInclusive: 0, ageToInclusive: 120 } });
    expect(codes(p)).toEqual([]);
    expect(codes(p, { customerTokens: [anonymous()] })).toEqual(['PERSONALACCOUNTDATA_BIRTHDATE_REQUIRED']);
    expect(codes(p, { customerTokens: [anonymous(), anonymous('2000-02-29')] })).toEqual([]);
  });

  it('MANDATE_REQUIRED unless the customer has a SIGNED mandate or the order a mandate payment', () => {
    const p = product(2, {}, { mandate: true });
    expect(judge(p).remarks).toEqual([{ code: 'MANDATE_REQUIRED', parameter: 'directDebitMandateId' }]);
    expect(codes(p, {}, facts({ customerProfileId: 500 }))).toEqual([]);
    // 502's mandate is only PREPARED.
    expect(codes(p, {}, facts({ customerProfileId: 502 }))).toEqual(['MANDATE_REQUIRED']);
    expect(codes(p, {}, facts({ hasMandatePayment: true }))).toEqual([]);
  });

  it('lists the remarks in the order of the table', () => {
    const p = product(1, {}, { token: true, registeredToken: true, birthdate: true, validFrom: true, mandate: true });
    expect(codes(p)).toEqual([
      'PRODUCT_CHOICE_REQUIRED',
      'VALIDFROM_REQUIRED',
      'TOKEN_REQUIRED',
      'CUSTOMERTOKEN_REQUIRED',
      'PERSONALACCOUNTDATA_BIRTHDATE_REQUIRED',
      'MANDATE_REQUIRED',
    ]);
  });
});

describe('validation errors (docs/api.md §3.2)', () => {
  const takesTokens = product(2, { ageProfile: { ageFromInclusive: 18, ageToInclusive: 64 } });

  it('an inactive registered token, pointing at its transitTokenId', () => {
    const verdict = judge(product(2), { customerTokens: [registered(10), registered(11)] });
    expect(verdict.errors).toEqual([{ detail: expect.stringContaining('inactive'), pointer: '/customerTokens/1/transitTokenId' }]);
    expect(verdict.validationResult).toBe('invalid');
  });

  it('a token that expires before the start date, or before today without one', () => {
    const start = { validFrom: '2030-05-02T00:00:00.000Z' };
    expect(judge(product(2), { customerTokens: [registered(12)] }).errors).toEqual([]);
    expect(judge(product(2), { ...start, customerTokens: [registered(12)] }).errors).toEqual([
      { detail: 'the token expires before the product starts', pointer: '/customerTokens/0/transitTokenId' },
    ]);
    const later = facts();
    later.now = new Date('2030-06-01T00:00:00.000Z');
    expect(judge(product(2), { customerTokens: [registered(12)] }, later).errors).toHaveLength(1);
  });

  it('a token that expires at the very instant the product starts is accepted; one that expires a millisecond before the start is not', () => {
    // Token 12 expires at 2030-05-01T00:00:00Z.
    expect(judge(product(2), { validFrom: '2030-05-01T00:00:00.000Z', customerTokens: [registered(12)] }).errors).toEqual([]);
    expect(judge(product(2), { validFrom: '2030-05-01T00:00:00.001Z', customerTokens: [registered(12)] }).errors).toEqual([
      { detail: 'the token expires before the product starts', pointer: '/customerTokens/0/transitTokenId' },
    ]);
  });

  it('gives no token error for a registered token the catalogue does not know', () => {
    expect(judge(product(2), { customerTokens: [registered(999)] })).toEqual({ remarks: [], errors: [], validationResult: 'valid' });
  });

  it('an age outside the profile on the start date, pointing at the birthdate', () => {
    // 18 on 2030-04-10; still 17 the day before.
    const token = anonymous('2012-04-10');
    expect(judge(takesTokens, { customerTokens: [token] }).errors).toEqual([]);
    const verdict = judge(takesTokens, { validFrom: '2030-04-09T23:00:00.000Z', customerTokens: [token] });
    expect(verdict.errors).toEqual([{ detail: expect.stringContaining('17'), pointer: '/customerTokens/0/personalAccountData/birthdate' }]);
    const old = judge(takesTokens, { customerTokens: [anonymous(), anonymous('1965-04-10')] });
    expect(old.errors.map((e) => e.pointer)).toEqual(['/customerTokens/1/personalAccountData/birthdate']);
  });

  it('takes both ends of the age profile in: 18 on the start date fits, and so does 64 until the 65th birthday', () => {
    const on = (validFrom: string, birthdate: string) =>
      judge(takesTokens, { validFrom, customerTokens: [anonymous(birthdate)] }).errors.length;
    expect(on('2030-04-10T00:00:00.000Z', '2012-04-10')).toBe(0); // 18 that day
    expect(on('2030-04-09T00:00:00.000Z', '2012-04-10')).toBe(1); // 17 still
    expect(on('2030-04-09T00:00:00.000Z', '1965-04-10')).toBe(0); // 64, a day before 65
    expect(on('2030-04-10T00:00:00.000Z', '1965-04-10')).toBe(1); // 65 that day
  });

  it('errors make the line invalid even with remarks', () => {
    const p = product(2, {}, { validFrom: true });
    expect(judge(p, { customerTokens: [registered(11)] }).validationResult).toBe('invalid');
  });
});
