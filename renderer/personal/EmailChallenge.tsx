import { useState } from 'react';
import type { IpcOutputs } from '../../shared/ipc';
import { useAction } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { Field } from '../common/Field';
import { useI18n } from '../i18n/i18n';
import { focusSoon } from '../sale/saleStore';

type Sent = IpcOutputs['challenge.send'];

/** The e-mail challenge: a one-time password sent to the traveller, typed back by the clerk. */
export function EmailChallenge({
  idPrefix,
  nextId,
  verifiedCode,
  onVerified,
}: {
  idPrefix: string;
  /** Where the focus goes once the code is verified: the form's next step. */
  nextId: string;
  verifiedCode: string | null;
  onVerified: (code: string | null) => void;
}) {
  const { t, dateTime } = useI18n();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<Sent | null>(null);
  const send = useAction('challenge.send', (answer) => {
    setSent(answer);
    // The sent button is disabled while it sends: the focus goes on, to the code's field.
    focusSoon(`${idPrefix}-otp`);
  });
  const verify = useAction('challenge.verify');
  const emailOk = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());
  const codeOk = /^\d{6}$/.test(code);

  return (
    <fieldset className="stack email-check">
      <legend>{t('challenge.title')}</legend>
      {verifiedCode && <p className="note note-ok">{t('challenge.verified')}</p>}
      <Field id={`${idPrefix}-address`} label={t('challenge.email')}>
        {(control) => (
          <div className="row">
            <input {...control} type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
            <button
              type="button"
              disabled={!emailOk || send.pending}
              onClick={() => {
                onVerified(null);
                void send.run({ emailAddress: email.trim() });
              }}
            >
              {sent ? t('challenge.resend') : t('challenge.send')}
            </button>
          </div>
        )}
      </Field>
      <ErrorNote error={send.error} />
      {sent && (
        <div aria-live="polite">
          <p className="hint">{t('challenge.sent', { to: sent.sentTo, until: dateTime(sent.expiresAt) })}</p>
          {sent.demoCode && (
            <p className="demo-code">
              <small>
                {t('challenge.demoCode')} <span>{sent.demoCode}</span>
              </small>
            </p>
          )}
          <Field id={`${idPrefix}-otp`} label={t('challenge.otp')}>
            {(control) => (
              <div className="row">
                <input
                  {...control}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={code}
                  onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
                />
                <button
                  type="button"
                  disabled={!codeOk || verify.pending}
                  onClick={async () => {
                    const result = await verify.run({ challengeId: sent.challengeId, code });
                    if (result.ok) {
                      onVerified(code);
                      focusSoon(nextId);
                    }
                  }}
                >
                  {t('challenge.verify')}
                </button>
              </div>
            )}
          </Field>
          <ErrorNote error={verify.error} />
        </div>
      )}
    </fieldset>
  );
}
