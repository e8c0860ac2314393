import type { ClerkCash, DayReport } from '../../shared/manager/types';
import { TableHead } from '../common/TableHead';
import { useI18n } from '../i18n/i18n';
import { MovementTable } from './CashMoves';
import { SessionTable } from './DrawerSessions';

/**
 * The drawer's part of X and Z (docs/counter.md §17): the rounding, cash moved without a sale,
 * refunds made at the central (apart from the drawer), cash per session and per clerk, the
 * movements; and the open orders of the day, warned about before a close.
 */
export function DayCash({ report }: { report: DayReport }) {
  const { t, money } = useI18n();
  const c = report.cash;
  return (
    <>
      <dl className="facts cash-facts" aria-label={t('report.cashMoves')}>
        <dt>{t('report.rounding')}</dt>
        <dd>{money(c.rounding ?? 0)}</dd>
        <dt>{t('report.paidIn')}</dt>
        <dd>{money(c.paidIn ?? 0)}</dd>
        <dt>{t('report.paidOut')}</dt>
        <dd>{money(c.paidOut ?? 0)}</dd>
        <dt>{t('report.drops')}</dt>
        <dd>{money(c.drops ?? 0)}</dd>
        <dt>{t('report.noSales')}</dt>
        <dd>{c.noSales ?? 0}</dd>
        {report.centralRefunds && report.centralRefunds.count > 0 && (
          <>
            <dt>{t('report.centralRefunds')}</dt>
            <dd>{t('report.centralRefundsValue', { count: report.centralRefunds.count, amount: money(report.centralRefunds.amount) })}</dd>
          </>
        )}
      </dl>
      {report.sessions && report.sessions.length > 0 && <SessionTable sessions={report.sessions} caption={t('report.perSession')} />}
      {report.clerks && report.clerks.length > 0 && <ClerkTable clerks={report.clerks} />}
      {report.cashMovements && report.cashMovements.length > 0 && (
        <MovementTable movements={report.cashMovements} caption={t('drawer.movements')} />
      )}
    </>
  );
}

function ClerkTable({ clerks }: { clerks: ClerkCash[] }) {
  const { t, money } = useI18n();
  return (
    <table className="table">
      <caption>{t('report.perClerk')}</caption>
      <TableHead
        columns={[
          t('report.clerk'),
          { label: t('report.taken'), num: true },
          { label: t('report.givenBack'), num: true },
          { label: t('report.moved'), num: true },
          { label: t('report.net'), num: true },
        ]}
      />
      <tbody>
        {clerks.map((c) => (
          <tr key={c.clerk?.staffId ?? ''}>
            <th scope="row">{c.clerk?.name ?? t('report.noClerk')}</th>
            <td className="num">{money(c.taken)}</td>
            <td className="num">{money(c.givenBack)}</td>
            <td className="num">{money(c.paidIn - c.paidOut - c.drops)}</td>
            <td className="num">{money(c.net)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The day's open orders (not paid, not sold): a warning in X, and before a close. */
export function OpenOrdersWarning({ report, closing = false }: { report: DayReport; closing?: boolean }) {
  const { t, money } = useI18n();
  const open = report.notSold?.open;
  if (!open || open.count === 0) return null;
  return (
    <div className="note note-warn" role={closing ? 'alert' : undefined} data-testid="open-orders">
      <p>{t('report.openOrders', { count: open.count, amount: money(open.amount) })}</p>
      {closing && <p>{t('report.openOrdersClose')}</p>}
    </div>
  );
}
