import { useId } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { setAnswer, useAction, useInvoke } from '../api/useInvoke';
import type { CentralState } from '../../shared/ipc';
import { useI18n } from '../i18n/i18n';
import { SYNC_DETAILS_BUTTON_ID } from '../sync/navigation';
import { clockWarning } from '../fleet/clockWords';

/** Never green while the central refuses this counter (docs/counter.md §20). */
export const STATE_BADGE: Record<CentralState, string> = {
  online: 'badge-ok',
  offline: 'badge-warn',
  tokenRefused: 'badge-bad',
  revoked: 'badge-bad',
  versionRefused: 'badge-bad',
  clockOff: 'badge-warn',
};

/** Always on screen: online, offline or refused (with what to do), what waits to be sent, what the central refused. */
export function SyncStatusBar({ onShowRejected, onShowDetails }: { onShowRejected?: () => void; onShowDetails?: () => void }) {
  const { t, dateTime } = useI18n();
  const factsId = useId();
  // Events keep it current; a slow poll covers a main process that stays silent.
  const status = useInvoke('sync.status', {}, { staleTime: 30_000, refetchInterval: 60_000 });
  const client = useQueryClient();
  const syncNow = useAction('sync.now', (next) => {
    setAnswer(client, 'sync.status', {}, next);
  });
  const s = status.value;
  const clock = s ? clockWarning(t, s.clockOffsetMs) : null;

  return (
    <section className="sync" aria-label={t('sync.label')}>
      <div role="status" aria-live="polite" className="sync-facts" id={factsId}>
        {!s && <span>{status.error ? t('sync.unknown') : t('common.loading')}</span>}
        {s && (
          <>
            <span className={`badge ${STATE_BADGE[s.state]}`}>{t(`central.state.${s.state}`)}</span>
            <span className={`badge sync-pending ${s.pending > 0 ? 'badge-info' : 'badge-plain'}`}>
              {t('sync.pending', { n: s.pending })}
            </span>
            <span className={`badge sync-rejected ${s.rejected > 0 ? 'badge-bad' : 'badge-plain'}`}>
              {t('sync.rejected', { n: s.rejected })}
            </span>
            {s.embeddedCentral && <span className="badge badge-demo">{t('sync.demo')}</span>}
            {s.lastSuccessAt && <span className="muted">{t('sync.last', { when: dateTime(s.lastSuccessAt) })}</span>}
            {s.state !== 'online' && <span className="muted">{t(`central.short.${s.state}`)}</span>}
            {clock && <span className="badge badge-warn">{clock}</span>}
          </>
        )}
      </div>
      {onShowDetails && (
        <button type="button" id={SYNC_DETAILS_BUTTON_ID} aria-describedby={factsId} onClick={onShowDetails}>
          {t('sync.details')}
        </button>
      )}
      {s && s.rejected > 0 && onShowRejected && (
        <button type="button" onClick={onShowRejected}>
          {t('sync.showRejected')}
        </button>
      )}
      <button type="button" onClick={() => void syncNow.run({})} disabled={syncNow.pending}>
        {t('sync.now')}
      </button>
    </section>
  );
}
