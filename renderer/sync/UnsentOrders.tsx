import { useInvoke } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { useI18n } from '../i18n/i18n';

/** The sales the central has not received yet, by number, with their state and why the last try failed. */
export function UnsentOrders() {
  const { t, refusal, dateTime } = useI18n();
  const unsent = useInvoke('sync.unsent', {}, { staleTime: 0 });
  const orders = unsent.value ?? [];
  return (
    <section className="card" aria-labelledby="unsent-title">
      <h2 id="unsent-title">{t('unsent.title')}</h2>
      <ErrorNote error={unsent.error} />
      {unsent.value && orders.length === 0 && <p className="note note-ok">{t('unsent.none')}</p>}
      {orders.length > 0 && (
        <table className="table unsent">
          <caption className="sr-only">{t('unsent.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('unsent.number')}</th>
              <th scope="col">{t('unsent.since')}</th>
              <th scope="col" className="num">
                {t('unsent.changes')}
              </th>
              <th scope="col">{t('unsent.state')}</th>
              <th scope="col">{t('unsent.lastError')}</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((o) => (
              <tr key={o.orderId}>
                <th scope="row" className="order-number">
                  {o.orderNumber}
                </th>
                <td>{dateTime(o.since)}</td>
                <td className="num">{o.changes}</td>
                <td>{t(`unsent.state.${o.state}`)}</td>
                <td>{o.lastError ? refusal(o.lastError) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
