import type { OrderSummary } from '../../shared/ipc';
import { useI18n } from '../i18n/i18n';
import { useSale, type Screen } from '../sale/saleStore';
import { SeenFirst } from '../common/SeenFirst';

export function screenForStatus(statusId: number): Screen {
  if (statusId === 1) return 'sale';
  if (statusId >= 2 && statusId <= 4) return 'checkout';
  return 'receipt';
}

/** Orders found, each with the button that opens it where its status belongs. */
export function OrderList({ orders, caption }: { orders: OrderSummary[]; caption: string }) {
  const { t, money, dateTime } = useI18n();
  const openOrder = useSale((s) => s.openOrder);
  if (orders.length === 0) return <p className="muted">{t('orders.none')}</p>;
  return (
    <table className="table">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('orders.number')}</th>
          <th scope="col">{t('orders.created')}</th>
          <th scope="col">{t('orders.status')}</th>
          <th scope="col">{t('orders.lines')}</th>
          <th scope="col" className="num">
            {t('orders.total')}
          </th>
          <th scope="col">{t('orders.sync')}</th>
          <th scope="col">
            <span className="sr-only">{t('orders.actions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((o) => (
          <tr key={o.orderId}>
            <td>
              {o.orderNumber}
              {o.centralOrderNumber && o.centralOrderNumber !== o.orderNumber && <span className="muted"> ({o.centralOrderNumber})</span>}
            </td>
            <td>{dateTime(o.createdOn)}</td>
            <td>{t(`orderStatus.${statusKey(o.statusId)}`)}</td>
            <td>{o.lineCount}</td>
            <td className="num">{money(o.totalAmount)}</td>
            <td>{t(`syncState.${o.syncState}`)}</td>
            <td>
              <button type="button" onClick={() => openOrder(o.orderId, screenForStatus(o.statusId))}>
                <SeenFirst seen={t('orders.openShort')} more={t('orders.openMore', { number: o.orderNumber })} />
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const STATUS_KEYS = ['concept', 'awaitingPayment', 'pendingPayment', 'paid', 'delivered', 'cancelled'] as const;
export type StatusKey = (typeof STATUS_KEYS)[number];
export function statusKey(statusId: number): StatusKey {
  return STATUS_KEYS[statusId - 1] ?? 'concept';
}
