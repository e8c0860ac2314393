import { useEffect, useState, type FormEvent } from 'react';
import type { DayReport } from '../../shared/manager/types';
import { cashTotal } from '../../shared/manager/schemas';
import { useAction, useInvoke } from '../api/useInvoke';
import { useMethodName } from '../checkout/methodName';
import { ActionBar } from '../common/ActionBar';
import { ErrorNote } from '../common/ErrorNote';
import { Field } from '../common/Field';
import { useI18n } from '../i18n/i18n';
import { focusSoon } from '../sale/saleStore';
import { CashCount } from './CashCount';
import { cashCountOf, type DenominationCounts } from './denominations';
import { StaleConcepts } from './StaleConcepts';
import { OpenOrdersWarning } from './DayCash';

const CONFIRM_ID = 'close-confirm';
const FORM_ID = 'close-day';

/**
 * The day close (Z): open concept orders of earlier days offered for cancelling first, the
 * expected amount per payment method, the drawer counted by denomination with the difference
 * kept up to date, and a note that is required while the difference is not zero. The day's open
 * orders are warned about, and the close is confirmed only after it names what it will freeze
 * (docs/counter.md §17).
 */
export function CloseDayForm({ onClosed }: { onClosed: (report: DayReport) => void }) {
  const { t, money, date } = useI18n();
  const methodName = useMethodName();
  const x = useInvoke('day.xReport', {}, { staleTime: 0 });
  const [counts, setCounts] = useState<DenominationCounts>({});
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const close = useAction('day.close', onClosed);
  const counted = cashCountOf(counts);
  // The count is of the drawer now: the open session's, when sessions were counted before it (docs/counter.md §17).
  const openSession = x.value?.sessions?.find((session) => session.closedAt === null);
  const expected = openSession?.expected ?? x.value?.cash.expected;
  const difference = counted && expected !== undefined ? cashTotal(counted) - expected : null;
  const noteMissing = difference !== null && difference !== 0 && note.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!counted || noteMissing) return;
    if (!confirming) return setConfirming(true);
    void close.run({ counted, note: note.trim() });
  };
  // What the close freezes comes below the count: the focus on its confirmation brings it into view.
  useEffect(() => {
    if (confirming) focusSoon(CONFIRM_ID);
  }, [confirming]);
  // A change to the count or the note after the review asks for the review again.
  const edit =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      setConfirming(false);
      set(v);
    };

  return (
    <form id={FORM_ID} className="panel stack close-day" aria-labelledby="close-day-title" onSubmit={submit} noValidate>
      <h4 id="close-day-title">{t('day.closeTitle')}</h4>
      <StaleConcepts atClose />
      <ErrorNote error={x.error} />
      {x.value && <OpenOrdersWarning report={x.value} closing />}
      {x.value && (
        <table className="table">
          <caption>{t('day.expectedPerMethod')}</caption>
          <tbody>
            {x.value.methods.map((m) => (
              <tr key={m.paymentMethodId}>
                <th scope="row">{methodName(m.paymentMethodId, m.name)}</th>
                <td className="num">{money(m.expected)}</td>
              </tr>
            ))}
            <tr>
              <th scope="row">{t('day.expectedCashWithFloat')}</th>
              <td className="num" data-testid="expected-cash">
                {money(expected ?? 0)}
              </td>
            </tr>
          </tbody>
        </table>
      )}
      <CashCount counts={counts} onChange={edit(setCounts)} legend={t('day.countDrawer')} idPrefix="close" />
      <p aria-live="polite" className="difference">
        {t('day.difference')} <strong data-testid="cash-difference">{difference === null ? '—' : money(difference)}</strong>
      </p>
      <Field
        id="close-note"
        label={
          difference !== null && difference !== 0
            ? `${t('day.note')} (${t('common.required')})`
            : `${t('day.note')} (${t('common.optional')})`
        }
        invalid={tried && noteMissing}
        notes={[
          { id: 'close-note-hint', text: t('day.noteHint') },
          tried && noteMissing && { id: 'close-note-error', text: t('day.noteRequired'), className: 'field-error', alert: true },
        ]}
      >
        {(control) => (
          <textarea
            {...control}
            rows={2}
            maxLength={1000}
            aria-required={difference !== null && difference !== 0}
            value={note}
            onChange={(e) => edit(setNote)(e.target.value)}
          />
        )}
      </Field>
      <ErrorNote error={close.error} />
      {confirming && x.value && counted ? (
        <div className="panel stack" role="group" aria-labelledby="close-confirm-title">
          <p id="close-confirm-title">
            <strong>{t('close.confirmTitle', { day: date(x.value.businessDate) })}</strong>
          </p>
          <ul data-testid="close-freezes">
            <li>{t('close.freezeDay', { day: date(x.value.businessDate) })}</li>
            <li>
              {openSession
                ? t('close.freezeSessions', { count: x.value.sessions?.length ?? 0 })
                : (x.value.sessions?.length ?? 0) > 0
                  ? t('close.freezeSessionsClosed', { count: x.value.sessions?.length ?? 0 })
                  : t('close.freezeNoSessions')}
            </li>
            <li>{t('close.freezeCount', { counted: money(cashTotal(counted)) })}</li>
            <li>
              {x.value.notSold && x.value.notSold.open.count > 0
                ? t('close.freezeOpen', { count: x.value.notSold.open.count, amount: money(x.value.notSold.open.amount) })
                : t('close.freezeNoOpen')}
            </li>
            <li>{t('close.freezeCentral')}</li>
          </ul>
          <div className="row">
            <button type="submit" id={CONFIRM_ID} className="primary" disabled={close.pending}>
              {t('close.confirm')}
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              {t('close.back')}
            </button>
          </div>
        </div>
      ) : (
        <ActionBar>
          <button type="submit" form={FORM_ID} className="primary" disabled={close.pending || counted === null}>
            {t('day.close')}
          </button>
        </ActionBar>
      )}
    </form>
  );
}
