import type { ReceiptRow } from '../../../../domain/receipts/layout';
import type { DeviceState } from '../../../../shared/devices';
import type { PrintProblem } from '../../../../shared/ipc/printing';

/**
 * The receipt printer as the counter uses it (docs/api.md §9.3): one port, three drivers. An
 * ESC/POS printer on the network prints and kicks the drawer itself; `system` leaves printing
 * to the page (the OS printer, 80 mm or A4); `none` prints nothing.
 */

/** What became of a print: on the printer (or why not), left to the page, or no printer at all. */
export type PrintOutcome =
  { via: 'printer'; printed: true } | { via: 'printer'; printed: false; problem: PrintProblem } | { via: 'page' } | { via: 'none' };

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
  const outcome: PrintOutcome = kind === 'system' ? { via: 'page' } : { via: 'none' };
  // The OS printer's state is the OS's to show: the counter reports it ready; no printer is `none`.
  const state: DeviceState = kind === 'system' ? 'ready' : 'none';
  return {
    kind,
    print: async () => outcome,
    kick: async () => ({ via: 'none' }),
    check: async () => state,
    state: () => state,
    onState: () => () => undefined,
    close: () => undefined,
  };
}
