import { useAction } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { useI18n } from '../i18n/i18n';
import { useCatalog, useCurrentOrder } from '../sale/hooks';
import { isConcept, orderStatusId, outstandingAmount, paymentGate, paymentState, settledAmount } from '../sale/orderView';
import { focusSoon, useSale } from '../sale/saleStore';
import { statusKey } from '../start/OrderList';
import { BillingCustomerForm } from './BillingCustomerForm';
import { CashPanel } from './CashPanel';
import { DirectDebitPanel } from './DirectDebitPanel';
import { methodId, type MethodKind } from './payments';
import { PaymentsList } from './PaymentsList';
import { PinPanel } from './PinPanel';

const PAID = 4;
const DELIVERED = 5;
const CANCELLED = 6;

/** Checkout: billing customer, payment by cash, PIN or direct debit, then delivery. */
export function CheckoutScreen() {
  const { t, money } = useI18n();
  const current = useCurrentOrder();
  const methods = useCatalog().value?.paymentMethods ?? [];
  const method = useSale((s) => s.paymentMethod);
  const choosePayment = useSale((s) => s.choosePayment);
  const goTo = useSale((s) => s.goTo);
  const deliver = useAction('orders.deliver', () => goTo('receipt'));
  const order = current.value?.order;

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
  const gate = paymentGate(order);
  const canPay = isConcept(order) ? gate.allowed : status === 2 || status === 3;
  const outstanding = outstandingAmount(order);
  const pinId = methodId(methods, 'pin');
  const pendingPin = order.payments.find((p) => p.paymentMethod.paymentMethodId === pinId && paymentState(p) === 'PENDING');
  const kinds: MethodKind[] = ['cash', 'pin', 'directDebit'];
  const allowedKind = (kind: MethodKind) => !(gate.mandateOnly && isConcept(order) && kind !== 'directDebit');

  return (
    <div className="checkout">
      <nav className="row screen-nav" aria-label={t('nav.label')}>
        {isConcept(order) && (
          <button type="button" onClick={() => goTo('sale')}>
            {t('checkout.back')}
          </button>
        )}
        <button type="button" onClick={() => goTo('start')}>
          {t('nav.start')}
        </button>
      </nav>
      <section className="panel" aria-labelledby="checkout-title">
        <h2 id="checkout-title">
          {t('checkout.title')} <span className="order-number">{order.orderNumber}</span>
        </h2>
        <p className="muted">{t(`orderStatus.${statusKey(status)}`)}</p>
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
        {status === PAID && (
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
        {(status === DELIVERED || status === CANCELLED) && (
          <button type="button" className="primary" onClick={() => goTo('receipt')}>
            {t('checkout.showReceipt')}
          </button>
        )}
      </section>
      {status < PAID && (
        <>
          <BillingCustomerForm order={order} required={method === 'directDebit'} />
          <section className="panel" aria-labelledby="method-title">
            <h2 id="method-title">{t('checkout.method')}</h2>
            {!canPay && <p className="note note-warn">{t('remarks.payBlocked')}</p>}
            {gate.mandateOnly && isConcept(order) && <p className="note note-info">{t('remarks.payMandateOnly')}</p>}
            <div className="row" role="group" aria-label={t('checkout.method')}>
              {kinds.map((kind) => (
                <button
                  key={kind}
                  type="button"
                  aria-pressed={method === kind}
                  disabled={!canPay || !allowedKind(kind) || (pendingPin !== undefined && kind !== 'pin')}
                  onClick={() => {
                    choosePayment(kind);
                    focusSoon(`pay-${kind}`);
                  }}
                >
                  {t(`method.${kind}`)}
                </button>
              ))}
            </div>
            {pendingPin && <PinPanel order={order} pending={pendingPin} />}
            {!pendingPin && canPay && method === 'cash' && allowedKind('cash') && <CashPanel order={order} />}
            {!pendingPin && canPay && method === 'pin' && allowedKind('pin') && <PinPanel order={order} pending={null} />}
            {!pendingPin && canPay && method === 'directDebit' && (
              <DirectDebitPanel order={order} mandateOnly={gate.mandateOnly && isConcept(order)} />
            )}
          </section>
        </>
      )}
    </div>
  );
}
