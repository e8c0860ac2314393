import { useState } from 'react';
import type { ConnectionStep, ConnectionTest as Tested } from '../../shared/ipc';
import { useAction } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { clockWarning } from '../fleet/clockWords';
import { useI18n, type I18n } from '../i18n/i18n';

const OUTCOME_BADGE: Record<ConnectionStep['outcome'], string> = { ok: 'badge-ok', failed: 'badge-bad', skipped: 'badge-plain' };

/**
 * "Test connection" for managers (docs/counter.md §20): the central in use now, step by step
 * (reached, secure, token taken, clock), each with its outcome and, when it failed, what to do.
 */
export function ConnectionTest() {
  const { t } = useI18n();
  const [tested, setTested] = useState<Tested | null>(null);
  const test = useAction('sync.testConnection', setTested);
  const passed = tested?.steps.every((s) => s.outcome !== 'failed');
  return (
    <section aria-labelledby="connection-test-title">
      <h3 id="connection-test-title">{t('conn.title')}</h3>
      <p className="hint">{t('conn.about')}</p>
      <button
        type="button"
        onClick={() => {
          setTested(null);
          void test.run({});
        }}
        disabled={test.pending}
      >
        {t('conn.run')}
      </button>
      <ErrorNote error={test.error} />
      <p role="status" aria-live="polite">
        {test.pending ? t('conn.running') : tested ? t(passed ? 'conn.allOk' : 'conn.someFailed') : ''}
      </p>
      {tested && (
        <ol className="plain stack" aria-label={t('conn.steps')}>
          {tested.steps.map((step) => (
            <li key={step.step}>
              <strong>{t(`conn.step.${step.step}`)}</strong>{' '}
              <span className={`badge ${OUTCOME_BADGE[step.outcome]}`}>{t(`conn.outcome.${step.outcome}`)}</span>{' '}
              {stepWords(t, tested, step)}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** What a step found, in words: why it failed or was skipped, else what it confirmed. */
export function stepWords(t: I18n['t'], tested: Tested, step: ConnectionStep): string {
  if (step.reason === 'clockOff') return t('conn.why.clockOff', { warning: clockWarning(t, step.offsetMs ?? null) ?? '' });
  if (step.reason) return t(`conn.why.${step.reason}`);
  if (step.step === 'reach') return tested.embeddedCentral ? t('conn.ok.reachEmbedded') : t('conn.ok.reach', { url: tested.url });
  return t(`conn.ok.${step.step}`);
}
