// @vitest-environment jsdom
import { formatDay, parseDay } from './dateText';
import { describe, expect, it } from 'vitest';
import { REMARK_PARAMETER } from '../../shared/enums';
import type { RefusalCode } from '../../shared/refusals';
import { methodId, methodKindOf, parseEuros } from '../checkout/payments';
import { checkIban } from '../checkout/DirectDebitPanel';
import { loadDictionary } from '../i18n/dictionaries';
import { en } from '../i18n/en';
import { makeI18n } from '../i18n/i18n';
import { nl } from '../i18n/nl';
import { buildTree, quickProducts, searchProducts } from '../sale/catalogTree';
import { ageFits } from '../../domain/rules/dates';
import { addDaysToDate, ageOn, latestStartDate, localDate, startDateProblem } from '../sale/dates';
import { outstandingAmount, paymentGate, tokenCombination } from '../sale/orderView';
import { line, order, product } from '../../shared/testing/builders';
import { classifyTokenText, tokenMarks } from '../tokens/tokenQuery';
import { tokenRecord } from '../../shared/testing/builders';

describe('dictionary', () => {
  const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  it('has a Dutch text for every English one, with the same placeholders', () => {
    for (const key of Object.keys(en) as (keyof typeof en)[]) {
      expect(nl[key], key).toBeTruthy();
      expect(placeholders(nl[key]), key).toEqual(placeholders(en[key]));
    }
  });

  it('formats money in integer cents for both languages', async () => {
    const [english, dutch] = [makeI18n(await loadDictionary('en')), makeI18n(await loadDictionary('nl'))];
    expect(english.money(950)).toBe('€9.50');
    expect(dutch.money(14900).replace(/\s/g, ' ')).toBe('€ 149,00');
    expect(english.t('cash.change', { amount: '€1.00' })).toBe('Change: €1.00');
  });

  it('words a refusal in the language, and an unknown code in general words', async () => {
    const [english, dutch] = [makeI18n(await loadDictionary('en')), makeI18n(await loadDictionary('nl'))];
    expect(english.refusal('session.lockedOut', { seconds: 30 })).toBe('Too many wrong PINs: try again in 30 seconds.');
    expect(dutch.refusal('session.lockedOut', { seconds: 30 })).toBe(
      'Te vaak een verkeerde pincode: probeer het over 30 seconden opnieuw.',
    );
    expect(dutch.refusal('newer.code' as RefusalCode)).toBe('Er ging iets mis; er is niets gewijzigd.');
  });
});

describe('catalogue', () => {
  const products = [
    product({ productId: 100, productName: 'Dagkaart', amountInclTax: 0 }),
    product({ productId: 101, parentProductId: 100, productName: 'Dagkaart volwassene', fikoArticleNumber: 'FK-101' }),
    product({ productId: 102, parentProductId: 100, productName: 'Dagkaart kind' }),
    product({ productId: 600, productName: 'Enkele reis stad', fikoArticleNumber: 'FK-600' }),
  ];
  it('builds the tree from parentProductId', () => {
    const tree = buildTree(products);
    expect(tree.map((n) => n.product.productId)).toEqual([100, 600]);
    expect(tree[0]!.children.map((n) => n.product.productId)).toEqual([101, 102]);
  });
  it('searches names and article numbers, ignoring case, accents and dashes', () => {
    expect(searchProducts(products, 'VOLWAS').map((p) => p.productId)).toEqual([101]);
    expect(searchProducts(products, 'fk600').map((p) => p.productId)).toEqual([600]);
    expect(searchProducts(products, ' ')).toEqual([]);
  });
  it("puts the manager's products on the quick keys, or else the first sellable ones, never by sales", () => {
    expect(quickProducts(products, null).map((p) => p?.productId)).toEqual([101, 102, 600]);
    // The replacement fee is sold from the card service: no quick key of its own unless the manager sets one.
    const fee = product({ productId: 410, productName: 'Vervangende pas', role: 'replacementFee' });
    expect(quickProducts([products[0]!, products[1]!, fee, products[3]!], null).map((p) => p?.productId)).toEqual([101, 600]);
    expect(quickProducts([fee], [410]).map((p) => p?.productId)).toEqual([410]);
    // A product with variants, or one the catalogue dropped, leaves its key empty.
    expect(quickProducts(products, [600, 100, 999, 101]).map((p) => p?.productId ?? null)).toEqual([600, null, null, 101]);
  });
});

describe('dates', () => {
  const now = new Date(2026, 0, 10, 12, 0);
  it('knows the 60-day limit', () => {
    expect(latestStartDate(now)).toBe('2026-03-11');
    expect(startDateProblem('2026-03-11', now)).toBeNull();
    expect(startDateProblem('2026-03-12', now)).toBe('too-late');
    expect(startDateProblem('2026-01-09', now)).toBe('past');
    expect(startDateProblem('2026-01-10', now)).toBeNull();
    expect(addDaysToDate('2026-02-27', 2)).toBe('2026-03-01');
    expect(localDate(now)).toBe('2026-01-10');
  });
  it('counts the age on the start date as the central does', () => {
    expect(ageOn('2000-03-15', '2026-03-14')).toBe(25);
    expect(ageOn('2000-03-15', '2026-03-15')).toBe(26);
  });
  it('takes both ends of an age profile in, and nothing beyond them', () => {
    const children = { ageFromInclusive: 4, ageToInclusive: 11 };
    expect(ageFits(3, children)).toBe(false);
    expect(ageFits(4, children)).toBe(true);
    expect(ageFits(11, children)).toBe(true);
    expect(ageFits(12, children)).toBe(false);
  });
});

describe('tokens', () => {
  it('reads typed or scanned text as a lookup', () => {
    expect(classifyTokenText('4411')?.queries).toEqual([{ lastDigits: '4411' }]);
    expect(classifyTokenText('3528 0100 0000 4411')?.queries).toEqual([
      { passNumber: '3528 0100 0000 4411' },
      { passNumber: '3528010000004411' },
    ]);
    expect(classifyTokenText('5EED0000-0000-0000-0000-0000000003E9')?.queries).toEqual([{ xTat: '5eed0000-0000-0000-0000-0000000003e9' }]);
    expect(classifyTokenText('   ')).toBeNull();
  });
  it('marks a token expired by date even while its status is active', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(tokenMarks(tokenRecord({ transitTokenId: 1, expirationDate: '2025-12-31T23:59:59Z' }), now)).toEqual(['expired']);
    expect(tokenMarks(tokenRecord({ transitTokenId: 1 }), now)).toEqual(['active']);
  });
  it('explains a product and token type that do not go together', () => {
    const kind = product({ productId: 102, productName: 'Dagkaart kind', tokenTypeIds: [2, 3] });
    expect(tokenCombination(kind, 1)).toBe('type-not-allowed');
    expect(tokenCombination(kind, 2)).toBeNull();
    expect(tokenCombination(product({ productId: 600, productName: 'Enkele reis', tokenTypeIds: [] }), 2)).toBe('no-tokens');
  });
});

describe('payment', () => {
  it('opens only for a valid order, or one that lacks only a mandate', () => {
    expect(paymentGate(order({ orderLines: [line()], validContents: true }))).toEqual({ allowed: true, mandateOnly: false });
    expect(paymentGate(order({ orderLines: [], validContents: false })).allowed).toBe(false);
    const mandate = line({
      validationResult: 'preliminary',
      additionalRemarks: [{ code: 'MANDATE_REQUIRED', parameter: REMARK_PARAMETER.MANDATE_REQUIRED }],
    });
    expect(paymentGate(order({ orderLines: [mandate], validContents: false }))).toEqual({ allowed: true, mandateOnly: true });
    const withError = { ...mandate, validationErrors: [{ detail: 'x', pointer: '/customerTokens/0/transitTokenId' }] };
    expect(paymentGate(order({ orderLines: [withError], validContents: false })).allowed).toBe(false);
  });
  it('reads euros as cents', () => {
    expect(parseEuros('20')).toBe(2000);
    expect(parseEuros('9,5')).toBe(950);
    expect(parseEuros('€ 12.05')).toBe(1205);
    expect(parseEuros('12.345')).toBeNull();
    expect(parseEuros('abc')).toBeNull();
  });
  it('finds the methods of the demo catalogue by provider', () => {
    const methods = [
      { paymentMethodId: 1, name: 'Contant', provider: 'counter' },
      { paymentMethodId: 2, name: 'Pinbetaling', provider: 'terminal' },
      { paymentMethodId: 3, name: 'Automatische incasso', provider: 'sepa' },
      { paymentMethodId: 4, name: 'Creditcard', provider: 'terminal' },
    ];
    expect([methodId(methods, 'cash'), methodId(methods, 'pin'), methodId(methods, 'directDebit')]).toEqual([1, 2, 3]);
    expect(methodKindOf(methods, 4)).toBeNull();
  });
  it('checks an IBAN as typed', () => {
    expect(checkIban('')).toBe('empty');
    expect(checkIban('NL91 ABNA')).toBe('incomplete');
    expect(checkIban('nl91 abna 0417 1643 00')).toBe('valid');
    expect(checkIban('NL91 ABNA 0417 1643 01')).toBe('invalid');
  });
  it('counts what is still to pay', () => {
    expect(outstandingAmount(order({ orderLines: [line({ amountInclTax: 950 })] }))).toBe(950);
  });
});

describe('dates typed in the counter language', () => {
  it('writes a day as the language does, day first', () => {
    expect(formatDay('1990-06-15', 'nl')).toBe('15-06-1990');
    expect(formatDay('1990-06-15', 'en')).toBe('15/06/1990');
  });
  it('reads day first with any separator, or ISO, and refuses days that do not exist', () => {
    expect(parseDay('15-06-1990')).toBe('1990-06-15');
    expect(parseDay('5/6/1990')).toBe('1990-06-05');
    expect(parseDay('15.06.1990')).toBe('1990-06-15');
    expect(parseDay('1990-06-15')).toBe('1990-06-15');
    expect(parseDay('06/31/1990')).toBeNull();
    expect(parseDay('31-02-2024')).toBeNull();
    expect(parseDay('yesterday')).toBeNull();
  });
});
