import type { PrinterPort } from './printer/port';
import type { PrintProblem } from '../../../shared/ipc/printing';
import { done, refused, type Outcome } from '../../../shared/outcome';

/**
 * The cash drawer (docs/api.md §9.3, `drawer: printer|none`): it hangs on the receipt printer,
 * which opens it with ESC p. `openDrawer` is the one way the counter opens it: after a cash
 * payment or refund, and for a manager's "No sale" (whose reason and audit row are the caller's).
 */

/** Opened; refused with the printer's problem, or because there is no drawer to open; or unknown: the printer did not answer. */
export type DrawerOutcome = Outcome<true, { problem: PrintProblem | 'noDrawer' }>;

export interface Drawer {
  readonly present: boolean;
  open(): Promise<DrawerOutcome>;
}

/** The drawer on a network printer, or none (no `tcp://` printer, or `drawer: none`); both read as they are now. */
export function printerDrawer(printer: PrinterPort, setting: () => 'printer' | 'none' | undefined): Drawer {
  return {
    get present() {
      return printer.kind === 'escpos' && setting() !== 'none';
    },
    async open() {
      if (!this.present) return refused({ problem: 'noDrawer' });
      const outcome = await printer.kick();
      if (outcome.kind !== 'ok') return outcome;
      return outcome.value === 'printer' ? done(true) : refused({ problem: 'noDrawer' });
    },
  };
}
