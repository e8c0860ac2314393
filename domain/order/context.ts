import type { Catalog } from '../catalog';

/** What an operation needs besides its input: reference data, the time, new ids. */
export interface OpContext {
  catalog: Catalog;
  now: Date;
  newId: () => string;
  /** The customer a customer JWT limits the request to: other customers' tokens do not exist for it. */
  customerProfileId?: number | null;
}

export const stamp = (ctx: OpContext) => ctx.now.toISOString();
