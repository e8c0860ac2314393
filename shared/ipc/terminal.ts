import { z } from 'zod';
import { uuid } from '../schemas/primitives';
import { channel } from './declare';
import { orderId, type CounterOrder } from './sale';

/**
 * The payment terminal (docs/api.md §9.2, docs/counter.md §15): a PIN payment is started here
 * and settled only by the terminal's answer, which the main process waits for and pushes as
 * 'terminal.progress' and 'orders.changed'.
 */

export { TERMINAL_ERRORS, type TerminalError } from '../terminalErrors';
import type { TerminalError } from '../terminalErrors';

/**
 * Where a PIN payment stands with the terminal: `card` the terminal asks for the card,
 * `unknown` the answer did not come and the counter asks the terminal until it knows,
 * `stopping` the clerk stopped it and the terminal has not yet said it was not approved.
 */
export type TerminalStage = 'card' | 'unknown' | 'stopping' | 'approved' | 'declined';

export interface TerminalProgress {
  orderId: string;
  paymentId: string;
  stage: TerminalStage;
  /** With `declined`: the terminal's reason. */
  error?: TerminalError | null;
}

/** What the counter holds of one PIN payment's exchange with the terminal. */
export interface TerminalPayment {
  paymentId: string;
  stage: TerminalStage;
  error: TerminalError | null;
  /** The terminal's receipt, decoded as "name: value" lines (docs/api.md §9.2); empty until approved. */
  receipt: string[];
  /** Confirmed by the clerk on a stand-alone terminal (no terminal configured). */
  manual: boolean;
}

/** What this counter has for a terminal: `nexo` a terminal (or the simulator), `none` a stand-alone one the clerk confirms. */
/** The brands of terminal the counter has a driver for (electron/core/terminal/<brand>/), named by `terminal.brand` (docs/api.md §9.1). */
export const TERMINAL_BRANDS = ['nexo'] as const;
export type TerminalBrand = (typeof TERMINAL_BRANDS)[number];

export interface TerminalSetup {
  kind: TerminalBrand | 'none';
}

/** One side's PIN totals: payments taken and given back, in cents, and how many. */
export interface PinTotals {
  debitCount: number;
  debitAmount: number;
  refundCount: number;
  refundAmount: number;
}

/** The terminal's totals beside the counter's own (docs/api.md §9.2): read at X, the period closed at Z. */
export interface TerminalTotals {
  terminal: PinTotals | null;
  counter: PinTotals;
  /** Confirmed by hand on a stand-alone terminal: apart from the terminal's. */
  manual: PinTotals;
  /** terminal net − counter net (cents); null without the terminal's totals. */
  difference: number | null;
  /** The terminal's reason when it gave no totals. */
  error: TerminalError | 'unreachable' | null;
}

/** The terminal's period closed by the day close (Z), kept with the day: when, and what it said (or why it said nothing). */
export type DayTerminalTotals = TerminalTotals & { at: string };

const paymentId = z.object({ paymentId: uuid });

export const terminalChannels = {
  'terminal.setup': channel<TerminalSetup>()({ input: z.object({}), access: 'clerk', kind: 'read' }),
  /** Starts a PIN payment of what the order still owes: PENDING until the terminal answers. */
  'terminal.pay': channel<CounterOrder>()({ input: orderId, access: 'clerk', kind: 'change' }),
  /** The clerk stops a waiting payment: FAILED once the terminal says it was not approved. */
  'terminal.stop': channel<TerminalPayment>()({ input: paymentId, access: 'clerk', kind: 'change' }),
  'terminal.payment': channel<TerminalPayment | null>()({ input: paymentId, access: 'clerk', kind: 'read' }),
  /** No terminal: the clerk confirms the stand-alone terminal approved it; recorded as manual, audited. */
  'terminal.confirmManual': channel<CounterOrder>()({
    input: paymentId,
    access: 'clerk',
    kind: 'change',
    audit: {
      act: { en: 'PIN approved on the stand-alone terminal', nl: 'PIN goedgekeurd op de losse pinautomaat' },
      recorded: 'always',
    },
  }),
  /** Gives back (part of) a PIN payment: the terminal reverses it first (ReversalRequest), then the refund is recorded (docs/api.md §7.1). */
  'terminal.refund': channel<CounterOrder>()({
    input: paymentId.extend({ amountDebit: z.number().int().positive(), reason: z.string().trim().min(1).max(500) }),
    access: 'manager',
    kind: 'change',
    audit: {
      act: { en: 'PIN refund', nl: 'PIN-terugbetaling' },
      words: { en: 'PIN refund of {amount}', nl: 'PIN-terugbetaling van {amount}' },
      values: ({ amountDebit }) => ({ amount: { money: amountDebit } }),
      note: ({ reason }) => reason,
      recorded: 'always',
    },
  }),
  /**
   * The terminal's totals beside the counter's: `close` false at X (GetTotals), true at Z
   * (Reconciliation). With `businessDate` of a closed day, a Reconciliation is kept with that
   * day's Z (the day close's own failed, and the manager closes the terminal's period again).
   */
  'terminal.totals': channel<TerminalTotals>()({
    input: z.object({ from: z.iso.datetime(), to: z.iso.datetime(), close: z.boolean(), businessDate: z.iso.date().optional() }),
    access: 'manager',
    kind: 'change',
    audit: {
      act: { en: "The terminal's totals", nl: 'Totalen van de pinautomaat' },
      words: { en: "The terminal's totals: {what}", nl: 'Totalen van de pinautomaat: {what}' },
      values: ({ close }) => ({ what: close ? { en: 'period closed', nl: 'periode afgesloten' } : { en: 'read', nl: 'gelezen' } }),
      recorded: 'always',
    },
  }),
  /** The settings' terminal test: asks the terminal's totals without closing anything. */
  'terminal.test': channel<{ reachable: boolean; error: TerminalError | 'unreachable' | null }>()({
    input: z.object({}),
    access: 'manager',
    kind: 'change',
    audit: { act: { en: 'Terminal test', nl: 'Test van de pinautomaat' }, recorded: 'refusals' },
  }),
} as const;
