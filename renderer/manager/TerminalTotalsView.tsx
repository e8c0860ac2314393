import { useState } from 'react';
import type { PinTotals, TerminalTotals } from '../../shared/ipc/terminal';
import type { DayReport } from '../../shared/manager/types';
import { pinNet } from '../../domain/reports/pin';
import { useAction } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { TableHead } from '../common/TableHead';
import { useI18n } from '../i18n/i18n';

/**
 * The terminal's PIN totals beside the counter's on an X or Z report (docs/api.md §9.2): at X
 * read without closing anything (GetTotals), at Z those of the Reconciliation the close made
 * by itself (kept with the Z). A difference is marked; confirmations on a stand-alone terminal
 * apart. When the terminal failed at the close, the manager closes its period again from the Z.
 */
export function TerminalTotalsView({ report }: { report: DayReport }) {
  const { t, money, dateTime } = useI18n();
  const [value, setValue] = useState<TerminalTotals | null>(report.terminal ?? null);
  const totals = useAction('terminal.totals', setValue);
  const close = report.kind === 'Z';
  // The close's own Reconciliation got the terminal's totals, or there is no terminal: nothing to do again.
  const settled = close && value !== null && value.error === null;
  const row = (label: string, figures: PinTotals) => (
    <tr key={label}>
      <th scope="row">{label}</th>
      <td className="num">
        {money(figures.debitAmount)} <span className="small muted">{t('terminal.totalsCount', { count: figures.debitCount })}</span>
      </td>
      <td className="num">
        {money(figures.refundAmount)} <span className="small muted">{t('terminal.totalsCount', { count: figures.refundCount })}</span>
      </td>
      <td className="num">{money(pinNet(figures))}</td>
    </tr>
  );
  return (
    <section className="stack terminal-totals" aria-label={t('terminal.totals')}>
      {!settled && (
        <div className="row no-print">
          <button
            type="button"
            disabled={totals.pending}
            onClick={() =>
              void totals.run({ from: report.from, to: report.to, close, ...(close && { businessDate: report.businessDate }) })
            }
          >
            {t(close ? (value ? 'terminal.reconcileAgain' : 'terminal.reconcile') : 'terminal.read')}
          </button>
        </div>
      )}
      {close && report.terminal && <p className="hint">{t('terminal.reconciledAt', { when: dateTime(report.terminal.at) })}</p>}
      <ErrorNote error={totals.error} />
      {value && (
        <>
          <table className="table">
            <caption>{t('terminal.totals')}</caption>
            <TableHead
              columns={[
                '',
                { label: t('terminal.totalsTaken'), num: true },
                { label: t('terminal.totalsGiven'), num: true },
                { label: t('terminal.totalsNet'), num: true },
              ]}
            />
            <tbody>
              {value.terminal && row(t('terminal.totalsTerminal'), value.terminal)}
              {row(t('terminal.totalsCounter'), value.counter)}
              {row(t('terminal.totalsManual'), value.manual)}
            </tbody>
          </table>
          {value.error && <p className="note note-warn">{t('terminal.noTotals', { reason: t(`terminal.error.${value.error}`) })}</p>}
          {value.difference !== null && value.difference !== 0 && (
            <p role="alert" className="note note-warn">
              <strong>{t('terminal.difference', { amount: money(value.difference) })}</strong>
            </p>
          )}
          {value.difference === 0 && <p className="note note-info">{t('terminal.noDifference')}</p>}
          {!value.terminal && !value.error && <p className="hint">{t('terminal.none')}</p>}
        </>
      )}
    </section>
  );
}
