import type { DeviceState } from '../../../shared/devices';
import type { PinTotals, TerminalError } from '../../../shared/ipc/terminal';
import type { Outcome } from '../../../shared/outcome';

/**
 * The payment terminal as the counter uses it (docs/api.md §9.2), in the house's words: one
 * port, whatever the brand behind it. Each brand's driver lives in a folder of its own
 * (`nexo/`, for a real terminal and the built-in simulator alike) and is chosen by the machine's
 * configuration (`terminal.brand`, setup.ts). Every call answers what the terminal said, or that
 * no answer came (`unknown`); none throws, none guesses.
 */

/** The terminal's own reference of a transaction it made, and when: what a reversal names. */
export interface TerminalTransaction {
  reference: string;
  at: string;
}

/** A payment's outcome as far as the terminal told it: approved (with its receipt lines), declined, or unknown (yet). */
export type PaymentOutcome = Outcome<{ transaction: TerminalTransaction; receipt: string[] }, { error: TerminalError }>;

/** A reversal's outcome as far as the terminal told it: given back, refused, or unknown (yet). */
export type ReversalOutcome = Outcome<true, { error: TerminalError }>;

/** The terminal's answer to a question (its totals): `unknown` when none came (the screens say unreachable). */
export type TerminalAnswer<T> = Outcome<T, { error: TerminalError }>;

export interface TerminalPort {
  /** For the device registry and the heartbeat (docs/api.md §11.2): ready, busy (a payment waits), offline. */
  state(): DeviceState;
  /** Asks for a payment of `amountCents` under the request id `requestId` (kept by the caller before this is called); `saleReference` is the counter's own reference of it. */
  pay(requestId: string, saleReference: string, amountCents: number): Promise<PaymentOutcome>;
  /** Asks what became of the payment requested under `paymentRequestId`. */
  status(paymentRequestId: string): Promise<PaymentOutcome>;
  /** Asks the terminal to stop the payment requested under `paymentRequestId`; its outcome comes with that request's answer. */
  abort(paymentRequestId: string): Promise<void>;
  /** Gives back an approved payment's `amountCents` (null: all of it) under `requestId` (kept by the caller first). */
  reverse(requestId: string, original: TerminalTransaction, amountCents: number | null): Promise<ReversalOutcome>;
  /** Asks what became of the reversal requested under `reversalRequestId`. */
  reversalStatus(reversalRequestId: string): Promise<ReversalOutcome>;
  /** The terminal's totals of its period: read (`close` false, X) or read and closed (`close` true, Z). */
  totals(close: boolean): Promise<TerminalAnswer<PinTotals>>;
  close(): void;
}
