import { useState, type FormEvent } from 'react';
import type { CashMovement } from '../../shared/manager/cash';
import { useAction } from '../api/useInvoke';
import { parseEuros } from '../checkout/payments';
import { ErrorNote } from '../common/ErrorNote';
import { Field } from '../common/Field';
import { TableHead } from '../common/TableHead';
import { useI18n } from '../i18n/i18n';
import { useDrawerChanged } from './drawerChanged';

/**
 * Cash that moves without a sale (docs/api.md §10.2): paid in, paid out and safe drops with an
 * amount and a reason; "no sale", the drawer opened with a reason (recorded before it opens);
 * and the day's movements.
 */

const KINDS = ['paidIn', 'paidOut', 'drop'] as const;

export function CashMoveForm() {
  const { t, money } = useI18n();
  const [kind, setKind] = useState<(typeof KINDS)[number]>('paidIn');
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [done, setDone] = useState<CashMovement | null>(null);
  const changed = useDrawerChanged();
  const move = useAction('cash.move', (movement) => {
    setDone(movement);
    setAmountText('');
    setReason('');
    setTried(false);
    changed();
  });
  const amount = parseEuros(amountText);
  const amountBad = amount === null || amount < 1;
  const reasonBad = reason.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setDone(null);
    if (!amountBad && !reasonBad) void move.run({ kind, amount: amount!, reason: reason.trim() });
  };
  return (
    <form onSubmit={submit} aria-label={t('drawer.moveTitle')} className="panel stack" noValidate>
      <h4>{t('drawer.moveTitle')}</h4>
      <Field id="move-kind" label={t('drawer.kind')}>
        {(control) => (
          <select {...control} value={kind} onChange={(e) => setKind(e.target.value as typeof kind)}>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`drawer.kind.${k}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        id="move-amount"
        label={t('drawer.amount')}
        invalid={tried && amountBad}
        notes={[
          { id: 'move-amount-hint', text: t('drawer.amountHint') },
          tried && amountBad && { id: 'move-amount-error', text: t('drawer.amountInvalid'), className: 'field-error', alert: true },
        ]}
      >
        {(control) => (
          <input {...control} inputMode="decimal" autoComplete="off" value={amountText} onChange={(e) => setAmountText(e.target.value)} />
        )}
      </Field>
      <ReasonField id="move-reason" value={reason} onChange={setReason} invalid={tried && reasonBad} />
      <ErrorNote error={move.error} />
      {done && (
        <p role="status" className="note">
          {t('drawer.recorded', { kind: t(`drawer.kind.${done.kind}`), amount: money(done.amount) })}
        </p>
      )}
      <div className="row">
        <button type="submit" className="primary" disabled={move.pending}>
          {t('drawer.record')}
        </button>
      </div>
    </form>
  );
}

function ReasonField({ id, value, onChange, invalid }: { id: string; value: string; onChange: (v: string) => void; invalid: boolean }) {
  const { t } = useI18n();
  return (
    <Field
      id={id}
      label={`${t('drawer.reason')} (${t('common.required')})`}
      invalid={invalid}
      notes={[invalid && { id: `${id}-error`, text: t('drawer.reasonRequired'), className: 'field-error', alert: true }]}
    >
      {(control) => <input {...control} maxLength={500} autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}

/** "No sale": the drawer opened with a reason; the main process records it before the drawer opens. */
export function NoSaleForm() {
  const { t } = useI18n();
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [done, setDone] = useState(false);
  const changed = useDrawerChanged();
  const noSale = useAction('cash.noSale', () => {
    setDone(true);
    setReason('');
    setTried(false);
    changed();
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setDone(false);
    if (reason.trim() !== '') void noSale.run({ reason: reason.trim() });
  };
  return (
    <form onSubmit={submit} aria-label={t('drawer.noSaleTitle')} className="panel stack" noValidate>
      <h4>{t('drawer.noSaleTitle')}</h4>
      <p className="hint">{t('drawer.noSaleHint')}</p>
      <ReasonField id="no-sale-reason" value={reason} onChange={setReason} invalid={tried && reason.trim() === ''} />
      <ErrorNote error={noSale.error} />
      {done && (
        <p role="status" className="note">
          {t('drawer.noSaleDone')}
        </p>
      )}
      <div className="row">
        <button type="submit" disabled={noSale.pending}>
          {t('drawer.noSale')}
        </button>
      </div>
    </form>
  );
}

/** The day's cash movements, in order: in the drawer's panel and in X and Z. */
export function MovementTable({ movements, caption }: { movements: CashMovement[]; caption: string }) {
  const { t, money, dateTime } = useI18n();
  return (
    <table className="table">
      <caption>{caption}</caption>
      <TableHead
        columns={[t('drawer.when'), t('drawer.kind'), { label: t('drawer.amount'), num: true }, t('drawer.reason'), t('drawer.who')]}
      />
      <tbody>
        {movements.map((m) => (
          <tr key={m.movementId}>
            <th scope="row">{dateTime(m.at)}</th>
            <td>{t(`drawer.kind.${m.kind}`)}</td>
            <td className="num">{m.kind === 'noSale' ? '—' : money(m.amount)}</td>
            <td>{m.reason}</td>
            <td>{m.by.name}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
