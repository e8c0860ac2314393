import { useQueryClient } from '@tanstack/react-query';
import { syncStatusChanged, useAction, useInvoke } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { useI18n } from '../i18n/i18n';

/**
 * Orders sync set aside because the central failed them again and again (the others are
 * sent meanwhile): each with how often it was tried and the last error; a manager tries
 * one, or all, again. Shown only when there are any.
 */
export function SetAsideOrders() {
  const { t } = useI18n();
  const client = useQueryClient();
  const held = useInvoke('sync.setAside', {});
  const who = useInvoke('session.current', {});
  const retry = useAction('sync.retry', (status) => syncStatusChanged(client, status));
  const manager = who.value?.role === 'manager';
  if (!held.value || held.value.length === 0) return <ErrorNote error={held.error} />;
  return (
    <section className="card" aria-labelledby="sync-set-aside-title">
      <h3 id="sync-set-aside-title">{t('setAside.title')}</h3>
      <p>{t('setAside.about')}</p>
      <ul className="plain stack" aria-labelledby="sync-set-aside-title">
        {held.value.map(({ order, attempts, lastError }) => (
          <li key={order.orderId} className="panel">
            <h4>{t('syncPanel.order', { number: order.orderNumber })}</h4>
            <p>{t('setAside.facts', { attempts, error: lastError })}</p>
            {manager && (
              <button type="button" disabled={retry.pending} onClick={() => void retry.run({ orderId: order.orderId })}>
                {t('setAside.retry', { number: order.orderNumber })}
              </button>
            )}
          </li>
        ))}
      </ul>
      {manager ? (
        <button type="button" disabled={retry.pending} onClick={() => void retry.run({})}>
          {t('setAside.retryAll')}
        </button>
      ) : (
        <p className="muted">{t('setAside.managerOnly')}</p>
      )}
      <ErrorNote error={retry.error} />
    </section>
  );
}
