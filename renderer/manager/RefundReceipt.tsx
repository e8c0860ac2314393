import type { CounterOrder } from '../../shared/ipc';
import { withCashRounding } from '../../domain/receipts/receipt';
import { Receipt } from '../checkout/ReceiptScreen';
import { usePrintReceipt } from '../checkout/printing';
import { ErrorNote } from '../common/ErrorNote';
import { useI18n } from '../i18n/i18n';
import { returnedItems } from '../../domain/order/returns';

/** The order after a refund, as the refund receipt for the customer, printed on the counter's paper. */
export function RefundReceipt({ counterOrder, onDone }: { counterOrder: CounterOrder; onDone: () => void }) {
  const { order } = counterOrder;
  const { t } = useI18n();
  const print = usePrintReceipt();
  // The refund just made is the order's last; a return names its tickets (docs/counter.md §19).
  const returned = order.payments.filter((p) => p.isRefund).at(-1)?.lines;
  return (
    <div className={`refund-receipt paper-${print.layout}`}>
      <p role="status" className="note note-ok">
        {t(returned ? 'return.done' : 'refund.done', { number: order.orderNumber })}
      </p>
      <div className="row no-print">
        <button type="button" className="primary" disabled={print.pending} onClick={() => void print.run()}>
          {t('refund.print')}
        </button>
        <button type="button" onClick={onDone}>
          {t('refund.close')}
        </button>
      </div>
      <ErrorNote error={print.error} />
      {returned && <p className="returned-items">{t('return.receiptReturned', { items: returnedItems(returned, order.orderLines) })}</p>}
      <Receipt order={withCashRounding(order, counterOrder.cashRounding)} title={t('refund.receiptTitle')} />
    </div>
  );
}
