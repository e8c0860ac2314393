import { useEffect, useState } from 'react';
import type { IpcError, ReceiptLayout } from '../../shared/ipc';
import { useCounter } from '../api/counter';
import { useInvoke } from '../api/useInvoke';

/**
 * Prints the receipt on the counter's paper. Electron's main prints the page itself, without
 * a dialog, to the printer of the settings (webContents.print silent); where it cannot (the
 * browser shell) the page opens the system's print dialog. Either way the print CSS lays the
 * receipt out for the chosen paper: `.paper-80mm` puts it on the named page `receipt80`.
 */
export function usePrintReceipt() {
  const api = useCounter();
  const layout: ReceiptLayout = useInvoke('settings.get', {}).value?.receiptLayout ?? '80mm';
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<IpcError | null>(null);

  // The paper is a class of the whole document while the receipt shows: @page rules apply to it.
  useEffect(() => {
    document.documentElement.dataset.paper = layout;
    return () => {
      delete document.documentElement.dataset.paper;
    };
  }, [layout]);

  const run = async () => {
    setPending(true);
    setError(null);
    try {
      const answer = await api.invoke('receipt.print', {});
      if (!answer.ok) setError(answer.error);
      else if (!answer.value.printed) window.print();
    } finally {
      setPending(false);
    }
  };
  return { layout, run, pending, error };
}
