import { z } from 'zod';
import { calendarDate, uuid } from './primitives';
import { transitTokenRecord } from './reference';

/** docs/api.md §12: the card operations' requests and answers, for the central's routes and the counter alike. */

export const BLOCK_REASONS = ['LOST', 'STOLEN', 'DEFECTIVE', 'OTHER'] as const;
export type BlockReason = (typeof BLOCK_REASONS)[number];

export const CARD_EVENT_TYPES = ['BLOCKED', 'UNBLOCKED', 'REPLACED', 'REPLACES', 'PRODUCTS_MOVED', 'EPURSE_MOVED'] as const;
export type CardEventType = (typeof CARD_EVENT_TYPES)[number];

export const transitTokenIdParams = z.object({
  transitTokenId: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});

export const blockInput = z.object({
  requestId: uuid,
  reason: z.enum(BLOCK_REASONS),
  note: z.string().trim().max(500).optional(),
});
export const unblockInput = z.object({ requestId: uuid });

/** 16 digits, spaces anywhere ignored (docs/api.md §12.2). */
export const passNumberInput = z
  .string()
  .transform((s) => s.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{16}$/, 'a pass number has 16 digits'));

export const replacementFee = z.union([
  z.object({ orderId: uuid }).strict(),
  z.object({ waived: z.string().trim().min(1, 'a waived fee needs a reason').max(500) }).strict(),
]);

export const replacementInput = z.object({
  requestId: uuid,
  passNumber: passNumberInput,
  tokenTypeId: z.number().int().default(2),
  fee: replacementFee,
});

export const cardEvent = z.object({
  type: z.enum(CARD_EVENT_TYPES),
  at: z.string(),
  touchpointId: z.number().int(),
  sub: z.string().nullable(),
  requestId: z.string(),
  reason: z.string().optional(),
  note: z.string().optional(),
  transitTokenId: z.number().int().optional(),
});
export const cardEvents = z.object({ events: z.array(cardEvent) });

export const runningProduct = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  orderLineId: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
  amountInclTax: z.number().int(),
  movedFrom: z.number().int().nullable(),
});
export const runningProducts = z.object({ products: z.array(runningProduct) });

export const replacementAnswer = z.object({
  old: transitTokenRecord,
  new: transitTokenRecord,
  moved: z.object({
    products: z.array(runningProduct),
    ePurse: z.object({ currency: z.string(), amount: z.number().int() }).nullable(),
  }),
});

export const refundQuoteQuery = z.object({ on: calendarDate.optional() });
export const refundQuote = z.object({
  orderLineId: z.string(),
  amountInclTax: z.number().int(),
  validFrom: z.string(),
  validUntil: z.string().nullable(),
  daysTotal: z.number().int(),
  daysUsed: z.number().int(),
  daysLeft: z.number().int(),
  fee: z.number().int(),
  refundable: z.number().int(),
});

export type BlockInput = z.output<typeof blockInput>;
export type UnblockInput = z.output<typeof unblockInput>;
export type ReplacementInput = z.output<typeof replacementInput>;
export type CardEvent = z.infer<typeof cardEvent>;
export type RunningProduct = z.infer<typeof runningProduct>;
export type ReplacementAnswer = z.infer<typeof replacementAnswer>;
export type RefundQuote = z.infer<typeof refundQuote>;
