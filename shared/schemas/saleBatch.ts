import { z } from 'zod';
import { order } from './order';
import { problem } from './problem';
import { createOrderInput, paymentInput } from './requests';

/** docs/api.md §0.8: sales in one POST /salebatches. */
export const MAX_BATCH_SALES = 200;

/**
 * One sale's whole story, made offline (docs/api.md §4, §8): the create, its payments in
 * order, and whether it was delivered. Each part is what its single request would carry.
 */
export const saleInput = z.object({
  order: createOrderInput,
  payments: z.array(paymentInput).max(20),
  deliver: z.boolean(),
});

export const saleBatchInput = z.object({ sales: z.array(saleInput).min(1).max(MAX_BATCH_SALES) });

/** A sale's answer: the order as the central holds it, or the problem its refused request answered. */
export const saleResult = z.discriminatedUnion('status', [
  z.object({ status: z.literal(200), order }),
  z.object({ status: z.union([z.literal(400), z.literal(403), z.literal(404), z.literal(409)]), problem }),
]);

export const saleBatchAnswer = z.object({ results: z.array(saleResult) });

export type SaleInput = z.input<typeof saleInput>;
export type SaleResult = z.infer<typeof saleResult>;
