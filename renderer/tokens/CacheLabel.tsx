import type { LookupAnswer } from '../../shared/ipc';
import { useI18n, type I18n } from '../i18n/i18n';

export function formatAge(seconds: number, t: I18n['t']): string {
  if (seconds < 60) return t('age.seconds', { n: Math.round(seconds) });
  if (seconds < 3600) return t('age.minutes', { n: Math.round(seconds / 60) });
  if (seconds < 86400) return t('age.hours', { n: Math.round(seconds / 3600) });
  return t('age.days', { n: Math.round(seconds / 86400) });
}

/** Says when a lookup was answered from the local cache rather than the central, and how old it is. */
export function CacheLabel({ answer }: { answer: LookupAnswer<unknown> }) {
  const { t } = useI18n();
  if (answer.source !== 'cache') return null;
  const age = answer.ageSeconds !== null ? formatAge(answer.ageSeconds, t) : t('age.unknown');
  return (
    <p className={`note ${answer.stale ? 'note-warn' : ''}`} role="note">
      <span className="badge badge-warn">{answer.stale ? t('cache.stale') : t('cache.cached')}</span> {t('cache.age', { age })}
    </p>
  );
}
