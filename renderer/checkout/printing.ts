import { useEffect, useState } from 'react';
import type { IpcError, PrintAnswer, ReceiptLayout } from '../../shared/ipc';
import { useCounter } from '../api/counter';
import { useInvoke } from '../api/useInvoke';

/**
 * Printing from the counter's screens. A page (a report, or a receipt for the OS printer) goes to
 * the counter's paper: the printing area prints the page, without a dialog, to the printer of the
 * settings, through the port Electron's main fills (docs/architecture.md §2, "The host's ports");
 * where there is no such port (the browser shell) the page opens
 * the system's print dialog. Either way the print CSS lays it out for the chosen paper:
 * `.paper-80mm` puts it on the named page `receipt80`. A receipt goes to the counter's receipt
 * printer first (docs/api.md §9.3): a network printer prints it there, and says why when it could not.
 */
function usePaper(): ReceiptLayout {
  const layout: ReceiptLayout = useInvoke('settings.get', {}).value?.receiptLayout ?? '80mm';
  // The paper is a class of the whole document while the receipt shows: @page rules apply to it.
  useEffect(() => {
    document.documentElement.dataset.paper = layout;
    return () => {
      delete document.documentElement.dataset.paper;
    };
  }, [layout]);
  return layout;
}

/** Prints the page as it shows (reports). */
export function usePrintReceipt() {
  const api = useCounter();
  const layout = usePaper();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);

  const run = async () => {
    setPending(true);
    setError(null);
    try {
      const answer = await api.invoke('page.print', {});
      if (!answer.ok) setError(answer.error);
      else if (!answer.value.printed) window.print();
    } finally {
      setPending(false);
    }
  };
  return { layout, run, pending, error };
}

/**
 * A sale's or a refund's receipt on the counter's printer: what became of its printing (printed,
 * or why not), and printing it (again: a duplicate once it printed).
 */
export function useReceiptPrinting(orderId: string | undefined, refundId?: string) {
  const api = useCounter();
  const layout = usePaper();
  const input = { orderId: orderId ?? '', ...(refundId ? { refundId } : {}) };
  const state = useInvoke('receipt.state', input, { enabled: !!orderId });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);
  const [last, setLast] = useState<PrintAnswer | null>(null);

  const run = async () => {
    if (!orderId) return;
    setPending(true);
    setError(null);
    try {
      const answer = await api.invoke('receipt.print', input);
      if (!answer.ok) return setError(answer.error);
      setLast(answer.value);
      // The OS printer: the page prints itself where the shell could not (the browser shell).
      if (answer.value.via === 'page' && !answer.value.printed) window.print();
    } finally {
      setPending(false);
    }
  };
  return { layout, run, pending, error, state: state.value ?? null, last };
}
