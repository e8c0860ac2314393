import { z } from 'zod';
import type { DeviceStates } from '../devices';
import { uuid } from '../schemas/primitives';
import { channel } from './declare';

/** Receipts on the counter's printer, the printer's test and the states of the desk's devices (docs/api.md §9.3). */

/** Why a receipt did not print: the clerk reads it and can print again. An open cover takes the printer offline. */
export const PRINT_PROBLEMS = ['paperOut', 'coverOpen', 'offline'] as const;
export type PrintProblem = (typeof PRINT_PROBLEMS)[number];

/** Which printer this counter has: a network ESC/POS printer, the OS's printer (the page prints itself), or none. */
export type PrinterKind = 'escpos' | 'system' | 'none';

export interface PrintAnswer {
  /** `printer`: the counter printed (or tried); `page`: the page prints itself now (system printer); `none`: no printer. */
  via: 'printer' | 'page' | 'none';
  printed: boolean;
  /** This print is a reprint of a printed receipt: it says DUPLICAAT / DUPLICATE. */
  duplicate: boolean;
  problem: PrintProblem | null;
}

/** What the counter knows of one receipt's printing. */
export interface ReceiptPrintState {
  printer: PrinterKind;
  /** The receipt was printed at least once: printing it again makes a duplicate. */
  printed: boolean;
  /** Why its last print failed, while it has not printed. */
  problem: PrintProblem | null;
}

const receipt = z.object({
  orderId: uuid,
  /** A refund's receipt: the refund's payment id; absent for the sale's. */
  refundId: uuid.optional(),
});

export const printingChannels = {
  /** Prints a receipt now: the first print that succeeds is the original, a later one a duplicate. */
  'receipt.print': channel<PrintAnswer>()({ input: receipt, access: 'clerk', kind: 'change' }),
  /**
   * The page as it shows, on the OS printer (reports, and receipts of a `system` printer):
   * Electron prints it silently on the chosen printer (the printing area's port); a shell
   * without one answers printed: false and the page prints itself.
   */
  'page.print': channel<{ printed: boolean }>()({ input: z.object({}), access: 'clerk', kind: 'change' }),
  'receipt.state': channel<ReceiptPrintState>()({ input: receipt, access: 'clerk', kind: 'read' }),
  'printer.test': channel<PrintAnswer>()({
    input: z.object({}),
    access: 'manager',
    kind: 'change',
    audit: { act: { en: 'Test print', nl: 'Testafdruk' }, recorded: 'always' },
  }),
  /** The desk's devices as the top bar and the settings show them. */
  'devices.states': channel<DeviceStates>()({ input: z.object({}), access: 'clerk', kind: 'read' }),
} as const;
