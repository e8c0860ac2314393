import { useInvoke } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { describeProblem } from '../common/problems';
import { useI18n } from '../i18n/i18n';
import { useSale } from '../sale/saleStore';
import { orderStatusId } from '../sale/orderView';
import { screenForStatus } from './OrderList';
import { SeenFirst } from '../common/SeenFirst';

/** Orders the central refused, with its reasons: drawn by the start screen when there are any, or when asked for. */
export function RejectedOrders() {
  const { t, money } = useI18n();
  const rejected = useInvoke('sync.rejected', {});
  const openOrder = useSale((s) => s.openOrder);
  return (
    <section className="card wide" aria-labelledby="rejected-title">
      <h2 id="rejected-title">{t('rejected.title')}</h2>
      <ErrorNote error={rejected.error} />
      {rejected.value?.length === 0 && <p className="muted">{t('rejected.none')}</p>}
      <ul className="plain">
        {rejected.value?.map(({ order, sync }) => (
          <li key={order.orderId} className="card-inner">
            <strong>{order.orderNumber}</strong> {money(order.totalAmount)}
            <ul>
              {sync.reasons.map((r, i) => (
                <li key={i}>{describeProblem(t, r.detail, r.pointer)}</li>
              ))}
            </ul>
            <button type="button" onClick={() => openOrder(order.orderId, screenForStatus(orderStatusId(order)))}>
              <SeenFirst seen={t('orders.openShort')} more={t('orders.openMore', { number: order.orderNumber })} />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
