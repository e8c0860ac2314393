import { useState } from 'react';
import { useAction } from '../api/useInvoke';
import { areas } from '../areas';
import { focusMethod } from '../checkout/focusMethod';
import { ErrorNote } from '../common/ErrorNote';
import { useI18n } from '../i18n/i18n';
import { statusKey } from '../start/OrderList';
import { useCurrentOrder } from './hooks';
import { OrderLineItem } from './OrderLineItem';
import { isConcept, orderStatusId, paymentGate } from './orderView';
import { PayBar, RemarkList } from './RemarkPanel';
import type { RemarkAction } from './remarks';
import { focusSoon, useSale, type LineTask } from './saleStore';
import { UndoBar } from './UndoBar';
import { useLastLineInView } from './lastLineInView';

type EditorAction = Exclude<RemarkAction, 'add-token' | 'register-token' | 'change-token' | 'mandate'>;

/** The remark actions resolved in the line's editor: the task it opens for, the field focused (`line-{id}-{field}`). */
const IN_EDITOR: Record<EditorAction, { task: LineTask; field: string }> = {
  'choose-product': { task: 'choose-product', field: 'variants' },
  'set-start-date': { task: 'start-date', field: 'start' },
  'add-birthdate': { task: 'personal', field: 'birthdate' },
  'change-birthdate': { task: 'personal', field: 'birthdate' },
  'personal-data': { task: 'personal', field: 'name' },
  'edit-line': { task: 'quantity', field: 'quantity' },
};

/** Takes the clerk to what resolves a remark: the token search, the checkout, or the line's editor. */
function resolveRemark(lineId: string, action: RemarkAction): void {
  const sale = useSale.getState();
  switch (action) {
    case 'add-token':
    case 'register-token':
    case 'change-token':
      sale.targetLineForToken(lineId);
      focusSoon('token-search');
      return;
    case 'mandate':
      openCheckout(true);
      return;
    default: {
      const { task, field } = IN_EDITOR[action];
      sale.edit(lineId, task);
      focusSoon(`line-${lineId}-${field}`, task === 'personal' ? areas.personal.load() : undefined);
    }
  }
}

/**
 * To the checkout with a method ready: the last one used at this counter, or a direct debit
 * when only a mandate is missing; the focus on that method's first field.
 */
function openCheckout(mandateOnly: boolean): void {
  const sale = useSale.getState();
  const method = mandateOnly ? 'directDebit' : sale.lastMethod;
  sale.choosePayment(method);
  sale.goTo('checkout');
  focusMethod(method);
}

/** The order being sold: its lines, total, what is still needed, and the way to payment. */
export function OrderPanel() {
  const { t, money } = useI18n();
  const current = useCurrentOrder();
  const orderId = useSale((s) => s.orderId);
  const cancel = useAction('orders.cancel');
  const [confirmCancel, setConfirmCancel] = useState(false);
  const order = current.value?.order;
  const sync = current.value?.sync;
  // An order another touchpoint owns is shown as it is: the counter may not change it.
  const readOnly = current.value?.readOnly === true;
  const open = order !== undefined && isConcept(order) && !readOnly;
  const linesBox = useLastLineInView(order?.orderLines.length ?? 0);

  if (!orderId) {
    return (
      <section className="panel" aria-labelledby="order-title">
        <h2 id="order-title">{t('order.title')}</h2>
        <p className="muted">{t('order.empty')}</p>
      </section>
    );
  }

  return (
    <section className="panel order-panel" aria-labelledby="order-title">
      <h2 id="order-title">
        {t('order.title')} {order && <span className="order-number">{order.orderNumber}</span>}
      </h2>
      <ErrorNote error={current.error} />
      {current.isLoading && <p>{t('common.loading')}</p>}
      {order && sync && (
        <>
          <p className="muted">
            {t(`orderStatus.${statusKey(orderStatusId(order))}`)} · {t(`syncState.${sync.state}`)}
            {sync.centralOrderNumber && sync.centralOrderNumber !== order.orderNumber && (
              <> · {t('order.centralNumber', { number: sync.centralOrderNumber })}</>
            )}
          </p>
          {open && <UndoBar order={order} />}
          <div className="order-scroll" ref={linesBox}>
            <ol className="plain lines" aria-label={t('order.lines')}>
              {order.orderLines.map((line) => (
                <OrderLineItem key={line.orderLineId} line={line} editable={open} />
              ))}
            </ol>
          </div>
          {/* What the order still needs stays in view with its actions; the lines scroll (docs/counter.md §12.1). */}
          {open && <RemarkList order={order} onAction={resolveRemark} />}
          <div className="order-foot">
            <p className="total-line" aria-live="polite">
              {t('order.total')} <strong className="nowrap">{money(order.totalAmount)}</strong>
            </p>
            {readOnly ? (
              <p className="muted" role="note">
                {t('order.readOnly', { touchpoint: order.touchPoint.name })}
              </p>
            ) : open ? (
              <PayBar order={order} onPay={() => openCheckout(paymentGate(order).mandateOnly)} />
            ) : (
              <button type="button" className="primary" onClick={() => useSale.getState().goTo('checkout')}>
                {t('order.toPayment')}
              </button>
            )}
            <ErrorNote error={cancel.error} />
            {open && (
              <div className="row">
                {!confirmCancel ? (
                  <button type="button" className="danger" onClick={() => setConfirmCancel(true)}>
                    {t('order.cancel')}
                  </button>
                ) : (
                  <>
                    <button
                      type="button"
                      className="danger"
                      disabled={cancel.pending}
                      onClick={async () => {
                        const result = await cancel.run({ orderId: order.orderId });
                        if (result.ok) useSale.setState({ screen: 'start', orderId: null, token: null });
                      }}
                    >
                      {t('order.confirmCancel')}
                    </button>
                    <button type="button" onClick={() => setConfirmCancel(false)}>
                      {t('order.keep')}
                    </button>
                  </>
                )}
              </div>
            )}
          </div>
        </>
      )}
    </section>
  );
}
