import { useEffect, useRef, useState } from 'react';
import type { TerminalProgress } from '../../shared/ipc/terminal';
import { TERMINAL_ERRORS, type TerminalError } from '../../shared/terminalErrors';
import type { Order } from '../../shared/schemas/order';
import { paymentState } from '../../domain/order/money';
import { useCounter } from '../api/counter';
import { useInvoke } from '../api/useInvoke';
import { useFinishSale } from './useFinishSale';

/** Where a PIN payment stands with the terminal: the main process's 'terminal.progress', after a first read. */
export function useTerminalStage(paymentId: string): Pick<TerminalProgress, 'stage' | 'error'> | null {
  const api = useCounter();
  const read = useInvoke('terminal.payment', { paymentId }, { staleTime: 0 });
  const [latest, setLatest] = useState<TerminalProgress | null>(null);
  useEffect(() => api.on('terminal.progress', (p) => p.paymentId === paymentId && setLatest(p)), [api, paymentId]);
  return latest ?? read.value ?? null;
}

/**
 * Finishes the sale once the terminal approves a payment of this order, as any payment
 * does (delivered, the receipt shown): the approval comes from the main process, not a click.
 */
export function useTerminalFinish(orderId: string | null): void {
  const api = useCounter();
  const finish = useFinishSale();
  const after = useRef(finish.afterPayment);
  after.current = finish.afterPayment;
  useEffect(
    () =>
      api.on('terminal.progress', (p) => {
        if (orderId === null || p.orderId !== orderId || p.stage !== 'approved') return;
        void api.invoke('orders.get', { orderId }).then((answer) => answer.ok && after.current(answer.value));
      }),
    [api, orderId],
  );
}

/** The terminal's reason of the order's last payment, when that was a PIN payment the terminal refused. */
export function lastRefusal(order: Order, pinMethodId: number): TerminalError | null {
  const last = [...order.payments]
    .filter((p) => !p.isRefund)
    .sort((a, b) => a.createdOn.localeCompare(b.createdOn))
    .at(-1);
  if (!last || last.paymentMethod.paymentMethodId !== pinMethodId || paymentState(last) !== 'FAILED') return null;
  const code = last.paymentStatuses[0]?.statusSubCode ?? '';
  return (TERMINAL_ERRORS as readonly string[]).includes(code) ? (code as TerminalError) : null;
}
