import { useState } from 'react';
import type { CounterOrder } from '../../shared/ipc';
import { refundable } from '../../domain/order/money';
import { useInvoke } from '../api/useInvoke';
import { useI18n } from '../i18n/i18n';
import { focusSoon } from '../sale/saleStore';
import { RefundForm } from './RefundForm';
import { RefundReceipt } from './RefundReceipt';

/** The first ticket's count: where the focus goes as the return opens. */
const firstLineId = (order: CounterOrder['order']) => `return-line-${order.orderLines[0]?.orderLineId ?? ''}`;

/**
 * Tickets back at the till (docs/counter.md §19): from an order's receipt, a clerk returns chosen
 * tickets with a manager's PIN given there; a manager needs none. Then the refund receipt.
 */
export function ReturnAtTill({ counterOrder }: { counterOrder: CounterOrder }) {
  const { t } = useI18n();
  const manager = useInvoke('session.current', {}).value?.role === 'manager';
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<CounterOrder | null>(null);
  const { order, readOnly } = counterOrder;
  if (done) return <RefundReceipt counterOrder={done} onDone={() => setDone(null)} />;
  if (readOnly || refundable(order) <= 0 || order.orderLines.every((l) => l.returnedQuantity >= l.quantity)) return null;
  if (!open) {
    return (
      <button
        type="button"
        className="no-print"
        onClick={() => {
          setOpen(true);
          focusSoon(firstLineId(order));
        }}
      >
        {t('return.open')}
      </button>
    );
  }
  return (
    <RefundForm
      order={order}
      approval={!manager}
      onDone={(next) => {
        setOpen(false);
        setDone(next);
      }}
      onCancel={() => setOpen(false)}
    />
  );
}
