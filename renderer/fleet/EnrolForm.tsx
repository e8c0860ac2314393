import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { EnrolRestart } from '../../shared/ipc/fleet';
import { setAnswer, useAction } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { useI18n } from '../i18n/i18n';

/**
 * The central's address and the operator's one-time code (docs/api.md §11.1): on the first run,
 * and for a manager in the settings (a counter taken out of the fleet, or another central).
 */
export function EnrolForm({ initialUrl = '' }: { initialUrl?: string }) {
  const { t } = useI18n();
  const client = useQueryClient();
  const [centralUrl, setCentralUrl] = useState(initialUrl);
  const [code, setCode] = useState('');
  const [done, setDone] = useState<{ touchpoint: number; restart: EnrolRestart } | null>(null);
  const enrol = useAction('fleet.enrol', ({ status, restart }) => {
    setAnswer(client, 'fleet.status', {}, status);
    setDone({ touchpoint: status.enrolment.touchpointId ?? 0, restart });
    setCode('');
  });
  const ready = centralUrl.trim() !== '' && code.replace(/[\s-]/g, '').length >= 8;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (ready) await enrol.run({ centralUrl: centralUrl.trim(), code });
  };
  return (
    <form onSubmit={submit} className="card stack" aria-labelledby="enrol-title">
      <h3 id="enrol-title">{t('fleet.enrolTitle')}</h3>
      <p>{t('fleet.enrolIntro')}</p>
      <label htmlFor="enrol-url">{t('fleet.centralUrl')}</label>
      <input
        id="enrol-url"
        type="url"
        inputMode="url"
        autoComplete="off"
        value={centralUrl}
        onChange={(e) => setCentralUrl(e.target.value)}
      />
      <label htmlFor="enrol-code">{t('fleet.code')}</label>
      <input
        id="enrol-code"
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={32}
        value={code}
        onChange={(e) => setCode(e.target.value)}
      />
      <ErrorNote error={enrol.error} />
      {done && (
        <p role="status">
          {t('fleet.enrolled', { touchpoint: done.touchpoint })}{' '}
          {done.restart === 'now' ? t('fleet.restartNow') : done.restart === 'manual' ? t('fleet.restartManual') : ''}
        </p>
      )}
      <button type="submit" className="primary" disabled={!ready || enrol.pending}>
        {t('fleet.enrolSubmit')}
      </button>
    </form>
  );
}
