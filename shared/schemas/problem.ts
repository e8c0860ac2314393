import { z } from 'zod';

/** docs/api.md §0.7 / docs/api.md §5: the body of every 4xx and 5xx answer. */
export const problemError = z.object({
  detail: z.string(),
  pointer: z.string(),
  transitTokenId: z.number().int().optional(),
  /** A card's status, where a card operation is refused for it (docs/api.md §12.1). */
  tokenStatusId: z.number().int().optional(),
  productId: z.number().int().optional(),
  orderStatusId: z.number().int().optional(),
  orderId: z.string().optional(),
  /** The line already holding a repeated externalOrderLineId (docs/api.md §8). */
  orderLineId: z.string().optional(),
  /** The payment or refund already holding a repeated operatorPaymentReference (docs/api.md §8). */
  paymentId: z.string().optional(),
  /** Cents, where the refusal is about money (settled money still on an order). */
  amount: z.number().int().optional(),
  /** The day close already stored for that touchpoint and day, or under that id (docs/api.md §10.4). */
  closeId: z.string().optional(),
});

export const problem = z.object({
  type: z.string(),
  title: z.string(),
  detail: z.string(),
  instance: z.string(),
  errors: z.array(problemError),
});

export type ProblemError = z.infer<typeof problemError>;
export type Problem = z.infer<typeof problem>;
