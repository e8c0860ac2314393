import { z } from 'zod';
import { uuid } from '../schemas/primitives';
import { cashCount } from './schemas';

/**
 * A day close as a counter sends it to the central (POST /api/2.0/dayclosures): the Z
 * report's figures, identified by the counter's close id so that sending it again stores
 * nothing new. Amounts in euro cents.
 */
const cents = z.number().int();
const count = z.number().int().min(0);
const staffRef = z.object({ staffId: z.string().min(1).max(100), name: z.string().max(200) });

export const dayClosureInput = z.object({
  closeId: uuid,
  deviceId: z.string().min(1).max(100),
  businessDate: z.iso.date(),
  timeZone: z.string().min(1).max(64),
  openedAt: z.iso.datetime({ offset: true }).nullable(),
  closedAt: z.iso.datetime({ offset: true }),
  closedBy: staffRef,
  note: z.string().max(1000).nullable(),
  methods: z
    .array(
      z.object({
        paymentMethodId: z.number().int(),
        name: z.string().max(200),
        payments: cents,
        paymentCount: count,
        refunds: cents,
        refundCount: count,
        expected: cents,
      }),
    )
    .max(50),
  cash: z.object({ float: cents, expected: cents, counted: cents, difference: cents, countedByDenomination: cashCount }),
  orderCount: count,
  failedPayments: count,
  /** docs/api.md §10.2: the day's cash movements (paid in, paid out, safe drop, no sale). */
  cashMovements: z
    .array(
      z.object({
        movementId: uuid,
        sessionId: uuid.nullable(),
        kind: z.enum(['paidIn', 'paidOut', 'drop', 'noSale']),
        amount: count,
        reason: z.string().min(1).max(500),
        by: staffRef,
        at: z.iso.datetime({ offset: true }),
      }),
    )
    .max(10_000)
    .optional(),
  /** docs/api.md §10.2: the day's drawer sessions, each with its float and blind count. */
  sessions: z
    .array(
      z.object({
        sessionId: uuid,
        openedAt: z.iso.datetime({ offset: true }),
        openedBy: staffRef,
        closedAt: z.iso.datetime({ offset: true }).nullable(),
        closedBy: staffRef.nullable(),
        float: count,
        expected: cents,
        counted: count.nullable(),
        difference: cents.nullable(),
      }),
    )
    .max(100)
    .optional(),
  /** docs/api.md §10.3: the counter's money journal's head hash after the close. */
  journalHeadHash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});
export type DayClosureInput = z.infer<typeof dayClosureInput>;

export const dayClosure = dayClosureInput.extend({ touchpointId: z.number().int(), receivedOn: z.string() });
export type DayClosure = z.infer<typeof dayClosure>;

export const dayClosureQuery = z.object({
  touchpointId: z.coerce.number().int().optional(),
  businessDateFrom: z.iso.date().optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  cursor: z.string().max(500).optional(),
});
