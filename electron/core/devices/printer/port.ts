import type { ReceiptRow } from '../../../../domain/receipts/layout';
import type { DeviceState } from '../../../../shared/devices';
import type { PrintProblem } from '../../../../shared/ipc/printing';
import { done, type Outcome } from '../../../../shared/outcome';

/**
 * The receipt printer as the counter uses it (docs/api.md §9.3): one port, three drivers. An
 * ESC/POS printer on the network prints and kicks the drawer itself; `system` leaves printing
 * to the page (the OS printer, 80 mm or A4); `none` prints nothing.
 */

/**
 * What became of a print: done on the printer, left to the page, or nothing (no printer at all);
 * refused with the printer's own problem (its status says paper out, cover open, offline); or
 * unknown: the printer did not answer (no connection, no status, the job not taken), which the
 * clerk reads as offline.
 */
export type PrintOutcome = Outcome<'printer' | 'page' | 'none', { problem: PrintProblem }>;

/** The problem a clerk reads for a print that did not print. */
export const problemOfPrint = (outcome: Exclude<PrintOutcome, { kind: 'ok' }>): PrintProblem =>
  outcome.kind === 'refused' ? outcome.problem : 'offline';

export interface PrinterPort {
  readonly kind: 'escpos' | 'system' | 'none';
  /** The rows printed and cut, after the status says the printer can. Never takes longer than the printer's deadline (2 s). */
  print(rows: ReceiptRow[]): Promise<PrintOutcome>;
  /** The drawer pulse alone (ESC p). */
  kick(): Promise<PrintOutcome>;
  /** Reads the printer's status now (DLE EOT) and updates its state. */
  check(): Promise<DeviceState>;
  state(): DeviceState;
  onState(listener: (state: DeviceState) => void): () => void;
  close(): void;
}

/** A printer the counter cannot drive itself: `system` (the page prints) or `none`. */
export function pagePrinter(kind: 'system' | 'none'): PrinterPort {
  const outcome: PrintOutcome = done(kind === 'system' ? 'page' : 'none');
  // The OS printer's state is the OS's to show: the counter reports it ready; no printer is `none`.
  const state: DeviceState = kind === 'system' ? 'ready' : 'none';
  return {
    kind,
    print: async () => outcome,
    kick: async () => done('none' as const),
    check: async () => state,
    state: () => state,
    onState: () => () => undefined,
    close: () => undefined,
  };
}
