import type { Order } from '../../shared/schemas/order';
import { useAction } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { useI18n } from '../i18n/i18n';
import { nextActionId } from './pick';
import { focusSoon, useSale } from './saleStore';
import { SeenFirst } from '../common/SeenFirst';

/**
 * "{product} added. Undo": a touch adds a product without asking, so the line it made can
 * be taken back at once. The only line of an order takes the order with it (an order always
 * has a line); it was never paid, so it is deleted, not cancelled.
 */
export function UndoBar({ order }: { order: Order }) {
  const { t } = useI18n();
  const undo = useSale((s) => s.undo);
  const removeLine = useAction('lines.remove');
  const deleteOrder = useAction('orders.delete');
  if (!undo || !order.orderLines.some((l) => l.orderLineId === undo.lineId)) return null;

  const takeBack = async () => {
    const sale = useSale.getState();
    if (order.orderLines.length === 1) {
      const result = await deleteOrder.run({ orderId: order.orderId });
      if (result.ok) sale.startNewSale();
      return;
    }
    const result = await removeLine.run({ orderLineId: undo.lineId });
    if (result.ok) {
      sale.offerUndo(null);
      focusSoon(nextActionId(result.value.order));
    }
  };

  return (
    <div className="undo-bar note note-ok">
      <p role="status">{t('products.added', { name: undo.productName })}</p>
      <button type="button" disabled={removeLine.pending || deleteOrder.pending} onClick={() => void takeBack()}>
        <SeenFirst seen={t('undo.button')} more={undo.productName} />
      </button>
      <ErrorNote error={removeLine.error ?? deleteOrder.error} />
    </div>
  );
}
