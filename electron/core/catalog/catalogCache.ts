import type { CounterDb as Database } from '../db/database';
import { z } from 'zod';
import type { CatalogView } from '../../../shared/ipc';
import { language, paymentMethod, touchPoint } from '../../../shared/schemas/order';
import { product, type Fixtures, type MandateRecord, type TransitTokenRecord } from '../../../shared/schemas/reference';
import { Catalog } from '../../../domain/catalog';
import { readReference, writeReference } from '../../../domain/store/sqlite/reference';
import type { CentralClient } from '../central';
import { cacheMandates, cacheTokens, cachedMandates, cachedTokens } from '../db/lookupCache';

const productsAnswer = z.object({ products: z.array(product) });
const referenceAnswer = z.object({
  languages: z.array(language),
  touchpoints: z.array(touchPoint),
  devices: z.array(z.object({ externalDeviceId: z.string(), alias: z.string().nullable() })),
  paymentMethods: z.array(paymentMethod),
});

type Source = CatalogView['source'];

const fromTokenRecord = (r: TransitTokenRecord): Fixtures['transitTokens'][number] => ({
  transitTokenId: r.transitTokenId,
  customerProfileId: r.customerProfileId,
  tokenTypeId: r.tokenType.tokenTypeId,
  xTat: r.xTat,
  xBot: r.xBot,
  alias: r.alias,
  lastDigits: r.lastDigits,
  passNumber: r.passNumber,
  tokenStatusId: r.tokenStatus.tokenStatusId,
  expirationDate: r.expirationDate,
  replacedByTokenId: r.replacedByTokenId,
});

const fromMandateRecord = (m: MandateRecord): Fixtures['directDebitMandates'][number] => ({
  directDebitMandateId: m.directDebitMandateId,
  customerProfileId: m.customerProfileId,
  billingInformationId: m.billingInformationId,
  directDebitMandateTypeId: m.directDebitMandateType.directDebitMandateTypeId,
  mandateAddressId: m.mandateAddressId,
  created: m.created,
  mandateReference: m.mandateReference,
  mandateState: m.mandateState,
  updateTimestamp: m.updateTimestamp,
});

/**
 * The counter's copy of the reference data: catalogue, languages, touchpoints and payment
 * methods from the central (or the bundled demo file on a first run without one), plus the
 * tokens and mandates seen through lookups, so the local rules judge orders as the central will.
 */
export class CatalogCache {
  /** Built from the database once, and again only after a write. */
  private loaded: { catalog: Catalog; refreshedAt: string; source: Source } | null = null;

  constructor(private readonly db: Database) {}

  isEmpty(): boolean {
    return readReference(this.db) === undefined;
  }

  private load() {
    if (!this.loaded) {
      const row = readReference(this.db);
      const reference = row ? (JSON.parse(row.doc) as Fixtures) : ({} as Partial<Fixtures>);
      const catalog = new Catalog({
        languages: reference.languages ?? [],
        touchpoints: reference.touchpoints ?? [],
        devices: reference.devices ?? [],
        paymentMethods: reference.paymentMethods ?? [],
        products: reference.products ?? [],
        transitTokens: cachedTokens(this.db).map((c) => fromTokenRecord(c.record)),
        directDebitMandates: cachedMandates(this.db).map((c) => fromMandateRecord(c.record)),
      });
      this.loaded = { catalog, refreshedAt: row?.loadedOn ?? '', source: (row?.source as Source | undefined) ?? 'bundled demo' };
    }
    return this.loaded;
  }

  current(): Catalog {
    return this.load().catalog;
  }

  view(): CatalogView {
    const { catalog, refreshedAt, source } = this.load();
    const c = catalog.data;
    return {
      products: c.products,
      languages: c.languages,
      touchpoints: c.touchpoints,
      paymentMethods: c.paymentMethods,
      refreshedAt,
      source,
    };
  }

  private save(reference: Omit<Fixtures, 'transitTokens' | 'directDebitMandates'>, source: Source, at: string) {
    writeReference(this.db, reference, source, at);
    this.loaded = null;
  }

  /** First run without any central: the bundled demo data, its tokens and mandates as if looked up. */
  seed(fixtures: Fixtures, at: string, toRecords: { tokens: TransitTokenRecord[]; mandates: MandateRecord[] }) {
    const { transitTokens: _t, directDebitMandates: _m, ...reference } = fixtures;
    this.db.transaction(() => {
      this.save(reference, 'bundled demo', at);
      cacheTokens(this.db, toRecords.tokens, at);
      cacheMandates(this.db, toRecords.mandates, at);
    })();
  }

  remember(tokens: TransitTokenRecord[], mandates: MandateRecord[], at: string) {
    if (tokens.length > 0) cacheTokens(this.db, tokens, at);
    if (mandates.length > 0) cacheMandates(this.db, mandates, at);
    this.loaded = null;
  }

  /** Refreshes the catalogue from the central; false when it could not be reached. */
  async refresh(client: CentralClient, at: string): Promise<boolean> {
    const [products, reference] = await Promise.all([
      client.request('GET', `${client.orderBase}/products`, productsAnswer),
      client.request('GET', `${client.orderBase}/referencedata`, referenceAnswer),
    ]);
    if (products.kind !== 'ok' || reference.kind !== 'ok') return false;
    this.save(
      { ...reference.value, products: products.value.products } as Omit<Fixtures, 'transitTokens' | 'directDebitMandates'>,
      'central',
      at,
    );
    return true;
  }
}
