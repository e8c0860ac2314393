import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CounterOrder, SyncStatus } from '../../shared/ipc';
import { syncStatusChanged, useAction, useInvoke } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { ScreenNav } from '../common/ScreenNav';
import { useI18n } from '../i18n/i18n';
import { orderStatusId } from '../sale/orderView';
import { useSale } from '../sale/saleStore';
import { screenForStatus } from '../start/OrderList';
import { closeSyncPanel, SYNC_PANEL_TITLE_ID } from './navigation';
import { reasonInWords } from './reasons';
import { SetAsideOrders } from './SetAsideOrders';
import { SyncProblems } from './SyncProblems';
import { UnsentOrders } from './UnsentOrders';
import { clockWarning } from '../fleet/clockWords';
import { STATE_BADGE } from '../start/SyncStatusBar';
// The start screen's list of refused orders loads with this panel's code (renderer/areas.ts).
export { RejectedOrders } from '../start/RejectedOrders';

/**
 * The details behind the top bar's sync status: whether the central can be reached, what
 * waits to be sent, when the last sync succeeded and the last error; "Sync now"; and the
 * orders the central refused, each with its reasons and a way to open it; for managers every
 * order the central does not have, to retry, refund or cancel.
 */
export function SyncPanel() {
  const { t } = useI18n();
  // Managers act on what went wrong (retry, refund, cancel); clerks see it.
  const manager = useInvoke('session.current', {}).value?.role === 'manager';
  return (
    <div className="sync-panel">
      <ScreenNav label={t('syncPanel.nav')}>
        <button type="button" onClick={closeSyncPanel}>
          {t('syncPanel.back')}
        </button>
      </ScreenNav>
      <section className="card" aria-labelledby={SYNC_PANEL_TITLE_ID}>
        <h2 id={SYNC_PANEL_TITLE_ID} tabIndex={-1}>
          {t('syncPanel.title')}
        </h2>
        <SyncDetails />
      </section>
      <UnsentOrders />
      {manager ? (
        <SyncProblems />
      ) : (
        <>
          <RefusedOrders />
          <SetAsideOrders />
        </>
      )}
    </div>
  );
}

function SyncDetails() {
  const { t, dateTime, refusal } = useI18n();
  const client = useQueryClient();
  const status = useInvoke('sync.status', {}, { staleTime: 30_000, refetchInterval: 60_000 });
  const [finished, setFinished] = useState<SyncStatus | null>(null);
  const syncNow = useAction('sync.now', (next) => {
    syncStatusChanged(client, next);
    setFinished(next);
  });
  const s = status.value;

  return (
    <>
      <ErrorNote error={status.error} />
      {!s && !status.error && <p role="status">{t('common.loading')}</p>}
      {s && (
        <dl className="facts">
          <dt>{t('syncPanel.connection')}</dt>
          <dd>
            <span className={`badge ${STATE_BADGE[s.state]}`}>{t(`central.state.${s.state}`)}</span> {t(`central.todo.${s.state}`)}
          </dd>
          <dt>{t('syncPanel.central')}</dt>
          <dd>{s.embeddedCentral ? t('settings.embedded') : t('syncPanel.configured')}</dd>
          <dt>{t('syncPanel.pending')}</dt>
          <dd>{s.pending}</dd>
          <dt>{t('syncPanel.rejected')}</dt>
          <dd>{s.rejected}</dd>
          <dt>{t('syncPanel.setAside')}</dt>
          <dd>{s.setAside}</dd>
          <dt>{t('syncPanel.lastSuccess')}</dt>
          <dd>{s.lastSuccessAt ? dateTime(s.lastSuccessAt) : t('syncPanel.never')}</dd>
          <dt>{t('syncPanel.lastError')}</dt>
          <dd>{s.lastError ? refusal(s.lastError) : t('syncPanel.noError')}</dd>
          <dt>{t('fleet.clockLabel')}</dt>
          <dd>{s.clockOffsetMs === null ? t('fleet.clockUnknown') : (clockWarning(t, s.clockOffsetMs) ?? t('fleet.clockRight'))}</dd>
        </dl>
      )}
      <div className="row">
        <button
          type="button"
          className="primary"
          onClick={() => {
            setFinished(null);
            void syncNow.run({});
          }}
          disabled={syncNow.pending}
        >
          {t('sync.now')}
        </button>
      </div>
      <ErrorNote error={syncNow.error} />
      <p role="status" aria-live="polite">
        {syncNow.pending ? t('syncPanel.syncing') : finished ? finishedWords(t, finished) : ''}
      </p>
    </>
  );
}

/** "Sync finished" only when the central took part: a refused or unreachable central is said with what to do. */
function finishedWords(t: ReturnType<typeof useI18n>['t'], finished: SyncStatus): string {
  if (finished.state === 'online' || finished.state === 'clockOff') {
    return t('syncPanel.done', { pending: finished.pending, rejected: finished.rejected });
  }
  return t('central.notDone', { why: t(`central.todo.${finished.state}`) });
}

function RefusedOrders() {
  const { t } = useI18n();
  const rejected = useInvoke('sync.rejected', {});
  return (
    <section className="card" aria-labelledby="sync-refused-title">
      <h3 id="sync-refused-title">{t('rejected.title')}</h3>
      <ErrorNote error={rejected.error} />
      {rejected.isLoading && <p role="status">{t('common.loading')}</p>}
      {rejected.value?.length === 0 && <p className="muted">{t('rejected.none')}</p>}
      {rejected.value && rejected.value.length > 0 && (
        <ul className="plain stack" aria-labelledby="sync-refused-title">
          {rejected.value.map((counterOrder) => (
            <RefusedOrder key={counterOrder.order.orderId} counterOrder={counterOrder} />
          ))}
        </ul>
      )}
    </section>
  );
}

function RefusedOrder({ counterOrder: { order, sync } }: { counterOrder: CounterOrder }) {
  const { t, money, dateTime } = useI18n();
  const openOrder = useSale((s) => s.openOrder);
  const titleId = `refused-${order.orderId}`;
  return (
    <li className="panel">
      <h4 id={titleId}>{t('syncPanel.order', { number: order.orderNumber })}</h4>
      <p>{t('syncPanel.orderFacts', { when: dateTime(order.createdOn), total: money(order.totalAmount) })}</p>
      <p>
        <strong id={`${titleId}-reasons`}>{t('syncPanel.reasons')}</strong>
      </p>
      {sync.reasons.length === 0 ? (
        <p>{t('syncPanel.noReason')}</p>
      ) : (
        <ul aria-labelledby={`${titleId}-reasons`}>
          {sync.reasons.map((reason, i) => (
            <li key={i}>{reasonInWords(t, order, reason)}</li>
          ))}
        </ul>
      )}
      <button type="button" onClick={() => openOrder(order.orderId, screenForStatus(orderStatusId(order)))}>
        {t('orders.open', { number: order.orderNumber })}
      </button>
    </li>
  );
}
