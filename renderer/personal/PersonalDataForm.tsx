import { useState, type FormEvent } from 'react';
import type { OrderLine } from '../../shared/schemas/order';
import type { Product } from '../../shared/schemas/reference';
import { useAction } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { useI18n } from '../i18n/i18n';
import { ageFits, ageOn, dateOfTimestamp, localDate } from '../sale/dates';
import { tokensWithPersonalData } from '../sale/orderView';
import { focusSoon, useSale } from '../sale/saleStore';
import { EmailChallenge } from './EmailChallenge';
import { PhotoCapture } from './PhotoCapture';

/**
 * The traveller's personal data on the line's token (personalAccountData): name, birthdate
 * with the age it gives on the start date, an e-mail one-time password, and a photo.
 */
export function PersonalDataForm({
  line,
  product,
  autoFocusBirthdate,
}: {
  line: OrderLine;
  product: Product | null;
  autoFocusBirthdate: boolean;
}) {
  const { t, date } = useI18n();
  const token = line.customerTokens?.[0];
  const existing = token?.personalAccountData;
  const [name, setName] = useState(existing?.name ?? '');
  const [birthdate, setBirthdate] = useState(existing?.birthdate ?? '');
  const [photo, setPhoto] = useState<string | null>(existing?.photo ?? null);
  const [otp, setOtp] = useState<string | null>(existing?.oneTimePassword ?? null);
  const [saved, setSaved] = useState(false);
  const patch = useAction('lines.patch');
  const id = (field: string) => `line-${line.orderLineId}-${field}`;

  if (!token) {
    return (
      <fieldset className="stack">
        <legend>{t('personal.title')}</legend>
        <p className="note note-info">{t('personal.needsToken')}</p>
        <button
          type="button"
          id={id('birthdate')}
          onClick={() => {
            useSale.getState().targetLineForToken(line.orderLineId);
            focusSoon('token-search');
          }}
        >
          {t('action.add-token')}
        </button>
      </fieldset>
    );
  }

  const onDate = dateOfTimestamp(line.validFrom) ?? localDate(new Date());
  const birthdateOk = /^\d{4}-\d{2}-\d{2}$/.test(birthdate) && birthdate <= localDate(new Date());
  const age = birthdateOk ? ageOn(birthdate, onDate) : null;
  const profile = product?.ageProfile ?? null;
  const fits = age !== null && profile ? ageFits(age, profile) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (birthdate && !birthdateOk) return;
    setSaved(false);
    const result = await patch.run({
      orderLineId: line.orderLineId,
      patch: {
        customerTokens: tokensWithPersonalData(line, {
          name: name.trim() || null,
          birthdate: birthdate || null,
          photo,
          challengeTypeId: otp ? 1 : null,
          oneTimePassword: otp,
        }),
      },
    });
    if (result.ok) {
      setSaved(true);
      focusSoon('remarks-title');
    }
  };

  return (
    <form className="stack" onSubmit={submit}>
      <fieldset className="stack">
        <legend>{t('personal.title')}</legend>
        <div className="field">
          <label htmlFor={id('name')}>{t('personal.name')}</label>
          <input id={id('name')} autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={id('birthdate')}>{t('personal.birthdate')}</label>
          <input
            id={id('birthdate')}
            type="date"
            max={localDate(new Date())}
            value={birthdate}
            autoFocus={autoFocusBirthdate}
            aria-invalid={birthdate !== '' && !birthdateOk ? true : undefined}
            aria-describedby={id('age')}
            onChange={(e) => setBirthdate(e.target.value)}
          />
          <p id={id('age')} className="hint" aria-live="polite">
            {age !== null && t('personal.age', { age, date: date(onDate) })}
            {age !== null && profile && (
              <span className={`badge ${fits ? 'badge-ok' : 'badge-bad'}`}>
                {fits
                  ? t('personal.fits', { from: profile.ageFromInclusive, to: profile.ageToInclusive })
                  : t('personal.doesNotFit', { from: profile.ageFromInclusive, to: profile.ageToInclusive })}
              </span>
            )}
          </p>
        </div>
      </fieldset>
      <EmailChallenge idPrefix={id('email')} verifiedCode={otp} onVerified={setOtp} />
      <PhotoCapture idPrefix={id('photo')} value={photo} onChange={setPhoto} />
      <ErrorNote error={patch.error} />
      <button type="submit" className="primary" disabled={patch.pending || (birthdate !== '' && !birthdateOk)}>
        {t('personal.save')}
      </button>
      <p role="status" aria-live="polite" className="sr-only-when-empty">
        {saved ? t('personal.saved') : ''}
      </p>
    </form>
  );
}
