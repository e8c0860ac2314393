import { z } from 'zod';
import { uuid } from '../schemas/primitives';

/**
 * The inputs of the manager's channels (review, day close, reports, audit): zod schemas the
 * dispatch checks before any handler runs. Amounts are euro cents, as everywhere in the order
 * interface; days are calendar days (YYYY-MM-DD) in the counter's time zone.
 */

/** EUR notes and coins, in cents: what a drawer is counted in. */
export const DENOMINATIONS = [50000, 20000, 10000, 5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5, 2, 1] as const;
export type Denomination = (typeof DENOMINATIONS)[number];
/** The denominations in Dutch circulation: no 1 and 2 cent coins (docs/api.md §10.1); a count offers these by default. */
export const DUTCH_DENOMINATIONS = DENOMINATIONS.filter((d) => d >= 5);
const denominationKey = z.enum(DENOMINATIONS.map(String) as [string, ...string[]]);
/** How many of each note and coin were counted ({"2000": 3, "50": 7}); missing ones are 0. */
export const cashCount = z.partialRecord(denominationKey, z.number().int().min(0).max(100_000));
export type CashCount = z.infer<typeof cashCount>;

/** What a count of notes and coins is worth, in cents. */
export function cashTotal(count: CashCount): number {
  return DENOMINATIONS.reduce((total, d) => total + d * (count[String(d)] ?? 0), 0);
}

export const SYNC_STATES = ['pending', 'synced', 'rejected', 'central'] as const;
const day = z.iso.date();

/** A range of calendar days, both ends included; `to` defaults to `from`. At most 366 days. */
export const dayRange = z
  .object({ from: day, to: day.optional() })
  .transform(({ from, to }) => ({ from, to: to ?? from }))
  .refine(({ from, to }) => from <= to, { message: 'the range ends before it starts', path: ['to'] })
  .refine(({ from, to }) => Date.parse(to) - Date.parse(from) <= 365 * 86_400_000, { message: 'at most 366 days', path: ['to'] });

export const orderFilters = z.object({
  statusIds: z.array(z.number().int().min(1).max(6)).max(6).optional(),
  staffId: z.string().min(1).max(100).optional(),
  productId: z.number().int().optional(),
  paymentMethodId: z.number().int().optional(),
  syncStates: z.array(z.enum(SYNC_STATES)).max(4).optional(),
  /** An xTat, a pass number or the last digits of a bank card (spaces ignored). */
  token: z.string().trim().min(1).max(100).optional(),
});
export type OrderFilters = z.infer<typeof orderFilters>;

/** An opaque position in a list, as the previous page answered it. */
const cursor = z.string().min(1).max(300).nullable().default(null);

export const managerOrdersInput = z.object({
  range: dayRange,
  filters: orderFilters.default({}),
  cursor,
  limit: z.number().int().min(1).max(200).default(50),
});

export const staleCancelInput = z.object({ orderIds: z.array(uuid).min(1).max(500) });

export const dayOpenInput = z.object({ float: cashCount });
export const dayCloseInput = z.object({
  counted: cashCount,
  /** Required when the counted cash differs from the expected cash. */
  note: z.string().trim().max(1000).default(''),
});
export const businessDayInput = z.object({ businessDate: day });
export const dayListInput = z.object({ before: day.optional(), limit: z.number().int().min(1).max(366).default(31) });

export const REPORTS = ['orders', 'summary', 'zReport', 'audit'] as const;
export type ReportName = (typeof REPORTS)[number];
export const EXPORT_FORMATS = ['csv', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const reportsSummaryInput = z.object({ range: dayRange });
/** The manager's language, passed from the screen: an export's every word is in it (docs/counter.md §10, "Exports"). */
const exportAsked = { format: z.enum(EXPORT_FORMATS), language: z.enum(['nl', 'en']).default('en') };
export const reportsExportInput = z.discriminatedUnion('report', [
  z.object({ report: z.literal('orders'), ...exportAsked, range: dayRange, filters: orderFilters.default({}) }),
  z.object({ report: z.literal('summary'), ...exportAsked, range: dayRange }),
  z.object({ report: z.literal('zReport'), ...exportAsked, businessDate: day }),
  z.object({ report: z.literal('audit'), ...exportAsked, range: dayRange }),
]);

export const auditListInput = z.object({
  range: dayRange,
  staffId: z.string().min(1).max(100).optional(),
  orderId: uuid.optional(),
  cursor,
  limit: z.number().int().min(1).max(200).default(50),
});
