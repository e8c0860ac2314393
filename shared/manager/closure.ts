import { z } from 'zod';
import { uuid } from '../schemas/primitives';
import { cashCount } from './schemas';

/**
 * A day close as a counter sends it to the central (POST /api/2.0/dayclosures, docs/api.md
 * §10.4): the Z report's figures, identified by the counter's close id so that sending it
 * again stores nothing new. Amounts in euro cents.
 */

/**
 * No day of one counter comes near €1,000,000,000 (10^11 cents); a number beyond it is a
 * mistake or an attack (±2^53 passes as an integer), refused like a negative amount.
 */
export const MAX_CLOSE_CENTS = 100_000_000_000;
/** Counts of payments, orders or coins: far beyond a day's, far below what sums overflow. */
const MAX_CLOSE_COUNT = 10_000_000;

const signed = z.number().int().min(-MAX_CLOSE_CENTS).max(MAX_CLOSE_CENTS);
const amount = z.number().int().min(0).max(MAX_CLOSE_CENTS);
const count = z.number().int().min(0).max(MAX_CLOSE_COUNT);
const staffRef = z.object({ staffId: z.string().min(1).max(100), name: z.string().max(200) });
const instant = z.iso.datetime({ offset: true });

/** docs/api.md §10.2: money into or out of the drawer outside a sale, and drawer openings without one. */
export const closureCashMovement = z.object({
  movementId: uuid,
  sessionId: uuid.nullable(),
  kind: z.enum(['paidIn', 'paidOut', 'drop', 'noSale']),
  amount,
  reason: z.string().min(1).max(500),
  by: staffRef,
  at: instant,
});

/** docs/api.md §10.2: one drawer session (a shift, a clerk), opened with a counted float and ended with a blind count. */
export const closureSession = z.object({
  sessionId: uuid,
  openedAt: instant,
  openedBy: staffRef,
  closedAt: instant.nullable(),
  closedBy: staffRef.nullable(),
  float: amount,
  expected: signed,
  counted: amount.nullable(),
  difference: signed.nullable(),
});

export const dayClosureInput = z.object({
  closeId: uuid,
  deviceId: z.string().min(1).max(100),
  businessDate: z.iso.date(),
  timeZone: z.string().min(1).max(64),
  openedAt: instant.nullable(),
  closedAt: instant,
  closedBy: staffRef,
  note: z.string().max(1000).nullable(),
  methods: z
    .array(
      z.object({
        paymentMethodId: z.number().int(),
        name: z.string().max(200),
        payments: amount,
        paymentCount: count,
        refunds: amount,
        refundCount: count,
        expected: signed,
      }),
    )
    .max(50),
  cash: z.object({ float: amount, expected: signed, counted: amount, difference: signed, countedByDenomination: cashCount }),
  orderCount: count,
  failedPayments: count,
  /** docs/api.md §10.2: the day's cash movements (paid in, paid out, safe drop, no sale) and drawer sessions. */
  cashMovements: z.array(closureCashMovement).max(10_000).optional(),
  sessions: z.array(closureSession).max(1000).optional(),
  /** docs/api.md §10.3: the counter's money journal's head hash after the close. */
  journalHeadHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});
export type DayClosureInput = z.infer<typeof dayClosureInput>;

export const dayClosure = dayClosureInput.extend({ touchpointId: z.number().int(), receivedOn: z.string() });
export type DayClosure = z.infer<typeof dayClosure>;

/** The central's figures beside a close (docs/api.md §10.4), computed when the close is answered. */
export const reconciliation = z.object({
  matches: z.boolean(),
  central: z.array(z.object({ paymentMethodId: z.number().int(), net: z.number().int() })),
  differences: z.array(z.object({ paymentMethodId: z.number().int(), counter: z.number().int(), central: z.number().int() })),
});
export type Reconciliation = z.infer<typeof reconciliation>;

/** A close as the central answers it: with its reconciliation (a counter reading the answer may ignore it). */
export const reconciledDayClosure = dayClosure.extend({ reconciliation });
export type ReconciledDayClosure = z.infer<typeof reconciledDayClosure>;

export const dayClosureQuery = z.object({
  touchpointId: z.coerce.number().int().optional(),
  businessDateFrom: z.iso.date().optional(),
  /** Only the closes whose figures differ from the central's (docs/api.md §10.4). */
  mismatch: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  cursor: z.string().max(500).optional(),
});
