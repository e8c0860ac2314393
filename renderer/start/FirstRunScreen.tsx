import { EnrolForm } from '../fleet/EnrolForm';
import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys, setAnswer, useAction } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { useI18n } from '../i18n/i18n';
import { LanguageSwitch } from './LanguageSwitch';
import { newPin, staffName } from '../../shared/ipc/session';

/** A new PIN and a staff name as the main process takes them (their declarations' schemas). */
export const isNewPin = (pin: string) => newPin.safeParse(pin).success;
export const isStaffName = (name: string) => staffName.safeParse(name).success;

/**
 * The first start of a counter with a real central: no staff yet (the demo staff exist only
 * beside the embedded demo central), so the first manager is entered before anything else.
 */
export function FirstRunScreen() {
  const { t } = useI18n();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const setup = useAction('session.setup', (member) => {
    setAnswer(client, 'session.current', {}, member);
    void client.invalidateQueries({ queryKey: queryKeys.channel('session.status') });
  });
  const differ = again !== '' && pin !== again;
  const ready = isStaffName(name) && isNewPin(pin) && pin === again;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (ready) await setup.run({ name: name.trim(), pin });
  };

  return (
    <>
      <header className="topbar" role="banner">
        <h1 className="brand">Counter</h1>
        <LanguageSwitch />
      </header>
      <main className="login" id="main">
        <h2>{t('firstRun.title')}</h2>
        <form onSubmit={submit} className="card stack">
          <p>{t('firstRun.intro')}</p>
          <label htmlFor="first-name">{t('firstRun.name')}</label>
          <input id="first-name" autoComplete="off" value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
          <label htmlFor="first-pin">{t('firstRun.pin')}</label>
          <PinInput id="first-pin" value={pin} onChange={setPin} hint={t('firstRun.pinHint')} />
          <label htmlFor="first-pin-again">{t('firstRun.pinAgain')}</label>
          <PinInput id="first-pin-again" value={again} onChange={setAgain} hint={differ ? t('firstRun.pinsDiffer') : ''} />
          <ErrorNote error={setup.error} />
          <button type="submit" className="primary" disabled={!ready || setup.pending}>
            {t('firstRun.submit')}
          </button>
        </form>
        <EnrolForm />
      </main>
    </>
  );
}

/** A new PIN: digits only (others are dropped as typed), never shown, never remembered by the browser. */
export function PinInput({ id, value, onChange, hint }: { id: string; value: string; onChange: (value: string) => void; hint: string }) {
  return (
    <>
      <input
        id={id}
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
        maxLength={8}
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
      />
      <p className="hint" id={`${id}-hint`} role={hint ? 'status' : undefined}>
        {hint}
      </p>
    </>
  );
}
