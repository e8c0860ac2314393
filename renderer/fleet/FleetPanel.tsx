import type { EnrolmentView, UpdateView } from '../../shared/ipc/fleet';
import { EnrolForm } from './EnrolForm';
import { useState } from 'react';
import { useAction, useInvoke } from '../api/useInvoke';
import { offerDownload } from '../manager/download';
import { ErrorNote } from '../common/ErrorNote';
import { useI18n, type I18n } from '../i18n/i18n';

const FLEET_TITLE_ID = 'fleet-title';

/**
 * The manager's view of this counter in the fleet: its version, update and enrolment, the
 * support bundle and the enrolment form (docs/counter.md §18). The facts are left out while they
 * cannot be read; the rest of the settings screen says any trouble with the main process.
 */
export function FleetPanel() {
  const { t } = useI18n();
  const status = useInvoke('fleet.status', {}, { staleTime: 10_000, refetchInterval: 30_000 });
  const s = status.value;
  return (
    <section className="card" aria-labelledby={FLEET_TITLE_ID}>
      <h2 id={FLEET_TITLE_ID}>{t('fleet.title')}</h2>
      {s && (
        <dl className="facts">
          <dt>{t('fleet.version')}</dt>
          <dd>{s.appVersion}</dd>
          <dt>{t('fleet.update')}</dt>
          <dd>{updateWords(t, s.update)}</dd>
          <dt>{t('fleet.enrolment')}</dt>
          <dd>{enrolmentWords(t, s.enrolment)}</dd>
        </dl>
      )}
      <SupportBundleButton />
      {s && <EnrolForm />}
    </section>
  );
}

function updateWords(t: I18n['t'], update: UpdateView): string {
  if (!update.available) return t('fleet.updateOff');
  if (!update.pending) return t('fleet.updateNone');
  if (update.pending.phase === 'downloading') return t('fleet.updateDownloading', { version: update.pending.version });
  const ready = t('fleet.updateReady', { version: update.pending.version });
  if (update.waitingFor.length === 0) return ready;
  const reasons = update.waitingFor.map((gate) => t(`fleet.gate.${gate}`)).join(', ');
  return `${ready}. ${t('fleet.updateWaits', { reasons })}. ${t('fleet.updateAtStart')}`;
}

function enrolmentWords(t: I18n['t'], enrolment: EnrolmentView): string {
  if (enrolment.state === 'enrolled') return t('fleet.enrolmentEnrolled', { touchpoint: enrolment.touchpointId ?? 0 });
  if (enrolment.state === 'revoked') return t('fleet.enrolmentRevoked');
  if (enrolment.state === 'codeRefused') return t('fleet.enrolmentRefused');
  return t('fleet.enrolmentNone');
}

function SupportBundleButton() {
  const { t } = useI18n();
  const [saved, setSaved] = useState<string | null>(null);
  const make = useAction('fleet.supportBundle', (file) => {
    offerDownload(file);
    setSaved(file.fileName);
  });
  return (
    <div className="stack">
      <p className="hint" id="support-hint">
        {t('fleet.supportHint')}
      </p>
      <button type="button" aria-describedby="support-hint" onClick={() => void make.run({})} disabled={make.pending}>
        {t('fleet.supportBundle')}
      </button>
      <ErrorNote error={make.error} />
      <p role="status">{saved ? t('fleet.supportSaved', { file: saved }) : ''}</p>
    </div>
  );
}
