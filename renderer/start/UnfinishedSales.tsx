import { useQueryClient } from '@tanstack/react-query';
import type { UnfinishedSale } from '../../shared/ipc';
import { queryKeys, useAction, useInvoke } from '../api/useInvoke';
import { focusMethod } from '../checkout/focusMethod';
import { ErrorNote } from '../common/ErrorNote';
import { useI18n } from '../i18n/i18n';
import { nextActionId } from '../sale/pick';
import { focusSoon, useSale } from '../sale/saleStore';
import { screenForStatus } from './OrderList';
import { SeenFirst } from '../common/SeenFirst';

/** The counter's parked and unfinished sales, newest first (docs/counter.md §12). */
export function useUnfinishedSales() {
  return useInvoke('orders.unfinished', {}, { staleTime: 0 });
}

/** Resumes a sale: off the parked list, open where its status belongs, the focus on its next step. */
export function useResume() {
  const client = useQueryClient();
  const resume = useAction('orders.resume');
  const run = async (sale: UnfinishedSale) => {
    const result = await resume.run({ orderId: sale.orderId });
    void client.invalidateQueries({ queryKey: queryKeys.channel('orders.unfinished') });
    if (!result.ok) return;
    const screen = screenForStatus(sale.statusId);
    const state = useSale.getState();
    state.openOrder(sale.orderId, screen);
    if (screen === 'sale') focusSoon(nextActionId(result.value.order));
    else if (screen === 'checkout') {
      state.choosePayment(state.lastMethod);
      focusMethod(state.lastMethod);
    }
  };
  return { run, pending: resume.pending, error: resume.error };
}

/** The sales as a list, each with its "Resume" button. */
export function UnfinishedList({ sales, labelledBy }: { sales: UnfinishedSale[]; labelledBy: string }) {
  const { t, money, dateTime } = useI18n();
  const resume = useResume();
  return (
    <>
      <ul className="plain stack" aria-labelledby={labelledBy}>
        {sales.map((sale) => (
          <li key={sale.orderId} className="row unfinished-sale">
            <span>
              <strong>{sale.orderNumber}</strong> · {money(sale.totalAmount)} · {sale.lines}{' '}
              <span className="muted">
                {sale.parked
                  ? sale.parked.by
                    ? t('unfinished.parked', { time: dateTime(sale.parked.at), name: sale.parked.by })
                    : t('unfinished.parkedBySomeone', { time: dateTime(sale.parked.at) })
                  : t('unfinished.started', { time: dateTime(sale.createdOn) })}
              </span>
            </span>
            <button type="button" disabled={resume.pending} onClick={() => void resume.run(sale)}>
              <SeenFirst seen={t('unfinished.resumeShort')} more={t('unfinished.resume', { number: sale.orderNumber })} />
            </button>
          </li>
        ))}
      </ul>
      <ErrorNote error={resume.error} />
    </>
  );
}

/** On the start screen, right after login too: the sales waiting to be finished. Shown only when there are any. */
export function UnfinishedSales() {
  const { t } = useI18n();
  const unfinished = useUnfinishedSales();
  const sales = unfinished.value ?? [];
  if (sales.length === 0) return <ErrorNote error={unfinished.error} />;
  return (
    <section className="card" aria-labelledby="unfinished-title">
      <h2 id="unfinished-title">{t('unfinished.title', { count: sales.length })}</h2>
      <p className="hint">{t('unfinished.about')}</p>
      <UnfinishedList sales={sales} labelledBy="unfinished-title" />
    </section>
  );
}
