import { describe, expect, it } from 'vitest';
import { NOW_ISO, conceptOrder, lineOf, opContext } from '../../server/testing/orderRecords';
import {
  BAD_COMBINATION,
  START_TOO_LATE,
  checkKeptTokens,
  checkLine,
  newLine,
  patchedLine,
  repeatedLine,
  repeatsWithin,
  toCustomerToken,
} from './lines';

/** One order line: the 400 checks of docs/api.md §3.3, repeats (docs/api.md §8), a new and a patched line. */

const ctx = opContext();
const ANONYMOUS_TOP_UP = 9300;
const PHOTO_CARD = 9500;
const DAY_RETURN = 9201;

describe('checkLine', () => {
  it('an unknown product is the only error named', () => {
    expect(checkLine({ validFrom: '2040-01-01T00:00:00.000Z', customerTokens: [{ tokenTypeId: 9 }] }, 1, '/orderLines/2', ctx)).toEqual([
      { detail: 'there is no product 1', pointer: '/orderLines/2/productId', productId: 1 },
    ]);
  });

  it('a start date 60 days ahead is accepted, one millisecond later refused', () => {
    expect(checkLine({ validFrom: '2031-05-01T08:30:00.000Z' }, DAY_RETURN, '', ctx)).toEqual([]);
    expect(checkLine({ validFrom: '2031-05-01T08:30:00.001Z' }, DAY_RETURN, '/x', ctx)).toEqual([
      { detail: START_TOO_LATE, pointer: '/x/validFrom', productId: DAY_RETURN },
    ]);
  });

  it('a token of a type the product does not take is a bad combination, naming a registered token', () => {
    expect(
      checkLine({ customerTokens: [{ tokenTypeId: 3 }, { tokenTypeId: 2, transitTokenId: 42002 }] }, ANONYMOUS_TOP_UP, '/l', ctx),
    ).toEqual([
      { detail: BAD_COMBINATION, pointer: '/l/customerTokens/1/tokenTypeId', productId: ANONYMOUS_TOP_UP, transitTokenId: 42002 },
    ]);
    expect(checkLine({ customerTokens: [{ tokenTypeId: 2, transitTokenId: null }] }, ANONYMOUS_TOP_UP, '', ctx)).toEqual([
      { detail: BAD_COMBINATION, pointer: '/customerTokens/0/tokenTypeId', productId: ANONYMOUS_TOP_UP },
    ]);
  });

  it('an unknown transit token is refused', () => {
    expect(checkLine({ customerTokens: [{ tokenTypeId: 1, transitTokenId: 49999 }] }, ANONYMOUS_TOP_UP, '', ctx)).toEqual([
      { detail: 'there is no transit token 49999', pointer: '/customerTokens/0/transitTokenId', transitTokenId: 49999 },
    ]);
  });

  it('a transit token sent with another type than its own is refused, naming both types', () => {
    expect(checkLine({ customerTokens: [{ tokenTypeId: 3, transitTokenId: 42005 }] }, ANONYMOUS_TOP_UP, '', ctx)).toEqual([
      {
        detail: 'transit token 42005 is of type EMV, not pass digital',
        pointer: '/customerTokens/0/tokenTypeId',
        transitTokenId: 42005,
        productId: ANONYMOUS_TOP_UP,
      },
    ]);
  });

  it("a customer's caller does not know another customer's token nor an unknown one; its own it does", () => {
    const token = { customerTokens: [{ tokenTypeId: 1, transitTokenId: 42005 }] };
    expect(checkLine(token, ANONYMOUS_TOP_UP, '', opContext({ customerProfileId: 77001 }))).toEqual([
      { detail: 'there is no transit token 42005', pointer: '/customerTokens/0/transitTokenId', transitTokenId: 42005 },
    ]);
    expect(checkLine(token, ANONYMOUS_TOP_UP, '', opContext({ customerProfileId: 77004 }))).toEqual([]);
    expect(checkLine(token, ANONYMOUS_TOP_UP, '', opContext({ customerProfileId: null }))).toEqual([]);
    expect(
      checkLine(
        { customerTokens: [{ tokenTypeId: 1, transitTokenId: 49999 }] },
        ANONYMOUS_TOP_UP,
        '',
        opContext({ customerProfileId: 77004 }),
      ),
    ).toEqual([{ detail: 'there is no transit token 49999', pointer: '/customerTokens/0/transitTokenId', transitTokenId: 49999 }]);
  });
});

describe('repeatedLine and repeatsWithin', () => {
  const record = conceptOrder(ctx, [lineOf('Single ticket', { externalOrderLineId: 'l-1' }), lineOf('Single ticket')]);

  it('a known externalOrderLineId names its line; an unknown one, none or an empty one is no repeat', () => {
    expect(repeatedLine(record.order, 'l-1')).toMatchObject({
      ok: false,
      refusal: { kind: 'conflict', errors: [{ orderLineId: record.order.orderLines[0]!.orderLineId }] },
    });
    expect(repeatedLine(record.order, 'l-2')).toBeNull();
    expect(repeatedLine(record.order, null)).toBeNull();
    // The second line has no externalOrderLineId: an empty one matches nothing.
    expect(repeatedLine(record.order, '')).toBeNull();
  });

  it('only a later line repeating an earlier id is named; lines without an id never are', () => {
    expect(
      repeatsWithin([
        { externalOrderLineId: 'a' },
        {},
        { externalOrderLineId: null },
        { externalOrderLineId: 'b' },
        { externalOrderLineId: 'a' },
      ]),
    ).toEqual([
      { detail: 'the externalOrderLineId is used by an earlier line of this order', pointer: '/orderLines/4/externalOrderLineId' },
    ]);
    expect(repeatsWithin([{ externalOrderLineId: 'a' }, { externalOrderLineId: 'b' }])).toEqual([]);
    expect(repeatsWithin([{ externalOrderLineId: '' }, { externalOrderLineId: '' }])).toEqual([]);
  });
});

describe('checkKeptTokens', () => {
  const tokens = conceptOrder(ctx, [
    lineOf('Anonymous card top-up', { customerTokens: [{ tokenTypeId: 3 }, { tokenTypeId: 1, transitTokenId: 42005 }] }),
  ]).order.orderLines[0]!.customerTokens!;

  it('names each kept token the new product does not take', () => {
    expect(checkKeptTokens(tokens, PHOTO_CARD, '/at', ctx)).toEqual([
      { detail: BAD_COMBINATION, pointer: '/at/customerTokens/1/tokenTypeId', productId: PHOTO_CARD, transitTokenId: 42005 },
    ]);
    expect(checkKeptTokens([...tokens].reverse(), 9200, '', ctx)).toEqual([
      { detail: BAD_COMBINATION, pointer: '/customerTokens/0/tokenTypeId', productId: 9200, transitTokenId: 42005 },
      { detail: BAD_COMBINATION, pointer: '/customerTokens/1/tokenTypeId', productId: 9200 },
    ]);
  });

  it('an unknown product is left to checkLine', () => {
    expect(checkKeptTokens(tokens, 1, '', ctx)).toEqual([]);
  });
});

describe('toCustomerToken', () => {
  it('takes every field given, names the type and the challenge type', () => {
    const fields = { transitTokenId: 42002, serviceReferenceId: 'svc', amount: 500, passNumber: 'P-1', verificationCode: '1234' };
    const person = { name: 'A. Traveller', birthdate: '1990-01-01', photo: 'data:image/png;base64,AA==', oneTimePassword: '999' };
    expect(toCustomerToken({ tokenTypeId: 2, ...fields, personalAccountData: { ...person, challengeTypeId: 1 } }, ctx)).toEqual({
      customerTokenId: expect.any(String),
      tokenType: { tokenTypeId: 2, name: 'pass physical' },
      ...fields,
      personalAccountData: { personalAccountDataId: expect.any(String), ...person, challengeType: { challengeTypeId: 1, name: 'email' } },
      transitToken: null,
    });
  });

  it('leaves what is not given null', () => {
    expect(toCustomerToken({ tokenTypeId: 1, personalAccountData: {} }, ctx)).toEqual({
      customerTokenId: expect.any(String),
      tokenType: { tokenTypeId: 1, name: 'EMV' },
      transitTokenId: null,
      serviceReferenceId: null,
      amount: null,
      passNumber: null,
      verificationCode: null,
      personalAccountData: {
        personalAccountDataId: expect.any(String),
        name: null,
        birthdate: null,
        photo: null,
        challengeType: null,
        oneTimePassword: null,
      },
      transitToken: null,
    });
    expect(toCustomerToken({ tokenTypeId: 1 }, ctx).personalAccountData).toBeNull();
  });
});

describe('newLine', () => {
  it("takes the product's data, amounts and terms, pending, with one accounting status", () => {
    const line = newLine(
      { ...lineOf('Single ticket', { quantity: 2, externalOrderLineId: 'l-1' }), createdOn: '2031-03-01T10:00:00.000Z' },
      ctx,
    );
    expect(line).toEqual({
      orderLineId: expect.any(String),
      externalOrderLineId: 'l-1',
      productId: 9200,
      productName: 'Single ticket',
      productDescription: 'Single ticket (test catalogue)',
      fikoArticleNumber: 'ART-9200',
      taxCode: 'T6',
      taxPercentage: 6,
      amountInclTax: 550,
      amountExclTax: 519,
      taxAmount: 31,
      quantity: 2,
      validFrom: null,
      validUntil: null,
      orderLineTerms: [{ orderLineTermsId: expect.any(String), termsUrl: 'https://terms.test/9200' }],
      vouchers: [],
      createdOn: '2031-03-01T10:00:00.000Z',
      lastUpdatedOn: NOW_ISO,
      orderLineStatus: { orderLineStatusId: 1, name: 'pending' },
      customerTokens: null,
      orderAccountingStatuses: [
        {
          orderAccountingStatusId: expect.any(String),
          accountingStatus: { accountingStatusId: 1, name: 'open' },
          createdOn: '2031-03-01T10:00:00.000Z',
          description: 'Order line created',
        },
      ],
      validationResult: null,
      additionalRemarks: [],
      validationErrors: [],
      returnedQuantity: 0,
    });
  });

  it('is created now without a createdOn, and derives validUntil from validFrom and the validity days', () => {
    const line = newLine(lineOf('Day return', { validFrom: '2031-03-05T06:00:00.000Z', customerTokens: [{ tokenTypeId: 1 }] }), ctx);
    expect([line.createdOn, line.validFrom, line.validUntil, line.externalOrderLineId]).toEqual([
      NOW_ISO,
      '2031-03-05T06:00:00.000Z',
      '2031-03-07T06:00:00.000Z',
      null,
    ]);
    expect(line.customerTokens!.map((t) => t.tokenType.tokenTypeId)).toEqual([1]);
  });

  it('a validUntil given is kept; a product without validity days derives none', () => {
    const given = newLine(lineOf('Day return', { validFrom: '2031-03-05T06:00:00.000Z', validUntil: '2031-03-05T20:00:00.000Z' }), ctx);
    expect(given.validUntil).toBe('2031-03-05T20:00:00.000Z');
    expect(newLine(lineOf('Single ticket', { validFrom: '2031-03-05T06:00:00.000Z' }), ctx).validUntil).toBeNull();
  });

  it('a line on a parent product costs nothing', () => {
    expect(newLine(lineOf('Zone pass'), ctx).amountInclTax).toBe(0);
  });
});

describe('patchedLine', () => {
  const dayReturn = () =>
    newLine(
      lineOf('Day return', {
        validFrom: '2031-03-05T06:00:00.000Z',
        validUntil: '2031-03-05T20:00:00.000Z',
        customerTokens: [{ tokenTypeId: 1 }],
      }),
      ctx,
    );
  const later = opContext({ now: new Date('2031-03-02T09:00:00.000Z') });

  it('an empty patch keeps every field and stamps the line', () => {
    const line = dayReturn();
    expect(patchedLine(line, {}, later)).toEqual({ ...line, lastUpdatedOn: '2031-03-02T09:00:00.000Z' });
  });

  it('a new start date derives validUntil again', () => {
    expect(patchedLine(dayReturn(), { validFrom: '2031-03-10T06:00:00.000Z' }, ctx).validUntil).toBe('2031-03-12T06:00:00.000Z');
  });

  it('a new product derives validUntil again, takes its amounts and terms, and keeps the tokens', () => {
    const line = dayReturn();
    const patched = patchedLine(line, { productId: 9101, quantity: 2 }, ctx);
    expect(patched).toMatchObject({
      productId: 9101,
      productName: 'Zone pass one zone',
      amountInclTax: 4420,
      quantity: 2,
      validFrom: '2031-03-05T06:00:00.000Z',
      validUntil: '2031-03-12T06:00:00.000Z',
      orderLineTerms: [{ termsUrl: 'https://terms.test/9101' }],
      customerTokens: line.customerTokens,
    });
  });

  it('a validUntil given wins over the derived one; null clears the start date and the tokens', () => {
    const patched = patchedLine(dayReturn(), { validFrom: '2031-03-10T06:00:00.000Z', validUntil: '2031-03-10T07:00:00.000Z' }, ctx);
    expect(patched.validUntil).toBe('2031-03-10T07:00:00.000Z');
    const cleared = patchedLine(dayReturn(), { validFrom: null, customerTokens: null }, ctx);
    expect([cleared.validFrom, cleared.validUntil, cleared.customerTokens]).toEqual([null, null, null]);
  });

  it('new tokens and vouchers replace the old ones', () => {
    const patched = patchedLine(dayReturn(), { customerTokens: [{ tokenTypeId: 3 }, { tokenTypeId: 2 }], vouchers: [{ code: 'V' }] }, ctx);
    expect(patched.customerTokens!.map((t) => t.tokenType.tokenTypeId)).toEqual([3, 2]);
    expect(patched.vouchers).toEqual([{ code: 'V' }]);
  });
});
