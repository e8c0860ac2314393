import type { Catalog } from '../catalog';

/** What an operation needs besides its input: reference data, the time, new ids. */
export interface OpContext {
  catalog: Catalog;
  now: Date;
  newId: () => string;
}

export const stamp = (ctx: OpContext) => ctx.now.toISOString();
