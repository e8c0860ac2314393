import type { Fixtures, FixtureMandate, FixtureTransitToken, Product } from '../shared/schemas/reference';
import type { Language, PaymentMethod, TouchPoint } from '../shared/schemas/order';

/**
 * The reference data (docs/api.md §6) indexed for the rules. Immutable: a reload builds a new
 * Catalog, so a request in flight keeps the one it started with.
 */
export class Catalog {
  readonly products = new Map<number, Product>();
  readonly tokens = new Map<number, FixtureTransitToken>();
  readonly languages = new Map<number, Language>();
  readonly touchpoints = new Map<number, TouchPoint>();
  readonly devices = new Map<string, string | null>();
  readonly paymentMethods = new Map<number, PaymentMethod>();
  private readonly parents = new Set<number>();
  private readonly signedMandates = new Set<number>();

  constructor(readonly data: Fixtures) {
    for (const p of data.products) {
      this.products.set(p.productId, p);
      if (p.parentProductId !== null) this.parents.add(p.parentProductId);
    }
    for (const t of data.transitTokens) this.tokens.set(t.transitTokenId, t);
    for (const l of data.languages) this.languages.set(l.languageId, l);
    for (const t of data.touchpoints) this.touchpoints.set(t.salesTouchpointId, t);
    for (const d of data.devices) this.devices.set(d.externalDeviceId.toLowerCase(), d.alias);
    for (const m of data.paymentMethods) this.paymentMethods.set(m.paymentMethodId, m);
    for (const m of data.directDebitMandates) {
      if (m.mandateState === 'SIGNED') this.signedMandates.add(m.customerProfileId);
    }
  }

  isLeaf(productId: number): boolean {
    return !this.parents.has(productId);
  }

  hasSignedMandate(customerProfileId: number): boolean {
    return customerProfileId !== 0 && this.signedMandates.has(customerProfileId);
  }

  mandates(): FixtureMandate[] {
    return this.data.directDebitMandates;
  }

  deviceAlias(externalDeviceId: string): string | null {
    return this.devices.get(externalDeviceId.toLowerCase()) ?? null;
  }
}
