import { useState, type FormEvent } from 'react';
import { useI18n } from '../i18n/i18n';
import type { ChosenToken } from '../sale/saleStore';

/** PASS_PHYSICAL: a new anonymous pass handed over the counter. */
export const NEW_PASS_TOKEN_TYPE = 2;

/** A new anonymous pass, by the pass number and verification code printed on it. */
export function NewPassForm({ onUse }: { onUse: (token: ChosenToken) => void }) {
  const { t } = useI18n();
  const [passNumber, setPassNumber] = useState('');
  const [code, setCode] = useState('');
  const passOk = /^[\d ]{6,40}$/.test(passNumber.trim());
  const codeOk = /^[A-Za-z0-9]{3,40}$/.test(code.trim());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!passOk || !codeOk) return;
    onUse({
      kind: 'anonymous',
      tokenTypeId: NEW_PASS_TOKEN_TYPE,
      passNumber: passNumber.trim(),
      verificationCode: code.trim(),
    });
    setPassNumber('');
    setCode('');
  };

  return (
    <form onSubmit={submit} className="card stack">
      <fieldset className="stack">
        <legend>{t('newPass.title')}</legend>
        <p className="hint">{t('newPass.hint')}</p>
        <label htmlFor="new-pass-number">{t('newPass.passNumber')}</label>
        <input
          id="new-pass-number"
          inputMode="numeric"
          autoComplete="off"
          value={passNumber}
          aria-invalid={passNumber !== '' && !passOk ? true : undefined}
          onChange={(e) => setPassNumber(e.target.value)}
        />
        <label htmlFor="new-pass-code">{t('newPass.code')}</label>
        <input
          id="new-pass-code"
          autoComplete="off"
          value={code}
          aria-invalid={code !== '' && !codeOk ? true : undefined}
          onChange={(e) => setCode(e.target.value)}
        />
        <button type="submit" disabled={!passOk || !codeOk}>
          {t('newPass.use')}
        </button>
      </fieldset>
    </form>
  );
}
