import { useEffect, useState, type FormEvent } from 'react';
import { electronicFormatIBAN, friendlyFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { bicForIban } from '../../shared/bic';
import type { Order } from '../../shared/schemas/order';
import { useInvoke } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { StillNeeded } from '../common/StillNeeded';
import { Field } from '../common/Field';
import { mandateTypeName } from '../common/names';
import { useI18n } from '../i18n/i18n';
import { CacheLabel } from '../tokens/CacheLabel';
import { outstandingAmount } from '../sale/orderView';
import { focusSoon } from '../sale/saleStore';
import { usePayment } from './usePayment';

const MANDATE_TYPES = [1, 2, 3, 4, 5] as const;

export type IbanCheck = 'empty' | 'incomplete' | 'invalid' | 'valid';

/** The IBAN as typed: spaces and case do not matter; its mod-97 check digits do. */
export function checkIban(typed: string): IbanCheck {
  const electronic = electronicFormatIBAN(typed) ?? '';
  if (!electronic) return 'empty';
  if (isValidIBAN(electronic)) return 'valid';
  return electronic.length < 15 ? 'incomplete' : 'invalid';
}

/**
 * Direct debit: an existing SIGNED mandate of the order's customer (lookup.mandates), or a
 * new mandate captured here (IBAN, BIC, account holder, place, mandate type).
 */
export function DirectDebitPanel({ order, mandateOnly }: { order: Order; mandateOnly: boolean }) {
  const { t, money, date } = useI18n();
  const due = outstandingAmount(order);
  const customer = order.customerProfileId;
  const mandates = useInvoke(
    'lookup.mandates',
    { customerProfileId: String(customer), mandateState: 'SIGNED' },
    { enabled: customer > 0 && !mandateOnly },
  );
  const { pay, pending, error } = usePayment(order, 'directDebit');
  const [iban, setIban] = useState('');
  const [bic, setBic] = useState('');
  // A BIC the clerk typed is kept; else the one of the IBAN's bank, where it is known.
  const [bicTyped, setBicTyped] = useState(false);
  const [holder, setHolder] = useState('');
  const [place, setPlace] = useState('');
  const [mandateType, setMandateType] = useState<number>(1);
  const ibanCheck = checkIban(iban);
  const bicGiven = bic.trim().toUpperCase();
  const bicOk = bicGiven === '' || isValidBIC(bicGiven);
  const needsCustomer = order.orderCustomer === null;
  // What a disabled Confirm still needs, said next to it.
  const missing = [
    needsCustomer && t('dd.missing.customer'),
    ibanCheck !== 'valid' && t('dd.missing.iban'),
    !bicOk && t('dd.missing.bic'),
    holder.trim() === '' && t('dd.missing.holder'),
    place.trim() === '' && t('dd.missing.place'),
  ].filter((item): item is string => item !== false);
  const complete = missing.length === 0;
  // The billing customer comes first: without one, the focus goes to adding it.
  useEffect(() => {
    // Only as the panel opens: later the clerk moves on by themself.
    if (needsCustomer) focusSoon('billing-open');
  }, []);

  const typeIban = (typed: string) => {
    setIban(typed.toUpperCase());
    if (!bicTyped) setBic(bicForIban(typed) ?? '');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!complete) return;
    await pay({
      amountDebit: due,
      // The signed mandate is the operator's guarantee: the amount is collected by the bank later.
      statusCode: 'SETTLED',
      mandateInput: {
        directDebitMandateTypeId: mandateType,
        iban: electronicFormatIBAN(iban) ?? iban,
        bic: bicGiven,
        ascription: holder.trim(),
        place: place.trim(),
      },
    });
  };

  const found = mandates.value?.records.filter((m) => m.mandateState === 'SIGNED') ?? [];

  return (
    <div className="stack card" aria-labelledby="dd-title">
      <h3 id="dd-title">{t('method.directDebit')}</h3>
      <p>
        {t('cash.due')} <strong>{money(due)}</strong>
      </p>
      {!mandateOnly && customer > 0 && (
        <section aria-labelledby="dd-existing" className="stack">
          <h4 id="dd-existing">{t('dd.existing', { customer })}</h4>
          <ErrorNote error={mandates.error} />
          {mandates.value && <CacheLabel answer={mandates.value} />}
          {mandates.value && found.length === 0 && <p className="muted">{t('dd.noneFound')}</p>}
          <ul className="plain">
            {found.map((m) => (
              <li key={m.directDebitMandateId} className="row">
                <span>
                  {m.mandateReference} · {mandateTypeName(t, m.directDebitMandateType.directDebitMandateTypeId)} · {date(m.created)}
                </span>
                <button
                  type="button"
                  disabled={pending || needsCustomer}
                  // The mandate is the PSP's reference: sync sends the local payment id as the
                  // operator's reference, so an operatorPaymentReference never reaches the central.
                  onClick={() => void pay({ amountDebit: due, statusCode: 'SETTLED', pspPaymentReference: m.mandateReference })}
                >
                  {t('dd.useMandate', { reference: m.mandateReference })}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <form className="dd-form" onSubmit={submit} aria-labelledby="dd-new">
        <h4 id="dd-new">{t('dd.new')}</h4>
        <Field
          id="pay-directDebit"
          label={t('dd.iban')}
          invalid={ibanCheck === 'invalid'}
          notes={[
            {
              id: 'dd-iban-check',
              text: t(`dd.ibanCheck.${ibanCheck}`),
              className: ibanCheck === 'invalid' ? 'field-error' : 'hint',
              live: true,
            },
          ]}
        >
          {(control) => (
            <input
              {...control}
              autoComplete="off"
              spellCheck={false}
              value={iban}
              onChange={(e) => typeIban(e.target.value)}
              onBlur={() => ibanCheck === 'valid' && setIban(friendlyFormatIBAN(electronicFormatIBAN(iban) ?? undefined) ?? iban)}
            />
          )}
        </Field>
        <Field id="dd-bic" label={t('dd.bic')} invalid={!bicOk} notes={[{ id: 'dd-bic-hint', text: t('dd.bicHint') }]}>
          {(control) => (
            <input
              {...control}
              autoComplete="off"
              spellCheck={false}
              value={bic}
              onChange={(e) => {
                setBicTyped(e.target.value.trim() !== '');
                setBic(e.target.value.toUpperCase());
              }}
            />
          )}
        </Field>
        <Field id="dd-holder" label={t('dd.holder')}>
          {(control) => <input {...control} autoComplete="off" value={holder} onChange={(e) => setHolder(e.target.value)} />}
        </Field>
        <Field id="dd-place" label={t('dd.place')}>
          {(control) => <input {...control} autoComplete="off" value={place} onChange={(e) => setPlace(e.target.value)} />}
        </Field>
        <Field id="dd-type" label={t('dd.type')}>
          {(control) => (
            <select {...control} value={mandateType} onChange={(e) => setMandateType(Number(e.target.value))}>
              {MANDATE_TYPES.map((id) => (
                <option key={id} value={id}>
                  {mandateTypeName(t, id)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <ErrorNote error={error} />
        <div className="dd-confirm">
          <button
            type="submit"
            className="primary big"
            disabled={!complete || pending}
            aria-describedby={complete ? undefined : 'dd-missing'}
          >
            {t('dd.confirm')}
          </button>
          <StillNeeded id="dd-missing" items={missing} />
        </div>
      </form>
    </div>
  );
}
