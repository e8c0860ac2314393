import type { EnrolmentView, UpdateView } from '../../shared/ipc/fleet';
import { EnrolForm } from './EnrolForm';
import { useEffect, useState } from 'react';
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
  const catalog = useInvoke('catalog.get', {});
  const s = status.value;
  // An enrolled counter shows its enrolment and offers enrolling again only when asked; the form
  // stays open once shown, so that its own answer stays in view after enrolling (docs/counter.md §18).
  const [formOpen, setFormOpen] = useState(false);
  const enrolled = s?.enrolment.state === 'enrolled';
  useEffect(() => {
    if (s && !enrolled) setFormOpen(true);
  }, [s, enrolled]);
  const touchpointName = (id: number | null) =>
    catalog.value?.touchpoints.find((tp) => tp.salesTouchpointId === id)?.name ?? t('fleet.touchpointNumber', { number: id ?? 0 });
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
          <dd>{enrolmentWords(t, s.enrolment, touchpointName)}</dd>
        </dl>
      )}
      <SupportBundleButton />
      {s && formOpen && <EnrolForm />}
      {s && !formOpen && (
        <button type="button" onClick={() => setFormOpen(true)}>
          {t('fleet.enrolAgain')}
        </button>
      )}
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

function enrolmentWords(t: I18n['t'], enrolment: EnrolmentView, touchpointName: (id: number | null) => string): string {
  if (enrolment.state === 'enrolled') return t('fleet.enrolmentEnrolled', { touchpoint: touchpointName(enrolment.touchpointId) });
  if (enrolment.state === 'revoked') return t('fleet.enrolmentRevoked');
  if (enrolment.state === 'codeRefused') return t('fleet.enrolmentRefused');
  return t('fleet.enrolmentNone');
}

/** What the last of the two support actions did: saved as a file, or uploaded to the central. */
type SupportDone = { by: 'make'; file: string } | { by: 'upload'; kib: number };

function SupportBundleButton() {
  const { t } = useI18n();
  const [last, setLast] = useState<'make' | 'upload' | null>(null);
  const [done, setDone] = useState<SupportDone | null>(null);
  const make = useAction('fleet.supportBundle', (file) => {
    offerDownload(file);
    setDone({ by: 'make', file: file.fileName });
  });
  // The same bundle sent to the central (docs/api.md §11.6); a refusal says why in words.
  const upload = useAction('fleet.uploadSupportBundle', (sent) =>
    setDone({ by: 'upload', kib: Math.max(1, Math.round(sent.bytes / 1024)) }),
  );
  const start = (which: 'make' | 'upload') => {
    setLast(which);
    setDone(null);
    void (which === 'make' ? make : upload).run({});
  };
  const pending = make.pending || upload.pending;
  return (
    <div className="stack">
      <p className="hint" id="support-hint">
        {t('fleet.supportHint')}
      </p>
      <div className="row">
        <button type="button" aria-describedby="support-hint" onClick={() => start('make')} disabled={pending}>
          {t('fleet.supportBundle')}
        </button>
        <button type="button" aria-describedby="support-hint" onClick={() => start('upload')} disabled={pending}>
          {t('fleet.supportUpload')}
        </button>
      </div>
      <ErrorNote error={last === 'upload' ? upload.error : last === 'make' ? make.error : null} />
      <p role="status">
        {done?.by === 'make' && t('fleet.supportSaved', { file: done.file })}
        {done?.by === 'upload' && t('fleet.supportUploaded', { size: done.kib })}
      </p>
    </div>
  );
}
