import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, useAction } from '../api/useInvoke';
import { Dialog } from '../common/Dialog';
import { ErrorNote } from '../common/ErrorNote';
import { useI18n } from '../i18n/i18n';
import { useCurrentOrder } from '../sale/hooks';
import { isConcept, orderStatusId } from '../sale/orderView';
import { focusSoon, saleOpen, useSale } from '../sale/saleStore';
import { UnfinishedList, useUnfinishedSales } from './UnfinishedSales';

/**
 * No sale is dropped unseen (docs/counter.md §12): a new sale or logging out while a sale is
 * open asks first (park it, cancel it, or go back), and logging out while other sales of the
 * counter are unfinished offers them once more.
 */

/** "Log out": asks first when a sale is open or others are unfinished, else logs out at once. */
export function requestLogout(): void {
  const sale = useSale.getState();
  sale.askLeave(saleOpen(sale) ? 'logout' : 'logout-list');
}

/** The question of the moment, if any. `logout` logs out for real. */
export function LeaveDialogs({ logout }: { logout: () => void }) {
  const leaving = useSale((s) => s.leaving);
  const proceed = () => {
    const sale = useSale.getState();
    if (sale.leaving === 'new') sale.startNewSale();
    else {
      sale.askLeave(null);
      logout();
    }
  };
  if (leaving === 'new' || leaving === 'logout') return <OpenSaleDialog proceed={proceed} />;
  if (leaving === 'logout-list') return <UnfinishedAtLogout proceed={proceed} />;
  return null;
}

const goBack = () => useSale.getState().askLeave(null);

/** The sale on the screen is open: park it, cancel it (an open order without money), or go back. */
function OpenSaleDialog({ proceed }: { proceed: () => void }) {
  const { t, money } = useI18n();
  const client = useQueryClient();
  const current = useCurrentOrder();
  const park = useAction('orders.park');
  const cancel = useAction('orders.cancel');
  const order = current.value?.order;
  const status = order ? orderStatusId(order) : null;
  // Nothing to keep: another touchpoint's order, or one finished meanwhile (or gone).
  const nothingToKeep = current.error !== null || current.value?.readOnly === true || (status !== null && status > 4);
  useEffect(() => {
    if (nothingToKeep) proceed();
  });
  useEffect(() => {
    focusSoon('leave-park');
  }, []);
  if (nothingToKeep) return null;
  const done = async (result: { ok: boolean }) => {
    void client.invalidateQueries({ queryKey: queryKeys.channel('orders.unfinished') });
    if (result.ok) proceed();
  };
  const orderId = useSale.getState().orderId ?? '';
  return (
    <Dialog id="leave" title={t('leave.title')} onClose={goBack}>
      {order && <p>{t('leave.about', { number: order.orderNumber, amount: money(order.totalAmount) })}</p>}
      <div className="row">
        <button
          type="button"
          id="leave-park"
          className="primary"
          aria-describedby="leave-park-hint"
          disabled={park.pending || cancel.pending}
          onClick={async () => done(await park.run({ orderId }))}
        >
          {t('leave.park')}
        </button>
        {order && isConcept(order) && (
          <button
            type="button"
            className="danger"
            disabled={park.pending || cancel.pending}
            onClick={async () => done(await cancel.run({ orderId }))}
          >
            {t('leave.cancel')}
          </button>
        )}
        <button type="button" onClick={goBack}>
          {t('leave.back')}
        </button>
      </div>
      <p className="hint" id="leave-park-hint">
        {t('leave.parkHint')}
      </p>
      {order && !isConcept(order) && <p className="hint">{t('leave.paid')}</p>}
      <ErrorNote error={park.error ?? cancel.error} />
    </Dialog>
  );
}

/** Logging out with sales of the counter unfinished: resume one, log out anyway, or stay. */
function UnfinishedAtLogout({ proceed }: { proceed: () => void }) {
  const { t } = useI18n();
  const unfinished = useUnfinishedSales();
  const sales = unfinished.value;
  // Read afresh: a list cached from before (a sale parked since) must not let the clerk out unasked.
  const none = sales !== undefined && sales.length === 0 && !unfinished.isFetching;
  useEffect(() => {
    if (none || unfinished.error) proceed();
  });
  useEffect(() => {
    focusSoon('logout-anyway');
  }, []);
  if (!sales || sales.length === 0) return null;
  return (
    <Dialog id="logout-offer" title={t('logout.title')} onClose={goBack}>
      <p id="logout-offer-about">{t('logout.about')}</p>
      <UnfinishedList sales={sales} labelledBy="logout-offer-title" />
      <div className="row">
        <button type="button" id="logout-anyway" onClick={proceed}>
          {t('logout.anyway')}
        </button>
        <button type="button" onClick={goBack}>
          {t('logout.stay')}
        </button>
      </div>
    </Dialog>
  );
}
