import { useEffect } from 'react';
import { useInvoke } from '../api/useInvoke';
import { Field } from '../common/Field';
import { useI18n } from '../i18n/i18n';

export interface Approval {
  staffId: string;
  pin: string;
}

interface Props {
  value: Approval;
  onChange: (a: Approval) => void;
  tried: boolean;
  /** Its fields' ids start with it: a card's unblock and its replacement may ask at once (docs/counter.md §22). */
  idPrefix?: string;
}

/** A manager's approval given at a clerk's till (docs/counter.md §19): the manager's name and PIN. */
export function ManagerApproval({ value, onChange, tried, idPrefix = 'approval' }: Props) {
  const { t } = useI18n();
  const staff = useInvoke('session.staff', {});
  const managers = (staff.value ?? []).filter((s) => s.role === 'manager');
  const pinMissing = !/^\d{4,8}$/.test(value.pin);
  const first = managers[0]?.staffId;
  // The list's first manager is the one chosen until someone chooses another.
  useEffect(() => {
    if (!value.staffId && first) onChange({ ...value, staffId: first });
  }, [first, value, onChange]);
  return (
    <fieldset className="manager-approval">
      <legend>{t('return.approval')}</legend>
      <p className="hint" id={`${idPrefix}-hint`}>
        {t('return.approvalHint')}
      </p>
      <Field id={`${idPrefix}-manager`} label={t('return.manager')}>
        {(control) => (
          <select {...control} value={value.staffId} onChange={(e) => onChange({ ...value, staffId: e.target.value })}>
            {managers.map((m) => (
              <option key={m.staffId} value={m.staffId}>
                {m.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        id={`${idPrefix}-pin`}
        label={t('return.pin')}
        invalid={tried && pinMissing}
        notes={[tried && pinMissing && { id: `${idPrefix}-pin-error`, text: t('return.pinRequired'), className: 'field-error' }]}
      >
        {(control) => (
          <input
            {...control}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            value={value.pin}
            onChange={(e) => onChange({ ...value, pin: e.target.value.replace(/\D/g, '').slice(0, 8) })}
          />
        )}
      </Field>
    </fieldset>
  );
}
