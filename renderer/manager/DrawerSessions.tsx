import { useState, type FormEvent } from 'react';
import type { IpcError } from '../../shared/ipc';
import type { DrawerView, SessionFigures } from '../../shared/manager/cash';
import { useAction } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { Field } from '../common/Field';
import { TableHead } from '../common/TableHead';
import { useI18n } from '../i18n/i18n';
import { CashCount } from './CashCount';
import { cashCountOf, type DenominationCounts } from './denominations';
import { useDrawerChanged } from './drawerChanged';

/**
 * The drawer's sessions of the day (docs/counter.md §17): the open one closed with a blind
 * count (the expected amount appears only with the answer), a new one opened with a counted
 * float, and the day's sessions with their figures once counted.
 */
export function DrawerSessions({ drawer }: { drawer: DrawerView }) {
  const { t, money, dateTime } = useI18n();
  const [closed, setClosed] = useState<SessionFigures | null>(null);
  const open = drawer.session;
  return (
    <div className="stack">
      {open ? (
        <p data-testid="open-session">
          {t('drawer.sessionOpen', { when: dateTime(open.openedAt), name: open.openedBy.name, float: money(open.float) })}
        </p>
      ) : (
        <p className="muted">{t('drawer.noSession')}</p>
      )}
      {closed && (
        <p role="status" className="note">
          {t('drawer.sessionClosed', {
            expected: money(closed.expected),
            counted: money(closed.counted ?? 0),
            difference: money(closed.difference ?? 0),
          })}
        </p>
      )}
      {open ? <CloseSession key={open.sessionId} onClosed={setClosed} /> : <OpenSession />}
      <SessionList sessions={drawer.closedSessions} />
    </div>
  );
}

function OpenSession() {
  const { t } = useI18n();
  const [counts, setCounts] = useState<DenominationCounts>({});
  const changed = useDrawerChanged();
  const open = useAction('cash.openSession', changed);
  const float = cashCountOf(counts);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (float) void open.run({ float });
  };
  return (
    <form onSubmit={submit} aria-label={t('drawer.openSession')} className="panel stack">
      <p>{t('drawer.openSessionHint')}</p>
      <CashCount counts={counts} onChange={setCounts} legend={t('drawer.sessionFloat')} idPrefix="session-float" />
      <ErrorNote error={open.error} />
      <div className="row">
        <button type="submit" className="primary" disabled={open.pending || float === null}>
          {t('drawer.openSession')}
        </button>
      </div>
    </form>
  );
}

/** The difference a refused close named (the count is in: the figure is no longer blind). */
const differenceOf = (error: IpcError | null) =>
  error?.code === 'day.noteRequired' && typeof error.params.difference === 'number' ? error.params.difference : null;

/** A blind count: the count and a note; the expected amount is answered only once the count is in. */
export function CloseSession({ onClosed }: { onClosed: (figures: SessionFigures) => void }) {
  const { t, money } = useI18n();
  const [counts, setCounts] = useState<DenominationCounts>({});
  const [note, setNote] = useState('');
  const changed = useDrawerChanged();
  const close = useAction('cash.closeSession', (figures) => {
    onClosed(figures);
    changed();
  });
  const counted = cashCountOf(counts);
  const difference = differenceOf(close.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (counted) void close.run({ counted, note: note.trim() });
  };
  return (
    <form onSubmit={submit} aria-label={t('drawer.closeSessionTitle')} className="panel stack" noValidate>
      <h4>{t('drawer.closeSessionTitle')}</h4>
      <p className="hint">{t('drawer.blindHint')}</p>
      <CashCount counts={counts} onChange={setCounts} legend={t('drawer.sessionCount')} idPrefix="session-count" />
      <Field
        id="session-note"
        label={`${t('day.note')} (${difference === null ? t('common.optional') : t('common.required')})`}
        invalid={difference !== null && note.trim() === ''}
        notes={[
          difference !== null && {
            id: 'session-note-error',
            text: t('drawer.differs', { amount: money(difference) }),
            className: 'field-error',
            alert: true,
          },
        ]}
      >
        {(control) => <textarea {...control} rows={2} maxLength={1000} value={note} onChange={(e) => setNote(e.target.value)} />}
      </Field>
      {difference === null && <ErrorNote error={close.error} />}
      <div className="row">
        <button type="submit" className="primary" disabled={close.pending || counted === null}>
          {t('drawer.closeSession')}
        </button>
      </div>
    </form>
  );
}

function SessionList({ sessions }: { sessions: SessionFigures[] }) {
  const { t } = useI18n();
  if (sessions.length === 0) return null;
  return <SessionTable sessions={sessions} caption={t('drawer.sessions')} />;
}

/** Sessions with their figures: in the drawer's list and in X and Z. An open session's expected amount is X's alone. */
export function SessionTable({ sessions, caption }: { sessions: SessionFigures[]; caption: string }) {
  const { t, money, dateTime } = useI18n();
  return (
    <table className="table">
      <caption>{caption}</caption>
      <TableHead
        columns={[
          t('drawer.openedBy'),
          t('drawer.closedBy'),
          { label: t('day.float'), num: true },
          { label: t('day.cash'), num: true },
          { label: t('report.moved'), num: true },
          { label: t('day.expected'), num: true },
          { label: t('day.counted'), num: true },
          { label: t('day.difference'), num: true },
        ]}
      />
      <tbody>
        {sessions.map((s) => (
          <tr key={s.sessionId}>
            <th scope="row">{t('day.byAt', { name: s.openedBy.name, when: dateTime(s.openedAt) })}</th>
            <td>{s.closedAt ? t('day.byAt', { name: s.closedBy?.name ?? '—', when: dateTime(s.closedAt) }) : t('drawer.stillOpen')}</td>
            <td className="num">{money(s.float)}</td>
            <td className="num">{money(s.cashSales)}</td>
            <td className="num">{money(s.paidIn - s.paidOut - s.drops)}</td>
            <td className="num">{money(s.expected)}</td>
            <td className="num">{s.counted === null ? '—' : money(s.counted)}</td>
            <td className="num">{s.difference === null ? '—' : money(s.difference)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
