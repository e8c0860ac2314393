import { useEffect, useRef } from 'react';
import type { DayReport } from '../../shared/manager/types';
import { usePrintReceipt } from '../checkout/printing';
import { ErrorNote } from '../common/ErrorNote';
import { useI18n } from '../i18n/i18n';
import { statusKey } from '../start/OrderList';
import { DayCash, OpenOrdersWarning } from './DayCash';
import { ExportButtons } from './ExportButtons';
import { MethodsTable } from './MethodsTable';
import { TerminalTotalsView } from './TerminalTotalsView';

/**
 * An X report (the day so far) or a Z report (the closed day): per payment method what came
 * in, went back and is expected; the drawer's float, expected and counted cash and the
 * difference; the orders by status. Printed on the counter's paper like a receipt.
 */
export function DayReportView({ report }: { report: DayReport }) {
  const { t, money, dateTime, date } = useI18n();
  const print = usePrintReceipt();
  const title = t(report.kind === 'Z' ? 'day.zTitle' : 'day.xTitle', { day: date(report.businessDate) });
  const titleId = `day-report-${report.kind}`;
  const actions = useRef<HTMLDivElement>(null);
  // A report appears where it was asked for (under a long close form, too): its Print in view (docs/counter.md §12.1).
  useEffect(() => {
    actions.current?.scrollIntoView?.({ block: 'nearest' });
  }, [report.kind, report.businessDate]);
  return (
    <div className={`day-report paper-${print.layout}`}>
      <div ref={actions} className="row no-print">
        <button type="button" disabled={print.pending} onClick={() => void print.run()}>
          {t(report.kind === 'Z' ? 'day.printZ' : 'day.printX')}
        </button>
      </div>
      <ErrorNote error={print.error} />
      <article className="receipt report" aria-labelledby={titleId}>
        <h3 id={titleId}>{title}</h3>
        <OpenOrdersWarning report={report} />
        <dl className="facts">
          <dt>{t('day.opened')}</dt>
          <dd>{report.openedAt ? t('day.byAt', { name: report.openedBy?.name ?? '—', when: dateTime(report.openedAt) }) : '—'}</dd>
          {report.kind === 'Z' && (
            <>
              <dt>{t('day.closed')}</dt>
              <dd>{report.closedAt ? t('day.byAt', { name: report.closedBy?.name ?? '—', when: dateTime(report.closedAt) }) : '—'}</dd>
            </>
          )}
          <dt>{t('day.generated')}</dt>
          <dd>{dateTime(report.generatedAt)}</dd>
        </dl>
        <MethodsTable caption={t('day.perMethod')} methods={report.methods} lastColumn={t('day.expected')} />
        {/* docs/api.md §9.2: the stand-alone terminal's confirmations, totalled apart (and inside PIN above). */}
        {report.manual && report.manual.length > 0 && (
          <MethodsTable caption={t('day.manualPin')} methods={report.manual} lastColumn={t('day.expected')} />
        )}
        <TerminalTotalsView report={report} />
        <dl className="facts cash-facts" aria-label={t('day.cash')}>
          <dt>{t('day.float')}</dt>
          <dd>{money(report.cash.float)}</dd>
          <dt>{t('day.expectedCash')}</dt>
          <dd>{money(report.cash.expected)}</dd>
          {report.cash.counted !== null && (
            <>
              <dt>{t('day.counted')}</dt>
              <dd>{money(report.cash.counted)}</dd>
              <dt>{t('day.difference')}</dt>
              <dd>{money(report.cash.difference ?? 0)}</dd>
            </>
          )}
          {report.note && (
            <>
              <dt>{t('day.note')}</dt>
              <dd>{report.note}</dd>
            </>
          )}
          <dt>{t('day.orders')}</dt>
          <dd>
            {report.orders.count}
            {report.orders.byStatus.length > 0 &&
              ` (${report.orders.byStatus.map((s) => `${t(`orderStatus.${statusKey(s.statusId)}`)}: ${s.count}`).join(', ')})`}
          </dd>
          <dt>{t('day.failedPayments')}</dt>
          <dd>{report.failedPayments}</dd>
          {report.kind === 'Z' && (
            <>
              <dt>{t('day.atCentral')}</dt>
              <dd>{report.reachedCentralAt ? dateTime(report.reachedCentralAt) : t('detail.notReached')}</dd>
            </>
          )}
        </dl>
        <DayCash report={report} />
      </article>
      {report.kind === 'Z' && <ExportButtons report={{ report: 'zReport', businessDate: report.businessDate }} label={title} />}
    </div>
  );
}
