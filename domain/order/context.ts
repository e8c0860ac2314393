import type { Catalog } from '../catalog';

/** What an operation needs besides its input: reference data, the time, new ids. */
export interface OpContext {
  catalog: Catalog;
  now: Date;
  newId: () => string;
  /** The customer a customer JWT limits the request to: other customers' tokens do not exist for it. */
  customerProfileId?: number | null;
  /** The caller's token's `sub` claim, kept with a refund it makes (docs/api.md §7.1). */
  sub?: string | null;
}

export const stamp = (ctx: OpContext) => ctx.now.toISOString();
