import type { OrderFilter } from '../types';

/** The GET /orders filters whose plans the backends' tests ask for (listing.ts). */

export const T = '2031-01-01T00:00:00.000Z';
export const LATER = { key: '2031-06-01T00:00:00.000Z', orderId: 'o-5' };

/** Each filter alone, and the pairs a client sends (a counter pulls its touchpoint's changes). */
export const FILTERS: Record<string, OrderFilter> = {
  none: {},
  orderId: { orderId: 'o-1' },
  orderNumber: { orderNumber: 'n-1' },
  externalOrderId: { externalOrderId: 'e-1' },
  createdAfter: { createdAfter: T },
  createdBefore: { createdBefore: T },
  createdRange: { createdAfter: T, createdBefore: LATER.key },
  updatedAfter: { updatedAfter: T },
  updatedBefore: { updatedBefore: T },
  updatedRange: { updatedAfter: T, updatedBefore: LATER.key },
  oneStatus: { orderStatusId: [6] },
  openStatuses: { orderStatusId: [1, 2, 3] },
  customer: { customerProfileId: 5 },
  transitTokenIds: { transitTokenIds: [880001] },
  touchpoint: { touchpointId: 10 },
  touchpointChanges: { touchpointId: 10, updatedAfter: T },
  customerChanges: { customerProfileId: 5, updatedAfter: T },
  statusChanges: { orderStatusId: [4, 5], updatedAfter: T },
};

/** Filters that name one order or one card: the few rows they find are sorted, as many as that card has orders. */
export const LOOKUPS = new Set(['orderId', 'orderNumber', 'externalOrderId', 'transitTokenIds']);
/** No filter on the rows, or one on the other time stamp than the sort key: read in sort order from the newest, stopping at the page. */
export const WALKS_SORT_INDEX = new Set(['none', 'updatedBefore']);
