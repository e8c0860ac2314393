import type { Payment } from '../../shared/schemas/order';
import { useInvoke } from '../api/useInvoke';

/**
 * The terminal's receipt text under a PIN payment on the receipt (docs/api.md §9.2, §9.3): the
 * "name: value" lines the terminal gave with its approval, as the printed receipt has them, so
 * a receipt printed as the page (a `system` printer) holds them too. Nothing for other payments.
 */
export function TerminalReceiptText({ payment }: { payment: Payment }) {
  const byTerminal = !payment.isRefund && payment.paymentMethod.provider.toLowerCase() === 'terminal';
  const read = useInvoke('terminal.payment', { paymentId: payment.paymentId }, { enabled: byTerminal });
  const lines = byTerminal ? (read.value?.receipt ?? []) : [];
  if (lines.length === 0) return null;
  return (
    <pre className="terminal-receipt small" data-testid="terminal-receipt">
      {lines.join('\n')}
    </pre>
  );
}
