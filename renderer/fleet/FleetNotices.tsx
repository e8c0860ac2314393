import { useInvoke } from '../api/useInvoke';
import { useI18n } from '../i18n/i18n';

/** On every screen, above the rest: what the clerk must know about this counter itself (docs/counter.md §18). */
export function FleetNotices() {
  const { t } = useI18n();
  const status = useInvoke('fleet.status', {}, { staleTime: 60_000, refetchInterval: 60_000 }).value;
  if (!status) return null;
  const notices = [
    !status.database.ok && t('fleet.databaseDamaged'),
    status.enrolment.state === 'revoked' && t('fleet.revoked'),
    status.enrolment.state === 'codeRefused' && t('fleet.codeRefusedAtStart'),
  ].filter((notice): notice is string => typeof notice === 'string');
  if (notices.length === 0) return null;
  return (
    <section className="fleet-notices" aria-label={t('fleet.notices')}>
      {notices.map((notice) => (
        <p key={notice} role="alert" className="badge badge-bad">
          {notice}
        </p>
      ))}
    </section>
  );
}
