import type { PrintAnswer, ReceiptPrintState } from '../../shared/ipc';
import { useI18n } from '../i18n/i18n';

/**
 * What became of the receipt's printing (docs/api.md §9.3): why it did not print (paper out,
 * cover open, no answer), so the clerk can fix it and print again; or that it did.
 */
export function PrintStatus({ state, last }: { state: ReceiptPrintState | null; last: PrintAnswer | null }) {
  const { t } = useI18n();
  if (!state) return null;
  if (state.printer === 'none') return <p className="note no-print">{t('receipt.noPrinter')}</p>;
  // The last attempt's problem, else the receipt's own (a first print that failed by itself).
  const problem = last?.problem ?? state.problem;
  if (problem)
    return (
      <p role="alert" className="note note-warn no-print" id="receipt-print-problem">
        {t(`receipt.problem.${problem}`)}
      </p>
    );
  if (state.printer !== 'escpos' || !state.printed) return null;
  return (
    <p role="status" className="note note-ok no-print">
      {t('receipt.printed')} {t('receipt.duplicateNote')}
    </p>
  );
}
