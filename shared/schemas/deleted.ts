import { z } from 'zod';
import { pageFields } from './order';
import { intParam, timestamp } from './primitives';

/** GET /deletedorders (docs/api.md §8): the tombstones of deleted orders, paged like GET /orders' changes. */
export const deletedOrderQuery = z.object({
  updatedAfter: timestamp.optional().describe('inclusive: deletions stamped at or after this time'),
  touchpointId: intParam.optional().describe('only orders of this touchpoint (an extension)'),
  limit: intParam.pipe(z.number().min(1).max(1000)).optional(),
  cursor: z.string().max(500).optional(),
});

export const deletedOrder = z.object({
  orderId: z.string(),
  externalOrderId: z.string().nullable(),
  touchpointId: z.number().int(),
  deletedOn: z.string().describe("the central's change stamp of the deletion, from the same clock as lastUpdatedOn"),
});

export const deletedOrderList = z.object({ deletedOrders: z.array(deletedOrder), ...pageFields });

export type DeletedOrderQuery = z.output<typeof deletedOrderQuery>;
export type DeletedOrderList = z.infer<typeof deletedOrderList>;
