import { useState } from 'react';
import { useInvoke } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { TableHead } from '../common/TableHead';
import { useI18n } from '../i18n/i18n';
import { DayReportView } from './DayReportView';

/** The closed days, newest first, each with its Z report to show, print or export again. */
export function ClosedDays() {
  const { t, money, date, dateTime } = useI18n();
  const days = useInvoke('day.list', {});
  const [shown, setShown] = useState<string | null>(null);
  const z = useInvoke('day.zReport', { businessDate: shown ?? '' }, { enabled: shown !== null });
  return (
    <section className="card" aria-labelledby="closed-days-title">
      <h3 id="closed-days-title">{t('day.closedDays')}</h3>
      <ErrorNote error={days.error ?? z.error} />
      {days.value?.length === 0 && <p className="muted">{t('day.noneClosed')}</p>}
      {days.value && days.value.length > 0 && (
        <table className="table">
          <caption className="sr-only">{t('day.closedDays')}</caption>
          <TableHead
            columns={[
              t('day.date'),
              t('day.closed'),
              { label: t('day.expectedCash'), num: true },
              { label: t('day.counted'), num: true },
              { label: t('day.difference'), num: true },
              t('day.atCentral'),
              { label: t('orders.actions'), srOnly: true },
            ]}
          />
          <tbody>
            {days.value.map((d) => (
              <tr key={d.businessDate}>
                <th scope="row">{date(d.businessDate)}</th>
                <td>{t('day.byAt', { name: d.closedBy.name, when: dateTime(d.closedAt) })}</td>
                <td className="num">{money(d.expectedCash)}</td>
                <td className="num">{money(d.countedCash)}</td>
                <td className="num">{money(d.difference)}</td>
                <td>{d.reachedCentralAt ? dateTime(d.reachedCentralAt) : t('detail.notReached')}</td>
                <td>
                  <button type="button" aria-pressed={shown === d.businessDate} onClick={() => setShown(d.businessDate)}>
                    {t('day.showZ', { day: date(d.businessDate) })}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {shown && z.value && <DayReportView report={z.value} />}
    </section>
  );
}
