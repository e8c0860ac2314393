import { useState } from 'react';
import { ReturnedMark } from '../checkout/ReturnedMark';
import type { NamedFigure, ReportSummary } from '../../shared/manager/types';
import { useInvoke } from '../api/useInvoke';
import { usePrintReceipt } from '../checkout/printing';
import { ErrorNote } from '../common/ErrorNote';
import { TableHead } from '../common/TableHead';
import { describeProblem } from '../common/problems';
import { useI18n } from '../i18n/i18n';
import { statusKey } from '../start/OrderList';
import { useBusinessDay } from './businessDay';
import { ExportButtons } from './ExportButtons';
import { MethodsTable } from './MethodsTable';
import { RangePicker, type DayRange } from './RangePicker';

/**
 * The reports of a day or range: totals per product, payment method, clerk and hour, orders per
 * status, and the orders the central refused with its reasons. Exported as CSV or PDF (made by
 * the main process), or printed.
 */
export function ReportsPanel() {
  const today = useBusinessDay();
  return today ? <Reports today={today} /> : null;
}

function Reports({ today }: { today: string }) {
  const { t, date } = useI18n();
  const [range, setRange] = useState<DayRange>({ from: today, to: today });
  const summary = useInvoke('reports.summary', { range }, { staleTime: 0 });
  const print = usePrintReceipt();
  const title =
    range.from === range.to
      ? t('reports.titleDay', { day: date(range.from) })
      : t('reports.titleRange', { from: date(range.from), to: date(range.to) });
  return (
    <section className="card reports" aria-labelledby="reports-title">
      <RangePicker id="reports" initial={range} onApply={setRange} label={t('reports.range')} />
      <div className="row no-print">
        <ExportButtons report={{ report: 'summary', range }} label={title} />
        <button type="button" disabled={print.pending || !summary.value} onClick={() => void print.run()}>
          {t('reports.print')}
        </button>
      </div>
      <ErrorNote error={summary.error ?? print.error} />
      {summary.isLoading && <p role="status">{t('common.loading')}</p>}
      <article className="receipt report" aria-labelledby="reports-title">
        <h3 id="reports-title">{title}</h3>
        {summary.value && <Summary summary={summary.value} />}
      </article>
    </section>
  );
}

function Summary({ summary }: { summary: ReportSummary }) {
  const { t } = useI18n();
  return (
    <>
      <Figures caption={t('reports.byProduct')} head={t('reports.product')} countHead={t('reports.quantity')} rows={summary.byProduct} />
      <MethodsTable caption={t('reports.byMethod')} methods={summary.byMethod} lastColumn={t('reports.net')} />
      <Figures caption={t('reports.byClerk')} head={t('review.clerk')} countHead={t('reports.orders')} rows={summary.byClerk} />
      <Figures caption={t('reports.byHour')} head={t('reports.hour')} countHead={t('reports.orders')} rows={summary.byHour} />
      <table className="table">
        <caption>{t('reports.byStatus')}</caption>
        <tbody>
          {summary.byStatus.map((s) => (
            <tr key={s.statusId}>
              <th scope="row">{t(`orderStatus.${statusKey(s.statusId)}`)}</th>
              <td className="num">{s.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <section aria-labelledby="reports-refused">
        <h4 id="reports-refused">{t('reports.refused')}</h4>
        {summary.refused.length === 0 ? (
          <p className="muted">{t('rejected.none')}</p>
        ) : (
          <ul>
            {summary.refused.map((r) => (
              <li key={r.orderId}>
                <strong>{r.orderNumber}</strong>: {r.reasons.map((reason) => describeProblem(t, reason.detail, reason.pointer)).join('; ')}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function Figures({ caption, head, countHead, rows }: { caption: string; head: string; countHead: string; rows: NamedFigure[] }) {
  const { t, money } = useI18n();
  return (
    <table className="table">
      <caption>{caption}</caption>
      <TableHead columns={[head, { label: countHead, num: true }, { label: t('orders.total'), num: true }]} />
      <tbody>
        {rows.length === 0 && (
          <tr>
            <td colSpan={3} className="muted">
              {t('reports.nothing')}
            </td>
          </tr>
        )}
        {rows.map((r) => (
          <tr key={r.id}>
            <th scope="row">{r.name}</th>
            <td className="num">
              {r.count}
              <ReturnedMark count={r.returned ?? 0} />
            </td>
            <td className="num">{money(r.amount)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
