import { useInvoke } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { useI18n } from '../i18n/i18n';

/**
 * Orders sync set aside because the central failed them again and again (the others are
 * sent meanwhile), as a clerk sees them: how often each was tried and the last error. A
 * manager retries them from the sync problems (`SyncProblems`). Shown only when there are any.
 */
export function SetAsideOrders() {
  const { t } = useI18n();
  const held = useInvoke('sync.setAside', {});
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
          </li>
        ))}
      </ul>
      <p className="muted">{t('setAside.managerOnly')}</p>
    </section>
  );
}
