import type { LookupAnswer } from '../../../shared/ipc';
import { mandateList, transitTokenList, type MandateRecord, type TransitTokenRecord } from '../../../shared/schemas/reference';
import type { MandateQuery, TransitTokenQuery } from '../../../shared/schemas/requests';
import { findMandates, findTransitTokens } from '../../../domain/lookup';
import type { CatalogCache } from '../catalog';
import type { CentralClient } from '../central';
import { cachedMandates, cachedTokens, type Cached } from '../db/lookupCache';
import type { CounterDb as Database } from '../db/database';

function toParams(query: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  return params;
}

function ageOf<T>(records: T[], cached: Cached<T>[], idOf: (r: T) => number, now: Date): number | null {
  const wanted = new Set(records.map(idOf));
  const times = cached.filter((c) => wanted.has(idOf(c.record))).map((c) => Date.parse(c.fetchedAt));
  if (times.length === 0) return null;
  return Math.round((now.getTime() - Math.min(...times)) / 1000);
}

/**
 * Token and mandate lookups: the central's lookup interface when it answers (its records
 * are kept for later), else the local cache, marked stale with its age.
 */
export class Lookups {
  constructor(
    private readonly db: Database,
    private readonly catalog: CatalogCache,
    readonly client: () => CentralClient,
    private readonly now: () => Date,
  ) {}

  async tokens(query: Partial<TransitTokenQuery>): Promise<LookupAnswer<TransitTokenRecord>> {
    const client = this.client();
    const answer = await client.request('GET', `${client.lookupBase}/transittokens?${toParams(query)}`, transitTokenList);
    if (answer.kind === 'ok') {
      this.catalog.remember(answer.value.transitTokens, [], this.now().toISOString());
      return { records: answer.value.transitTokens, source: 'central', stale: false, ageSeconds: 0 };
    }
    const records = findTransitTokens(this.catalog.current(), query);
    return {
      records,
      source: 'cache',
      stale: true,
      ageSeconds: ageOf(records, cachedTokens(this.db), (r) => r.transitTokenId, this.now()),
    };
  }

  async mandates(query: Partial<MandateQuery>): Promise<LookupAnswer<MandateRecord>> {
    const client = this.client();
    const answer = await client.request('GET', `${client.lookupBase}/directdebitmandates?${toParams(query)}`, mandateList);
    if (answer.kind === 'ok') {
      this.catalog.remember([], answer.value, this.now().toISOString());
      return { records: answer.value, source: 'central', stale: false, ageSeconds: 0 };
    }
    const records = findMandates(this.catalog.current(), query);
    return {
      records,
      source: 'cache',
      stale: true,
      ageSeconds: ageOf(records, cachedMandates(this.db), (r) => r.directDebitMandateId, this.now()),
    };
  }

  /**
   * Before a line with registered tokens is judged locally: makes sure those tokens and
   * their owners' mandates are known, so MANDATE_REQUIRED and token errors match the central's.
   */
  async prepare(transitTokenIds: number[]): Promise<void> {
    const catalog = this.catalog.current();
    const unknown = transitTokenIds.filter((id) => !catalog.tokens.has(id));
    await Promise.all(unknown.map((id) => this.tokens({ transitTokenId: id })));
    const owners = new Set(
      transitTokenIds.map((id) => this.catalog.current().tokens.get(id)?.customerProfileId).filter((c): c is number => c !== undefined),
    );
    await Promise.all([...owners].map((customerProfileId) => this.mandates({ customerProfileId })));
  }
}
