import { useEffect, useRef, useState } from 'react';
import type { CounterOrder } from '../../shared/ipc';
import type { OrderEvent } from '../../shared/manager/types';
import type { CustomerToken, Order } from '../../shared/schemas/order';
import { refundable, settledMoney } from '../../domain/order/money';
import { MAY, statusName } from '../../domain/rules/statuses';
import { useAction, useInvoke } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { TableHead } from '../common/TableHead';
import { tokenTypeName } from '../common/names';
import { useI18n } from '../i18n/i18n';
import { orderStatusId } from '../sale/orderView';
import { focusSoon } from '../sale/saleStore';
import { statusKey } from '../start/OrderList';
import { reasonInWords } from '../sync/reasons';
import { OrderCardEvents } from '../cards/OrderCardEvents';
import { EventLine } from './EventLine';
import { REFUND_FIRST_ID, RefundForm } from './RefundForm';
import { RefundReceipt } from './RefundReceipt';
import { ReturnedMark } from '../checkout/ReturnedMark';

/**
 * One order for the manager: its lines and tokens, what happened to it (who, what, when:
 * payments, refunds, status changes, the central), and the acts on it: refund or cancel.
 */
export function OrderDetail({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const { t } = useI18n();
  const detail = useInvoke('manager.order', { orderId }, { staleTime: 0 });
  const [refunded, setRefunded] = useState<CounterOrder | null>(null);
  const d = detail.value;
  const number = d?.order.order.orderNumber ?? '';
  const section = useRef<HTMLElement>(null);
  // Opened under the list: its top to the top of the screen, so its acts are in view (docs/counter.md §12.1).
  useEffect(() => {
    section.current?.scrollIntoView?.({ block: 'start' });
  }, []);
  return (
    <section ref={section} className="card order-detail" aria-labelledby="order-detail-title">
      <div className="row spread">
        <h3 id="order-detail-title" tabIndex={-1}>
          {t('detail.title', { number })}
        </h3>
        <button type="button" onClick={onClose}>
          {t('detail.close')}
        </button>
      </div>
      <ErrorNote error={detail.error} />
      {detail.isLoading && <p role="status">{t('common.loading')}</p>}
      {d && (
        <>
          <OrderFacts counterOrder={d.order} reachedCentralAt={d.reachedCentralAt} />
          {d.refusedReasons.length > 0 && (
            <div className="note note-warn">
              <p>
                <strong>{t('detail.refused')}</strong>
              </p>
              <ul>
                {d.refusedReasons.map((r, i) => (
                  <li key={i}>{reasonInWords(t, d.order.order, r)}</li>
                ))}
              </ul>
            </div>
          )}
          <DetailLines order={d.order.order} />
          <History events={d.events} />
          <OrderCardEvents order={d.order.order} />
          {refunded ? (
            <RefundReceipt counterOrder={refunded} onDone={() => setRefunded(null)} />
          ) : (
            <OrderActs
              counterOrder={d.order}
              onRefunded={(next) => {
                setRefunded(next);
                detail.refetch();
              }}
              onChanged={detail.refetch}
            />
          )}
        </>
      )}
    </section>
  );
}

function OrderFacts({ counterOrder: { order, sync }, reachedCentralAt }: { counterOrder: CounterOrder; reachedCentralAt: string | null }) {
  const { t, money, dateTime } = useI18n();
  return (
    <dl className="facts">
      <dt>{t('orders.status')}</dt>
      <dd>{t(`orderStatus.${statusKey(orderStatusId(order))}`)}</dd>
      <dt>{t('orders.created')}</dt>
      <dd>{dateTime(order.createdOn)}</dd>
      <dt>{t('orders.total')}</dt>
      <dd>{money(order.totalAmount)}</dd>
      <dt>{t('review.paid')}</dt>
      <dd>{money(settledMoney(order))}</dd>
      <dt>{t('detail.refundable')}</dt>
      <dd>{money(refundable(order))}</dd>
      <dt>{t('orders.sync')}</dt>
      <dd>
        {t(`syncState.${sync.state}`)}
        {sync.centralOrderNumber && ` (${sync.centralOrderNumber})`}
      </dd>
      <dt>{t('detail.reached')}</dt>
      <dd>{reachedCentralAt ? dateTime(reachedCentralAt) : t('detail.notReached')}</dd>
    </dl>
  );
}

function tokenText(token: CustomerToken): string {
  const ids = [token.transitToken?.xTat, token.passNumber, token.transitToken?.alias].filter(Boolean);
  return ids.join(' · ');
}

function DetailLines({ order }: { order: Order }) {
  const { t, money } = useI18n();
  return (
    <table className="table">
      <caption>{t('detail.lines')}</caption>
      <TableHead
        columns={[
          t('receipt.product'),
          { label: t('receipt.quantity'), num: true },
          t('detail.tokens'),
          { label: t('receipt.inclTax'), num: true },
        ]}
      />
      <tbody>
        {order.orderLines.map((line) => (
          <tr key={line.orderLineId}>
            <td>{line.productName}</td>
            <td className="num">
              {line.quantity}
              <ReturnedMark count={line.returnedQuantity} />
            </td>
            <td>
              {(line.customerTokens ?? []).map((token) => (
                <span key={token.customerTokenId} className="token-ref">
                  {tokenTypeName(t, token.tokenType.tokenTypeId)} {tokenText(token)}
                </span>
              ))}
            </td>
            <td className="num">{money(line.amountInclTax)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function History({ events }: { events: OrderEvent[] }) {
  const { t } = useI18n();
  return (
    <section aria-labelledby="order-history-title">
      <h4 id="order-history-title">{t('detail.history')}</h4>
      {events.length === 0 ? (
        <p className="muted">{t('detail.noHistory')}</p>
      ) : (
        <ol className="plain history" aria-labelledby="order-history-title">
          {events.map((event, i) => (
            <li key={i}>
              <EventLine event={event} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Refund (paid or delivered money) and cancel (an open order), where the domain's rules allow. */
function OrderActs({
  counterOrder,
  onRefunded,
  onChanged,
}: {
  counterOrder: CounterOrder;
  onRefunded: (order: CounterOrder) => void;
  onChanged: () => void;
}) {
  const { t } = useI18n();
  const { order, readOnly } = counterOrder;
  const [refunding, setRefunding] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const cancel = useAction('orders.cancel', () => {
    setConfirming(false);
    onChanged();
  });
  if (readOnly) return <p className="note">{t('detail.readOnly')}</p>;
  const mayRefund = refundable(order) > 0;
  const mayCancel = MAY.cancel(statusName(orderStatusId(order))) && settledMoney(order) === 0;
  if (!mayRefund && !mayCancel) return null;
  return (
    <div className="stack order-acts">
      <div className="row">
        {mayRefund && !refunding && (
          <button
            type="button"
            onClick={() => {
              setRefunding(true);
              // The button goes: the focus to the form's first choice, not the page's body.
              focusSoon(REFUND_FIRST_ID);
            }}
          >
            {t('refund.open', { number: order.orderNumber })}
          </button>
        )}
        {mayCancel && !confirming && (
          <button type="button" className="danger" onClick={() => setConfirming(true)}>
            {t('detail.cancel', { number: order.orderNumber })}
          </button>
        )}
      </div>
      {confirming && (
        <div className="row" role="group" aria-label={t('detail.cancel', { number: order.orderNumber })}>
          <button type="button" className="danger" disabled={cancel.pending} onClick={() => void cancel.run({ orderId: order.orderId })}>
            {t('detail.cancelYes', { number: order.orderNumber })}
          </button>
          <button type="button" onClick={() => setConfirming(false)}>
            {t('detail.cancelNo')}
          </button>
        </div>
      )}
      <ErrorNote error={cancel.error} />
      {refunding && (
        <RefundForm
          order={order}
          onDone={(next) => {
            setRefunding(false);
            onRefunded(next);
          }}
          onCancel={() => setRefunding(false)}
        />
      )}
    </div>
  );
}
