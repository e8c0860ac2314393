import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Role, StaffMember, StaffRecord } from '../../shared/ipc';
import { queryKeys, useAction, useInvoke } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { useI18n } from '../i18n/i18n';
import { isNewPin, isStaffName, PinInput } from '../start/FirstRunScreen';

/** The counter's staff, for managers: add a clerk or manager, disable or enable one, set a new PIN. */
export function StaffPanel({ me }: { me: StaffMember }) {
  const { t } = useI18n();
  const client = useQueryClient();
  const staff = useInvoke('staff.list', {});
  const refresh = () => {
    void client.invalidateQueries({ queryKey: queryKeys.channel('staff.list') });
    void client.invalidateQueries({ queryKey: queryKeys.channel('session.staff') });
  };
  const toggle = useAction('staff.setActive', refresh);

  return (
    <section className="card" aria-labelledby="staff-title">
      <h2 id="staff-title">{t('staff.title')}</h2>
      <p className="hint">{t('staff.intro')}</p>
      <ErrorNote error={staff.error ?? toggle.error} />
      <ul aria-label={t('staff.listLabel')} className="stack">
        {(staff.value ?? []).map((member) => (
          <li key={member.staffId}>
            <strong>{member.name}</strong> ({t(`role.${member.role}`)}){!member.active && <> · {t('staff.disabled')}</>}
            {member.staffId !== me.staffId && (
              <button
                type="button"
                disabled={toggle.pending}
                onClick={() => void toggle.run({ staffId: member.staffId, active: !member.active })}
              >
                {t(member.active ? 'staff.disable' : 'staff.enable', { name: member.name })}
              </button>
            )}
            <ResetPin member={member} />
          </li>
        ))}
      </ul>
      <AddStaff onAdded={refresh} />
    </section>
  );
}

function ResetPin({ member }: { member: StaffRecord }) {
  const { t } = useI18n();
  const [pin, setPin] = useState('');
  const [done, setDone] = useState(false);
  const reset = useAction('staff.resetPin', () => setDone(true));
  const id = `staff-pin-${member.staffId}`;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    if ((await reset.run({ staffId: member.staffId, pin })).ok) setPin('');
  };
  return (
    <form onSubmit={submit} className="row">
      <label htmlFor={id}>{t('staff.resetPin', { name: member.name })}</label>
      <PinInput id={id} value={pin} onChange={setPin} hint={done ? t('staff.resetDone', { name: member.name }) : ''} />
      <button type="submit" disabled={!isNewPin(pin) || reset.pending}>
        {t('staff.resetSubmit')}
      </button>
      <ErrorNote error={reset.error} />
    </form>
  );
}

function AddStaff({ onAdded }: { onAdded: () => void }) {
  const { t } = useI18n();
  const [name, setName] = useState('');
  const [role, setRole] = useState<Role>('clerk');
  const [pin, setPin] = useState('');
  const [added, setAdded] = useState<string | null>(null);
  const add = useAction('staff.add', (member) => {
    setAdded(member.name);
    onAdded();
  });
  const ready = isStaffName(name) && isNewPin(pin);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAdded(null);
    if (ready && (await add.run({ name: name.trim(), role, pin })).ok) {
      setName('');
      setPin('');
    }
  };
  return (
    <form onSubmit={submit} className="stack" aria-labelledby="staff-add-title">
      <h3 id="staff-add-title">{t('staff.add')}</h3>
      <label htmlFor="staff-add-name">{t('staff.name')}</label>
      <input id="staff-add-name" autoComplete="off" maxLength={80} value={name} onChange={(e) => setName(e.target.value)} />
      <label htmlFor="staff-add-role">{t('staff.role')}</label>
      <select id="staff-add-role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
        <option value="clerk">{t('role.clerk')}</option>
        <option value="manager">{t('role.manager')}</option>
      </select>
      <label htmlFor="staff-add-pin">{t('staff.pin')}</label>
      <PinInput id="staff-add-pin" value={pin} onChange={setPin} hint={t('firstRun.pinHint')} />
      <ErrorNote error={add.error} />
      <button type="submit" className="primary" disabled={!ready || add.pending}>
        {t('staff.add')}
      </button>
      <p role="status">{added && t('staff.added', { name: added })}</p>
    </form>
  );
}
