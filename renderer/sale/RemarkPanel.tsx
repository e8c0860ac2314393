import type { Order } from '../../shared/schemas/order';
import { tokenTypeName } from '../common/names';
import { describeDetail } from '../common/problems';
import { useI18n } from '../i18n/i18n';
import { useProducts } from './hooks';
import { paymentGate } from './orderView';
import { remarkActionId } from './pick';
import { remarkItems, type RemarkAction, type RemarkItem } from './remarks';

/**
 * What the order still needs, line by line, in plain words, each with the action that
 * resolves it; and the way to payment, open only when the order is valid (or only a mandate
 * is missing, which a direct debit with a mandate resolves).
 */
export function RemarkPanel({
  order,
  onAction,
  onPay,
}: {
  order: Order;
  onAction: (lineId: string, action: RemarkAction) => void;
  onPay: () => void;
}) {
  return (
    <>
      <RemarkList order={order} onAction={onAction} />
      <PayBar order={order} onPay={onPay} />
    </>
  );
}

/** What the order still needs, line by line (the order column scrolls it with the lines). */
export function RemarkList({ order, onAction }: { order: Order; onAction: (lineId: string, action: RemarkAction) => void }) {
  const { t } = useI18n();
  const items = remarkItems(order);
  const multipleLines = order.orderLines.length > 1;
  return (
    <section className="remarks" aria-labelledby="remarks-title">
      <h3 id="remarks-title" tabIndex={-1}>
        {t('remarks.title')}
      </h3>
      <div aria-live="polite">
        {items.length === 0 && order.orderLines.length > 0 && <p className="note note-ok">{t('remarks.none')}</p>}
        {order.orderLines.length === 0 && <p className="muted">{t('remarks.noLines')}</p>}
        {items.length > 0 && (
          <ul className="plain remark-list" aria-label={t('remarks.list')}>
            {items.map((item) => (
              <RemarkRow key={item.key} item={item} showLine={multipleLines} onAction={onAction} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

/** Pay: open only when the order is valid, or only a mandate is missing (a direct debit with one resolves it). */
export function PayBar({ order, onPay }: { order: Order; onPay: () => void }) {
  const { t } = useI18n();
  const gate = paymentGate(order);
  return (
    <div className="pay-bar">
      <button
        id="pay"
        type="button"
        data-landing={1}
        className="primary big"
        disabled={!gate.allowed}
        aria-describedby="pay-why"
        onClick={onPay}
      >
        {t('remarks.pay')}
      </button>
      <p id="pay-why" className="hint">
        {!gate.allowed ? t('remarks.payBlocked') : gate.mandateOnly ? t('remarks.payMandateOnly') : t('remarks.payReady')}
      </p>
    </div>
  );
}

function RemarkRow({
  item,
  showLine,
  onAction,
}: {
  item: RemarkItem;
  showLine: boolean;
  onAction: (lineId: string, action: RemarkAction) => void;
}) {
  const { t } = useI18n();
  const product = useProducts().find((p) => p.productId === item.productId);
  const textId = `remark-${item.key}`;
  // A token remark names only the token types this product accepts.
  const types = (product?.tokenTypeIds ?? []).map((id) => tokenTypeName(t, id)).join(', ');
  const text =
    item.kind === 'remark' ? t(`remark.${item.code}`, { types }) : `${t(`field.${item.field}`)}: ${describeDetail(t, item.detail)}`;
  return (
    <li className={`remark ${item.kind === 'error' ? 'remark-error' : ''}`} data-code={item.kind === 'remark' ? item.code : undefined}>
      <p id={textId}>
        <span className={`badge ${item.kind === 'error' ? 'badge-bad' : 'badge-info'}`}>
          {item.kind === 'error' ? t('remarks.error') : t('remarks.needed')}
        </span>{' '}
        {showLine && <strong>{item.lineName}: </strong>}
        {text}
      </p>
      <button
        id={remarkActionId(item.key)}
        type="button"
        data-landing={1}
        aria-describedby={textId}
        onClick={() => onAction(item.lineId, item.action)}
      >
        {t(`action.${item.action}`)}
      </button>
    </li>
  );
}
