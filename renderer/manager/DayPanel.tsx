import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { DayStatus } from '../../shared/manager/types';
import { queryKeys, setAnswer, useAction, useInvoke } from '../api/useInvoke';
import { ActionBar } from '../common/ActionBar';
import { ErrorNote } from '../common/ErrorNote';
import { useI18n } from '../i18n/i18n';
import { CashCount } from './CashCount';
import { CloseDayForm } from './CloseDayForm';
import { ClosedDays } from './ClosedDays';
import { DayReportView } from './DayReportView';
import { DrawerPanel } from './DrawerPanel';
import { cashCountOf, type DenominationCounts } from './denominations';

/**
 * The cash drawer and the day: open with a counted float, an X report at any time, and the
 * day close (Z). A closed day is read-only; its Z report can be shown and printed again.
 */
export function DayPanel() {
  const { t, date } = useI18n();
  const status = useInvoke('day.status', {}, { staleTime: 0 });
  const s = status.value;
  return (
    <div className="day">
      <section className="card" aria-labelledby="day-title">
        <h3 id="day-title">{s ? t('day.title', { day: date(s.businessDate) }) : t('day.titlePlain')}</h3>
        <ErrorNote error={status.error} />
        {status.isLoading && <p role="status">{t('common.loading')}</p>}
        {s && <DayFacts status={s} />}
        {s?.state === 'notOpened' && <OpenDrawer />}
        {s?.state === 'open' && <OpenDay />}
        {s?.state === 'closed' && <ClosedDay businessDate={s.businessDate} />}
      </section>
      <ClosedDays />
    </div>
  );
}

function DayFacts({ status }: { status: DayStatus }) {
  const { t, money, dateTime } = useI18n();
  return (
    <dl className="facts">
      <dt>{t('day.state')}</dt>
      <dd>
        <span className={`badge ${status.state === 'closed' ? 'badge-warn' : 'badge-plain'}`}>{t(`day.state.${status.state}`)}</span>
      </dd>
      {status.openedAt && (
        <>
          <dt>{t('day.opened')}</dt>
          <dd>{t('day.byAt', { name: status.openedBy?.name ?? '—', when: dateTime(status.openedAt) })}</dd>
          <dt>{t('day.float')}</dt>
          <dd>{money(status.float ?? 0)}</dd>
        </>
      )}
      {status.closedAt && (
        <>
          <dt>{t('day.closed')}</dt>
          <dd>{t('day.byAt', { name: status.closedBy?.name ?? '—', when: dateTime(status.closedAt) })}</dd>
        </>
      )}
    </dl>
  );
}

/** A day's changes are answered with the new status; the lists that depend on it are read again. */
function useDayChanged() {
  const client = useQueryClient();
  return (next?: DayStatus) => {
    if (next) setAnswer(client, 'day.status', {}, next);
    else void client.invalidateQueries({ queryKey: queryKeys.channel('day.status') });
    void client.invalidateQueries({ queryKey: queryKeys.channel('day.list') });
    void client.invalidateQueries({ queryKey: queryKeys.channel('day.xReport') });
  };
}

const OPEN_FORM_ID = 'day-open';

function OpenDrawer() {
  const { t } = useI18n();
  const [counts, setCounts] = useState<DenominationCounts>({});
  const changed = useDayChanged();
  const open = useAction('day.open', changed);
  const float = cashCountOf(counts);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (float) void open.run({ float });
  };
  return (
    <form id={OPEN_FORM_ID} onSubmit={submit} aria-label={t('day.openTitle')} className="stack">
      <p>{t('day.openHint')}</p>
      <CashCount counts={counts} onChange={setCounts} legend={t('day.floatCount')} idPrefix="float" />
      <ErrorNote error={open.error} />
      <ActionBar>
        <button type="submit" form={OPEN_FORM_ID} className="primary" disabled={open.pending || float === null}>
          {t('day.open')}
        </button>
      </ActionBar>
    </form>
  );
}

function OpenDay() {
  const { t } = useI18n();
  const [showX, setShowX] = useState(false);
  const x = useInvoke('day.xReport', {}, { enabled: showX, staleTime: 0 });
  const client = useQueryClient();
  const changed = useDayChanged();
  return (
    <div className="stack">
      <div className="row">
        <button
          type="button"
          onClick={() => {
            if (showX) x.refetch();
            setShowX(true);
          }}
        >
          {t('day.xReport')}
        </button>
      </div>
      <ErrorNote error={x.error} />
      {showX && x.value && <DayReportView report={x.value} />}
      <DrawerPanel />
      <CloseDayForm
        onClosed={(report) => {
          // The Z report just made is the closed day's: shown at once, then read-only.
          setAnswer(client, 'day.zReport', { businessDate: report.businessDate }, report);
          // Read again at once: it may have reached the central already, as the closed days' table says.
          void client.invalidateQueries({ queryKey: queryKeys.channel('day.zReport') });
          changed();
        }}
      />
    </div>
  );
}

function ClosedDay({ businessDate }: { businessDate: string }) {
  const { t } = useI18n();
  const z = useInvoke('day.zReport', { businessDate });
  return (
    <>
      <p className="note note-warn">{t('day.readOnly')}</p>
      <ErrorNote error={z.error} />
      {z.value && <DayReportView report={z.value} />}
    </>
  );
}
