import type { Catalog } from '../../../domain/catalog';

/**
 * A counter sells for the touchpoint its token names, whether or not its reference data lists
 * it (docs/api.md §11.1): one the cached reference data does not know yet (a counter enrolled
 * offline, before the central's reference data came) is added under a plain name until it does.
 */
export function ensureTouchpoint(catalog: Catalog, touchpointId: number): Catalog {
  if (touchpointId > 0 && !catalog.touchpoints.has(touchpointId)) {
    const retailerId = [...catalog.touchpoints.values()][0]?.retailerId ?? 1;
    catalog.touchpoints.set(touchpointId, {
      salesTouchpointId: touchpointId,
      name: `Touchpoint ${touchpointId}`,
      isActive: true,
      retailerId,
    });
  }
  return catalog;
}
