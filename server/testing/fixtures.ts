import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoFixturesPath, loadFixturesFile } from '../../domain/fixtures';
import type { Fixtures } from '../../shared/schemas/reference';

/**
 * A reference data file that shares nothing with the demo's: other ids, names, prices,
 * tax rates, customers and dates. The suites run against both, so a demo value hard-coded
 * anywhere in the service makes one of the two runs fail.
 */

type Requires = Fixtures['products'][number]['requires'];
const needs = (...keys: (keyof Requires)[]): Requires => ({
  token: keys.includes('token'),
  registeredToken: keys.includes('registeredToken'),
  birthdate: keys.includes('birthdate'),
  validFrom: keys.includes('validFrom'),
  mandate: keys.includes('mandate'),
});

function product(
  productId: number,
  productName: string,
  amountInclTax: number,
  rest: Partial<Fixtures['products'][number]> = {},
): Fixtures['products'][number] {
  return {
    productId,
    parentProductId: null,
    productName,
    productDescription: `${productName} (test catalogue)`,
    fikoArticleNumber: `ART-${productId}`,
    taxCode: 'T21',
    taxPercentage: 21,
    amountInclTax,
    termsUrls: [`https://terms.test/${productId}`],
    tokenTypeIds: [],
    requires: needs(),
    ageProfile: null,
    validityDays: null,
    ...rest,
  };
}

function token(
  transitTokenId: number,
  customerProfileId: number,
  tokenTypeId: number,
  tokenStatusId: number,
  expirationDate: string,
  replacedByTokenId: number | null = null,
): Fixtures['transitTokens'][number] {
  const hex = transitTokenId.toString(16).padStart(12, '0');
  return {
    transitTokenId,
    customerProfileId,
    tokenTypeId,
    xTat: `a1b2c3d4-0000-4000-8000-${hex}`,
    xBot: `b1b2c3d4-0000-4000-8000-${hex}`,
    alias: `Card ${transitTokenId}`,
    lastDigits: transitTokenId % 10_000,
    passNumber:
      tokenTypeId === 1 ? null : `6064 7700 ${String(transitTokenId).slice(0, 4)} ${String(transitTokenId % 10_000).padStart(4, '0')}`,
    tokenStatusId,
    expirationDate,
    replacedByTokenId,
  };
}

export function otherFixtures(): Fixtures {
  return {
    languages: [
      { languageId: 31, name: 'Deutsch', iso639Code: 'de', ietfCode: 'de-DE' },
      { languageId: 32, name: 'Français', iso639Code: 'fr', ietfCode: 'fr-BE' },
    ],
    touchpoints: [
      { salesTouchpointId: 501, name: 'Ticket office North', isActive: true, retailerId: 7 },
      { salesTouchpointId: 502, name: 'Harbour kiosk', isActive: true, retailerId: 8 },
      { salesTouchpointId: 509, name: 'Closed kiosk', isActive: false, retailerId: 7 },
    ],
    devices: [{ externalDeviceId: 'c0ffee00-1111-4222-8333-444455556666', alias: 'North till A' }],
    paymentMethods: [
      { paymentMethodId: 41, name: 'Cash', provider: 'till' },
      { paymentMethodId: 42, name: 'Direct debit', provider: 'sepa-x' },
    ],
    products: [
      // A parent priced on purpose: a line on it must still cost nothing.
      product(9100, 'Zone pass', 12_345, { tokenTypeIds: [3] }),
      product(9101, 'Zone pass one zone', 2210, {
        parentProductId: 9100,
        tokenTypeIds: [3],
        requires: needs('validFrom'),
        validityDays: 7,
      }),
      product(9102, 'Zone pass two zones', 3180, { parentProductId: 9100, tokenTypeIds: [3], requires: needs('validFrom') }),
      product(9200, 'Single ticket', 275, { taxPercentage: 6, taxCode: 'T6' }),
      product(9201, 'Day return', 515, { taxPercentage: null, taxCode: null, requires: needs('validFrom'), validityDays: 2 }),
      product(9300, 'Anonymous card top-up', 2000, { tokenTypeIds: [1, 3], requires: needs('token') }),
      product(9400, 'Registered top-up', 1500, { tokenTypeIds: [1, 2, 3], requires: needs('token', 'registeredToken') }),
      product(9500, 'Photo card', 1120, { tokenTypeIds: [3], requires: needs('token', 'birthdate') }),
      product(9600, 'Senior season', 4599, {
        tokenTypeIds: [2, 3],
        requires: needs('token', 'registeredToken', 'birthdate', 'validFrom', 'mandate'),
        ageProfile: { ageFromInclusive: 60, ageToInclusive: 130 },
        validityDays: 90,
      }),
      product(9700, 'Commuter direct debit', 8950, {
        tokenTypeIds: [1, 2, 3],
        requires: needs('token', 'registeredToken', 'validFrom', 'mandate'),
        validityDays: 31,
        refundFeeInclTax: 250,
      }),
      product(9800, 'Youth day', 333, {
        tokenTypeIds: [1, 2, 3],
        requires: needs('validFrom'),
        ageProfile: { ageFromInclusive: 4, ageToInclusive: 17 },
        validityDays: 1,
      }),
      product(9900, 'Replacement card', 1399, { taxPercentage: null, taxCode: null, role: 'replacementFee' }),
    ],
    transitTokens: [
      token(42001, 77001, 3, 2, '2034-12-31T23:59:59Z'),
      token(42002, 77002, 2, 2, '2031-05-10T12:00:00Z'),
      token(42003, 77003, 1, 5, '2035-01-31T23:59:59Z'),
      token(42004, 77002, 3, 4, '2033-07-01T00:00:00Z'),
      token(42005, 77004, 1, 2, '2033-03-15T23:59:59Z'),
      token(42006, 77004, 2, 3, '2032-01-01T00:00:00Z', 42005),
    ],
    directDebitMandates: [
      mandate(61001, 77001, 4, 'SIGNED', '2030-01-05T10:00:00Z', '2030-01-05T10:05:00Z'),
      mandate(61002, 77002, 1, 'PREPARED', '2030-06-01T08:00:00Z', '2030-06-01T08:00:00Z'),
      mandate(61003, 77004, 2, 'CANCELLED', '2029-03-03T09:00:00Z', '2030-11-11T11:00:00Z'),
    ],
  };
}

function mandate(
  directDebitMandateId: number,
  customerProfileId: number,
  directDebitMandateTypeId: number,
  mandateState: 'SIGNED' | 'PREPARED' | 'CANCELLED',
  created: string,
  updateTimestamp: string,
): Fixtures['directDebitMandates'][number] {
  return {
    directDebitMandateId,
    customerProfileId,
    billingInformationId: directDebitMandateId + 100,
    directDebitMandateTypeId,
    mandateAddressId: directDebitMandateId + 200,
    created,
    mandateReference: `REF-${customerProfileId}-${directDebitMandateId}`,
    mandateState,
    updateTimestamp,
  };
}

/** A temporary folder, removed by the returned function. */
export function tempDir(prefix = 'central-test-'): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function writeFixturesFile(dir: string, value: unknown, name = 'fixtures.json'): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(value, null, 2));
  return file;
}

/** A catalogue the suites run against, with the frozen "now" its tokens' dates suit. */
export interface Scenario {
  name: string;
  now: string;
  fixtures: Fixtures;
}

let otherScenario: Scenario | undefined;

/**
 * The two catalogues: the bundled demo file and the other one, written to a file and read
 * back through the same loader the service uses.
 */
export function scenarios(): Scenario[] {
  if (!otherScenario) {
    const tmp = tempDir();
    try {
      const file = writeFixturesFile(tmp.dir, otherFixtures());
      otherScenario = { name: 'other fixtures', now: '2031-03-02T08:30:00.000Z', fixtures: loadFixturesFile(file) };
    } finally {
      tmp.remove();
    }
  }
  return [{ name: 'demo fixtures', now: '2026-06-01T09:00:00.000Z', fixtures: loadFixturesFile(demoFixturesPath()) }, otherScenario];
}
