import { ORDER_STATUS } from '../../shared/enums';
import type { Order } from '../../shared/schemas/order';
import { useAction } from '../api/useInvoke';
import { areas } from '../areas';
import { ErrorNote } from '../common/ErrorNote';
import { ScreenNav, StartButton } from '../common/ScreenNav';
import { AreaSlot } from '../common/area';
import { useI18n } from '../i18n/i18n';
import { useCatalog, useCurrentOrder } from '../sale/hooks';
import { paymentState } from '../../domain/order/money';
import { orderStatusId, outstandingAmount, paymentGate, settledAmount } from '../sale/orderView';
import { useSale } from '../sale/saleStore';
import { statusKey } from '../start/OrderList';
import { BillingCustomer } from './BillingCustomerForm';
import { CashPanel } from './CashPanel';
import { focusMethod } from './focusMethod';
import { METHOD_KINDS, methodId, type MethodKind } from './payments';
import { PaymentsList } from './PaymentsList';
import { PinPanel } from './PinPanel';
import { useTerminalFinish } from './useTerminal';

const DirectDebitPanel = areas.directDebit.lazy((m) => m.DirectDebitPanel);

/**
 * Checkout: what is being paid for, payment by cash, PIN or direct debit (the method of the
 * last sale ready), the billing customer as a step of its own; paid in full, the sale is
 * delivered and the receipt shows.
 */
export function CheckoutScreen() {
  const { t, money } = useI18n();
  const current = useCurrentOrder();
  const methods = useCatalog().value?.paymentMethods ?? [];
  const method = useSale((s) => s.paymentMethod);
  const choosePayment = useSale((s) => s.choosePayment);
  const goTo = useSale((s) => s.goTo);
  const deliver = useAction('orders.deliver', () => goTo('receipt'));
  const order = current.value?.order;
  const deliveringItself = useSale((s) => order !== undefined && s.delivering === order.orderId);
  useTerminalFinish(order?.orderId ?? null);

  if (!order) {
    return (
      <section className="panel" aria-labelledby="checkout-title">
        <h2 id="checkout-title">{t('checkout.title')}</h2>
        <ErrorNote error={current.error} />
        {current.isLoading ? <p>{t('common.loading')}</p> : <p>{t('order.empty')}</p>}
      </section>
    );
  }

  const status = orderStatusId(order);
  const concept = status === ORDER_STATUS.concept;
  const gate = paymentGate(order);
  const canPay = concept ? gate.allowed : status === ORDER_STATUS.awaitingPayment || status === ORDER_STATUS.pendingPayment;
  // Only MANDATE_REQUIRED remains on a concept: only a direct debit with a new mandate may pay.
  const mandateOnly = gate.mandateOnly && concept;
  const outstanding = outstandingAmount(order);
  const pinId = methodId(methods, 'pin');
  const pendingPin = order.payments.find((p) => p.paymentMethod.paymentMethodId === pinId && paymentState(p) === 'PENDING');
  const allowedKind = (kind: MethodKind) => !mandateOnly || kind === 'directDebit';

  return (
    <div className="checkout">
      <ScreenNav>
        {concept && (
          <button type="button" onClick={() => goTo('sale')}>
            {t('checkout.back')}
          </button>
        )}
        <StartButton />
      </ScreenNav>
      <section className="panel" aria-labelledby="checkout-title">
        <h2 id="checkout-title">
          {t('checkout.title')} <span className="order-number">{order.orderNumber}</span>
        </h2>
        <p className="muted">{t(`orderStatus.${statusKey(status)}`)}</p>
        <PayingFor order={order} />
        <dl className="facts amounts" aria-live="polite">
          <dt>{t('order.total')}</dt>
          <dd>{money(order.totalAmount)}</dd>
          <dt>{t('checkout.paid')}</dt>
          <dd>{money(settledAmount(order))}</dd>
          <dt>{t('checkout.outstanding')}</dt>
          <dd>
            <strong>{money(outstanding)}</strong>
          </dd>
        </dl>
        <PaymentsList order={order} />
        {status === ORDER_STATUS.paid && deliveringItself && (
          <p className="note note-ok" role="status">
            {t('checkout.delivering')}
          </p>
        )}
        {status === ORDER_STATUS.paid && !deliveringItself && (
          <div className="note note-ok stack">
            <p role="status">{t('checkout.paidInFull')}</p>
            <button
              id="deliver"
              type="button"
              className="primary big"
              disabled={deliver.pending}
              onClick={() => void deliver.run({ orderId: order.orderId })}
            >
              {t('checkout.deliver')}
            </button>
            <ErrorNote error={deliver.error} />
          </div>
        )}
        {(status === ORDER_STATUS.delivered || status === ORDER_STATUS.cancelled) && (
          <button type="button" className="primary" onClick={() => goTo('receipt')}>
            {t('checkout.showReceipt')}
          </button>
        )}
      </section>
      {status < ORDER_STATUS.paid && (
        <>
          <section className="panel" aria-labelledby="method-title">
            <h2 id="method-title">{t('checkout.method')}</h2>
            {!canPay && <p className="note note-warn">{t('remarks.payBlocked')}</p>}
            {mandateOnly && <p className="note note-info">{t('remarks.payMandateOnly')}</p>}
            <div className="row" role="group" aria-label={t('checkout.method')}>
              {METHOD_KINDS.map((kind) => (
                <button
                  key={kind}
                  type="button"
                  aria-pressed={method === kind}
                  disabled={!canPay || !allowedKind(kind) || (pendingPin !== undefined && kind !== 'pin')}
                  onClick={() => {
                    choosePayment(kind);
                    focusMethod(kind);
                  }}
                >
                  {t(`method.${kind}`)}
                </button>
              ))}
            </div>
            {/* A direct debit asks the billing customer first, in reading order. */}
            {method === 'directDebit' && <BillingCustomer order={order} required />}
            {pendingPin && <PinPanel order={order} pending={pendingPin} />}
            {!pendingPin && canPay && method === 'cash' && allowedKind('cash') && <CashPanel order={order} />}
            {!pendingPin && canPay && method === 'pin' && allowedKind('pin') && <PinPanel order={order} pending={null} />}
            {!pendingPin && canPay && method === 'directDebit' && (
              <AreaSlot>
                <DirectDebitPanel order={order} mandateOnly={mandateOnly} />
              </AreaSlot>
            )}
            {method !== 'directDebit' && <BillingCustomer order={order} required={false} />}
          </section>
        </>
      )}
    </div>
  );
}

/** The lines being paid for, so the clerk and the customer check them before paying. */
function PayingFor({ order }: { order: Order }) {
  const { t, money } = useI18n();
  return (
    <table className="table paying-for">
      <caption>{t('checkout.paying')}</caption>
      <tbody>
        {order.orderLines.map((line) => (
          <tr key={line.orderLineId}>
            <td>
              {line.quantity} × {line.productName}
            </td>
            <td className="num nowrap">{money(line.amountInclTax)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
