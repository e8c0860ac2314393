import { useState, type FormEvent } from 'react';
import type { StaffMember } from '../../shared/ipc';
import { useInvoke } from '../api/useInvoke';
import { CustomerDisplayButton } from '../customer/CustomerDisplayButton';
import { ErrorNote } from '../common/ErrorNote';
import { useI18n } from '../i18n/i18n';
import { useSale } from '../sale/saleStore';
import { NEW_SALE_KEYS } from './GlobalKeys';
import { OrderList } from './OrderList';
import { areas, openWhenLoaded } from '../areas';
import { AreaSlot } from '../common/area';
import { UnfinishedSales } from './UnfinishedSales';
import { DAY_CLOSED_NOTE_ID, DayClosedNotice, useDayClosed } from './DayClosedNotice';

export const START_NEW_SALE_ID = 'start-new-sale';

/** The start: a new sale in one key press, finding an order; for managers the way to the manager's day. */
// A manager's offer, with the manager's code: a clerk's first load holds none of it.
const StaleConcepts = areas.manager.lazy((m) => m.StaleConcepts);
const ManagerWays = areas.manager.lazy((m) => m.ManagerWays);
const RejectedList = areas.sync.lazy((m) => m.RejectedOrders);

/** The orders the central refused, when there are any or the clerk asked (the top bar's "show"). */
function RejectedOrders({ open }: { open: boolean }) {
  const status = useInvoke('sync.status', {}, { staleTime: 30_000 });
  if ((status.value?.rejected ?? 0) === 0 && !open) return null;
  return (
    <AreaSlot>
      <RejectedList />
    </AreaSlot>
  );
}

export function StartScreen({ clerk, showRejected }: { clerk: StaffMember; showRejected: boolean }) {
  const { t } = useI18n();
  const newSale = useSale((s) => s.newSale);
  // A closed day takes no sale: said here, before any is tried.
  const closedDay = useDayClosed();
  return (
    <div className="start">
      <section className="card" aria-labelledby="start-title">
        <h2 id="start-title">{t('start.title')}</h2>
        {closedDay && <DayClosedNotice businessDate={closedDay} />}
        <button
          type="button"
          id={START_NEW_SALE_ID}
          data-landing={1}
          className="primary big"
          aria-keyshortcuts={NEW_SALE_KEYS}
          disabled={closedDay !== null}
          aria-describedby={closedDay ? DAY_CLOSED_NOTE_ID : undefined}
          onClick={newSale}
        >
          {t('start.newSale')}
        </button>
        <p className="hint">{t('start.newSaleKeys')}</p>
        <button type="button" onClick={() => openWhenLoaded(areas.cards, () => useSale.getState().goTo('cards'))}>
          {t('cards.open')}
        </button>
        <CustomerDisplayButton />
        {clerk.role === 'manager' && (
          <AreaSlot>
            <ManagerWays />
          </AreaSlot>
        )}
      </section>
      <UnfinishedSales />
      <OrderSearch />
      {clerk.role === 'manager' && (
        <AreaSlot>
          <StaleConcepts />
        </AreaSlot>
      )}
      <RejectedOrders open={showRejected} />
    </div>
  );
}

function OrderSearch() {
  const { t } = useI18n();
  const [text, setText] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const found = useInvoke('orders.search', { text: query ?? '' }, { enabled: query !== null });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) setQuery(text.trim());
  };

  return (
    <section className="card" aria-labelledby="order-search-title">
      <h2 id="order-search-title">{t('orderSearch.title')}</h2>
      <form onSubmit={submit} className="row" role="search">
        <label htmlFor="order-search" className="sr-only">
          {t('orderSearch.label')}
        </label>
        <input
          id="order-search"
          type="search"
          value={text}
          aria-describedby="order-search-hint"
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit">{t('orderSearch.submit')}</button>
      </form>
      <p className="hint" id="order-search-hint">
        {t('orderSearch.hint')}
      </p>
      <ErrorNote error={found.error} />
      <div aria-live="polite">
        {query !== null && found.isLoading && <p>{t('common.searching')}</p>}
        {found.value && <OrderList orders={found.value} caption={t('orderSearch.results')} />}
      </div>
    </section>
  );
}
