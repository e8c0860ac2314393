import { useState, type FormEvent } from 'react';
import type { Order, OrderLine } from '../../shared/schemas/order';
import type { Product } from '../../shared/schemas/reference';
import { useAction } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { DateInput } from '../common/DateInput';
import { Field } from '../common/Field';
import { useI18n } from '../i18n/i18n';
import { ageFits } from '../../domain/rules/dates';
import { ageOn, dateOfTimestamp, localDate } from '../sale/dates';
import { tokensWithPersonalData } from '../sale/orderView';
import { nextActionId } from '../sale/pick';
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
  onSaved,
}: {
  line: OrderLine;
  product: Product | null;
  autoFocusBirthdate: boolean;
  /** Called with the saved order; without it the form says "saved" and stays. */
  onSaved?: (order: Order) => void;
}) {
  const { t } = useI18n();
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

  const today = localDate(new Date());
  const onDate = dateOfTimestamp(line.validFrom) ?? today;
  const birthdateOk = /^\d{4}-\d{2}-\d{2}$/.test(birthdate) && birthdate <= today;
  const age = birthdateOk ? ageOn(birthdate, onDate) : null;
  const profile = product?.ageProfile ?? null;

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
    if (result.ok && onSaved) onSaved(result.value.order);
    else if (result.ok) {
      setSaved(true);
      focusSoon(nextActionId(result.value.order));
    }
  };

  return (
    <form className="stack personal-form" onSubmit={submit}>
      <fieldset className="stack">
        <legend>{t('personal.title')}</legend>
        <Field id={id('name')} label={t('personal.name')}>
          {(control) => <input {...control} autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field
          id={id('birthdate')}
          label={t('personal.birthdate')}
          invalid={birthdate !== '' && !birthdateOk}
          notes={[{ id: id('age'), text: <AgeFit age={age} onDate={onDate} profile={profile} />, live: true }]}
        >
          {(control) => <DateInput {...control} value={birthdate} autoFocus={autoFocusBirthdate} onChange={setBirthdate} />}
        </Field>
      </fieldset>
      <EmailChallenge idPrefix={id('email')} nextId={id('save')} verifiedCode={otp} onVerified={setOtp} />
      <PhotoCapture idPrefix={id('photo')} value={photo} onChange={setPhoto} />
      <ErrorNote error={patch.error} />
      <button id={id('save')} type="submit" className="primary" disabled={patch.pending || (birthdate !== '' && !birthdateOk)}>
        {t('personal.save')}
      </button>
      <p role="status" aria-live="polite" className="sr-only-when-empty">
        {saved ? t('personal.saved') : ''}
      </p>
    </form>
  );
}

/** The traveller's age on the start date, and whether it fits the product's ages. */
function AgeFit({ age, onDate, profile }: { age: number | null; onDate: string; profile: Product['ageProfile'] }) {
  const { t, date } = useI18n();
  if (age === null) return null;
  const fits = profile !== null && ageFits(age, profile);
  return (
    <>
      {t('personal.age', { age, date: date(onDate) })}
      {profile && (
        <span className={`badge ${fits ? 'badge-ok' : 'badge-bad'}`}>
          {t(fits ? 'personal.fits' : 'personal.doesNotFit', {
            from: profile.ageFromInclusive,
            to: profile.ageToInclusive,
          })}
        </span>
      )}
    </>
  );
}
