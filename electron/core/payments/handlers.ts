import type { HandlersOf } from '../../../shared/ipc';
import type { paymentChannels } from '../../../shared/ipc/payments';
import { refusal } from '../../../shared/refusals';
import type { OrderDesk } from '../orders';
import { actIsOrderWrite } from '../audit';

/** What the terminal owns (docs/api.md §9.2): a PIN payment it took is settled only by its answer. */
export interface TerminalGuard {
  /** The payment went through terminal.pay: only the terminal's answer (or the clerk's manual confirmation) decides it. */
  owns(paymentId: string): boolean;
  /** A PIN payment must be started with terminal.pay: a terminal is configured. */
  takesPin(paymentMethodId: number): boolean;
}
const NO_TERMINAL: TerminalGuard = { owns: () => false, takesPin: () => false };

/** Money taken and given back (docs/api.md §4, §7.1); the dispatch's gate checks that a refund is a manager's. */
export function paymentHandlers({ service, caller, change }: OrderDesk, terminal = NO_TERMINAL): HandlersOf<typeof paymentChannels> {
  return {
    'payments.add': async ({ orderId, payment }) =>
      terminal.takesPin(payment.paymentMethodId)
        ? refusal('conflict', 'terminal.byTerminal')
        : change(() => service.addPayment(orderId, payment, caller())),
    'payments.setStatus': async ({ paymentId, status }) =>
      terminal.owns(paymentId)
        ? refusal('conflict', 'terminal.byTerminal')
        : change(() => service.paymentStatus(paymentId, status, caller())),
    'payments.refund': async ({ orderId, refund }) => {
      if (terminal.takesPin(refund.paymentMethodId)) return refusal('conflict', 'terminal.byTerminal');
      // The refund, its audit row and its journal row commit in the order's write (audit/acts.ts).
      actIsOrderWrite();
      return change(() => service.refund(orderId, refund, caller()));
    },
  };
}
