import type { Fixtures, FixtureTransitToken, Product } from '../../shared/schemas/reference';

/**
 * The parts of a catalogue a test needs, found by their rules rather than by id, so one
 * suite runs against any fixtures file (the demo's and the other one). A catalogue that
 * lacks a role makes the picking fail loudly, naming what is missing.
 */

function pick<T>(items: readonly T[], what: string, test: (item: T) => boolean): T {
  const found = items.find(test);
  if (!found) throw new Error(`the fixtures have no ${what}`);
  return found;
}

const DAY_MS = 86_400_000;

export function rolesOf(fixtures: Fixtures) {
  const products = fixtures.products;
  const parents = new Set(products.map((p) => p.parentProductId).filter((id) => id !== null));
  const leaves = products.filter((p) => !parents.has(p.productId));
  const signed = new Set(fixtures.directDebitMandates.filter((m) => m.mandateState === 'SIGNED').map((m) => m.customerProfileId));
  const tokens = fixtures.transitTokens;
  const active = tokens.filter((t) => t.tokenStatusId === 2);
  const none = (p: Product) => !Object.values(p.requires).some(Boolean) && p.ageProfile === null;
  const parent = pick(products, 'product with children', (p) => parents.has(p.productId));
  const activeTokenFor = (p: Product, test: (t: FixtureTransitToken) => boolean = () => true) =>
    pick(active, `active token for product ${p.productId}`, (t) => p.tokenTypeIds.includes(t.tokenTypeId) && test(t));

  const needsRegistered = pick(
    leaves,
    'leaf needing only a registered token',
    (p) => p.requires.registeredToken && !p.requires.mandate && !p.requires.birthdate && !p.requires.validFrom && p.ageProfile === null,
  );
  const needsMandate = pick(
    leaves,
    'leaf needing a mandate, without age rules',
    (p) => p.requires.mandate && p.requires.registeredToken && !p.requires.birthdate && p.ageProfile === null,
  );
  const ageLimited = pick(
    leaves,
    'leaf with an age profile taking tokens, needing no birthdate as such',
    (p) => p.ageProfile !== null && p.tokenTypeIds.length > 0 && !p.requires.birthdate && !p.requires.registeredToken,
  );
  const inactiveToken = pick(
    tokens,
    'inactive token a product takes',
    (t) => t.tokenStatusId !== 2 && leaves.some((p) => p.tokenTypeIds.includes(t.tokenTypeId)),
  );
  const soonest = [...active].sort((a, b) => Date.parse(a.expirationDate) - Date.parse(b.expirationDate))[0]!;

  return {
    fixtures,
    language: fixtures.languages[0]!,
    otherLanguage: pick(fixtures.languages, 'second language', (l) => l !== fixtures.languages[0]),
    touchpoint: pick(fixtures.touchpoints, 'active touchpoint', (t) => t.isActive),
    otherTouchpoint: fixtures.touchpoints.filter((t) => t.isActive)[1]!,
    inactiveTouchpoint: pick(fixtures.touchpoints, 'inactive touchpoint', (t) => !t.isActive),
    device: fixtures.devices[0]!,
    paymentMethod: fixtures.paymentMethods[0]!,
    /** A leaf that asks for nothing and costs something: valid on its own. */
    plain: pick(leaves, 'leaf product without requirements', (p) => none(p) && p.amountInclTax > 0 && p.role === undefined),
    /** The product a replacement card's fee is sold as (docs/api.md §12.2). */
    replacementFee: pick(leaves, 'replacement fee product', (p) => p.role === 'replacementFee'),
    /** A season product with a refund fee, sold on a mandated customer's card (docs/api.md §12.4). */
    season: pick(
      leaves,
      'season product with a refund fee, needing a mandate, without age rules',
      (p) =>
        (p.validityDays ?? 0) >= 28 &&
        (p.refundFeeInclTax ?? 0) > 0 &&
        p.requires.mandate &&
        !p.requires.birthdate &&
        p.ageProfile === null,
    ),
    /** A product with no token types: any token is a bad combination. */
    tokenless: pick(leaves, 'leaf product taking no tokens', (p) => p.tokenTypeIds.length === 0 && !p.requires.token),
    parent,
    child: pick(leaves, `leaf child of ${parent.productId}`, (p) => p.parentProductId === parent.productId),
    needsValidFrom: pick(
      leaves,
      'leaf needing only a start date',
      (p) =>
        p.requires.validFrom &&
        p.validityDays !== null &&
        p.ageProfile === null &&
        !p.requires.token &&
        !p.requires.registeredToken &&
        !p.requires.birthdate &&
        !p.requires.mandate,
    ),
    needsToken: pick(leaves, 'leaf needing an unregistered token', (p) => p.requires.token && !p.requires.registeredToken),
    needsRegistered,
    needsBirthdate: pick(leaves, 'leaf needing a birthdate', (p) => p.requires.birthdate && p.tokenTypeIds.length > 0),
    needsMandate,
    ageLimited,
    /** An active token of a customer with a signed mandate, for the mandate product. */
    mandatedToken: activeTokenFor(needsMandate, (t) => signed.has(t.customerProfileId)),
    /** An active token of a customer without a signed mandate, for the mandate product. */
    unmandatedToken: activeTokenFor(needsMandate, (t) => !signed.has(t.customerProfileId)),
    registeredToken: activeTokenFor(needsRegistered),
    /** A token of another customer than `registeredToken`'s. */
    otherCustomerToken: activeTokenFor(needsRegistered, (t) => t.customerProfileId !== activeTokenFor(needsRegistered).customerProfileId),
    inactiveToken,
    /** The active token that expires first, and a product that takes it. */
    expiringToken: soonest,
    expiringProduct: pick(
      leaves,
      `leaf taking token ${soonest.transitTokenId}`,
      (p) => p.tokenTypeIds.includes(soonest.tokenTypeId) && !p.requires.mandate && !p.requires.birthdate && p.ageProfile === null,
    ),
    productTaking: (t: FixtureTransitToken) =>
      pick(leaves, `leaf taking token type ${t.tokenTypeId}`, (p) => p.tokenTypeIds.includes(t.tokenTypeId)),
    /** A token type the product does not take (for the "bad combination" refusal). */
    typeNotTakenBy: (p: Product) => pick([1, 2, 3], `token type ${p.productId} does not take`, (id) => !p.tokenTypeIds.includes(id)),
    unknownProductId: Math.max(...products.map((p) => p.productId)) + 1,
    unknownLanguageId: Math.max(...fixtures.languages.map((l) => l.languageId)) + 1,
    unknownTransitTokenId: Math.max(...tokens.map((t) => t.transitTokenId)) + 1,
    signedCustomers: signed,
  };
}

export type Roles = ReturnType<typeof rolesOf>;

/** A birthdate that makes the traveller `age` years old on `on` (a day past the birthday). */
export function birthdateForAge(age: number, on: string | Date): string {
  const d = new Date(on);
  const born = new Date(Date.UTC(d.getUTCFullYear() - age, d.getUTCMonth(), d.getUTCDate()) - DAY_MS);
  return born.toISOString().slice(0, 10);
}

export const daysAfter = (iso: string, days: number) => new Date(Date.parse(iso) + days * DAY_MS).toISOString();
