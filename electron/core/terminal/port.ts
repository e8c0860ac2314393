import type { DeviceState } from '../../../shared/devices';
import type { PinTotals, TerminalError } from '../../../shared/ipc/terminal';

/**
 * The payment terminal as the counter uses it (docs/api.md §9.2): one port, with the nexo
 * driver (nexo/driver.ts) behind it, a real terminal or the built-in simulator alike. Every call
 * answers what the terminal said, or that no answer came; none throws, none guesses.
 */

export interface PoiTransaction {
  TransactionID: string;
  TimeStamp: string;
}

/** A payment's outcome as far as the terminal told it; `unknown`: it did not (yet). */
export type PaymentOutcome =
  | { kind: 'approved'; poiTransaction: PoiTransaction; receipt: string[] }
  | { kind: 'declined'; error: TerminalError }
  | { kind: 'unknown'; reason: string };

/** A reversal's outcome as far as the terminal told it; `unknown`: its answer did not come (yet). */
export type ReversalOutcome = { kind: 'reversed' } | { kind: 'refused'; error: TerminalError } | { kind: 'unknown'; reason: string };

export type TerminalAnswer<T> = { ok: true; value: T } | { ok: false; error: TerminalError | 'unreachable' };

export interface TerminalPort {
  /** For the device registry and the heartbeat (docs/api.md §11.2): ready, busy (a payment waits), offline. */
  state(): DeviceState;
  /** PaymentRequest under `serviceId` (kept by the caller before this is called). */
  pay(serviceId: string, transactionId: string, amountCents: number): Promise<PaymentOutcome>;
  /** TransactionStatusRequest about the PaymentRequest sent under `paymentServiceId`. */
  status(paymentServiceId: string): Promise<PaymentOutcome>;
  /** AbortRequest for the PaymentRequest sent under `paymentServiceId`; its outcome comes with that request's answer. */
  abort(paymentServiceId: string): Promise<void>;
  /** ReversalRequest of an approved payment under `serviceId` (kept by the caller first); `amountCents` null: all of it. */
  reverse(serviceId: string, original: PoiTransaction, amountCents: number | null): Promise<ReversalOutcome>;
  /** TransactionStatusRequest about the ReversalRequest sent under `reversalServiceId`. */
  reversalStatus(reversalServiceId: string): Promise<ReversalOutcome>;
  /** GetTotalsRequest (`close` false, X) or ReconciliationRequest (`close` true, Z). */
  totals(close: boolean): Promise<TerminalAnswer<PinTotals>>;
  close(): void;
}
