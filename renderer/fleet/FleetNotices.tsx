import { useInvoke } from '../api/useInvoke';
import { useI18n } from '../i18n/i18n';

/** On every screen, above the rest: what the clerk must know about this counter itself (docs/counter.md §18). */
export function FleetNotices() {
  const { t } = useI18n();
  const status = useInvoke('fleet.status', {}, { staleTime: 60_000, refetchInterval: 60_000 }).value;
  if (!status || status.database.ok) return null;
  return (
    <section className="fleet-notices" aria-label={t('fleet.notices')}>
      <p role="alert" className="badge badge-bad">
        {t('fleet.databaseDamaged')}
      </p>
    </section>
  );
}
