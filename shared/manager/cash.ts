import { z } from 'zod';
import type { Actor } from './types';
import { cashCount, type CashCount } from './schemas';

/**
 * Cash without a sale and the drawer's sessions (docs/api.md §10.2): the inputs of the cash
 * channels and what they answer. Amounts in cents.
 */

export const MOVEMENT_KINDS = ['paidIn', 'paidOut', 'drop'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number] | 'noSale';

const reason = z.string().trim().min(1, 'a reason is required').max(500);
/** At most €100,000 in one movement: a typo of a few zeros is refused, not booked. */
const amount = z.number().int().min(1).max(10_000_000);

export const sessionOpenInput = z.object({ float: cashCount });
/** A blind count: the count comes first; the expected amount is shown only in the answer. */
export const sessionCloseInput = z.object({ counted: cashCount, note: z.string().trim().max(1000).default('') });
export const cashMoveInput = z.object({ kind: z.enum(MOVEMENT_KINDS), amount, reason });
export const noSaleInput = z.object({ reason });

export interface CashMovement {
  movementId: string;
  sessionId: string | null;
  kind: MovementKind;
  amount: number;
  reason: string;
  by: Actor;
  at: string;
}

/** A session while it is open: no expected amount, so the count stays blind. */
export interface OpenSession {
  sessionId: string;
  businessDate: string;
  openedAt: string;
  openedBy: Actor;
  float: number;
}

/** A session's figures (a closed one's, or in X and Z). */
export interface SessionFigures extends OpenSession {
  closedAt: string | null;
  closedBy: Actor | null;
  /** Settled cash in less cash out, as handed over (rounded). */
  cashSales: number;
  /** The rounding within cashSales: rounded − exact. */
  rounding: number;
  paidIn: number;
  paidOut: number;
  drops: number;
  noSales: number;
  /** float + cashSales + paidIn − paidOut − drops. */
  expected: number;
  counted: number | null;
  countedByDenomination: CashCount | null;
  difference: number | null;
}

export interface DrawerView {
  businessDate: string;
  /** The open session, if any; its expected amount is not shown until it is counted. */
  session: OpenSession | null;
  /** The day's sessions already closed, with their figures (counted, so no longer blind). */
  closedSessions: SessionFigures[];
  movements: CashMovement[];
}

/** The business day sales go into now (docs/api.md §10.2) and whether it is closed. */
export interface BusinessDay {
  businessDate: string;
  closed: boolean;
}
