import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { setAnswer, useAction, useInvoke } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { heldDuring } from '../common/pageKeys';
import { focusSoon } from '../sale/saleStore';
import { useI18n } from '../i18n/i18n';
import { LanguageSwitch } from './LanguageSwitch';
import { START_NEW_SALE_ID } from './StartScreen';
import { SyncStatusBar } from './SyncStatusBar';

/** Who is at the counter: a name from the local staff list and a PIN. */
export function LoginScreen() {
  const { t } = useI18n();
  const client = useQueryClient();
  const staff = useInvoke('session.staff', {});
  const [staffId, setStaffId] = useState('');
  const [pin, setPin] = useState('');
  const login = useAction('session.login', (member) => {
    setAnswer(client, 'session.current', {}, member);
    // The next useful control, not the page's body: "New sale" on the start screen.
    focusSoon(START_NEW_SALE_ID);
  });
  const chosen = staffId || staff.value?.[0]?.staffId || '';
  const pinOk = /^\d{4,8}$/.test(pin);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || !pinOk) return;
    // Keys typed as the login goes through (F2, a quick key, Enter) are for the start screen (docs/counter.md §12).
    const result = await heldDuring(() => login.run({ staffId: chosen, pin }));
    if (!result.ok) setPin('');
  };

  return (
    <>
      <header className="topbar" role="banner">
        <h1 className="brand">Counter</h1>
        <SyncStatusBar />
        <LanguageSwitch />
      </header>
      <main className="login" id="main">
        <h2>{t('login.title')}</h2>
        <ErrorNote error={staff.error} />
        <form onSubmit={submit} className="card stack">
          <p id="login-title">{t('login.intro')}</p>
          <label htmlFor="login-staff">{t('login.staff')}</label>
          <select id="login-staff" value={chosen} onChange={(e) => setStaffId(e.target.value)}>
            {(staff.value ?? []).map((m) => (
              <option key={m.staffId} value={m.staffId}>
                {m.name} ({t(`role.${m.role}`)})
              </option>
            ))}
          </select>
          <label htmlFor="login-pin">{t('login.pin')}</label>
          <input
            id="login-pin"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            pattern="\d{4,8}"
            maxLength={8}
            value={pin}
            data-landing={1}
            aria-describedby="login-pin-hint"
            onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
          />
          <p className="hint" id="login-pin-hint">
            {t('login.pinHint')}
          </p>
          <ErrorNote error={login.error} />
          <button type="submit" className="primary" disabled={!chosen || !pinOk || login.pending}>
            {t('login.submit')}
          </button>
        </form>
      </main>
    </>
  );
}
