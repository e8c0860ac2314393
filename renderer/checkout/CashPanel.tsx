import { useState, type FormEvent } from 'react';
import type { Order } from '../../shared/schemas/order';
import { ErrorNote } from '../common/ErrorNote';
import { Field } from '../common/Field';
import { useI18n } from '../i18n/i18n';
import { outstandingAmount } from '../sale/orderView';
import { cashHandover } from '../../domain/order/cashRounding';
import { useInvoke } from '../api/useInvoke';
import { cashReference, parseEuros, quickTenders } from './payments';
import { usePayment } from './usePayment';
import { SeenFirst } from '../common/SeenFirst';

/**
 * Cash: one touch on the amount handed over (exact, or a note that covers it) pays and
 * finishes the sale; or the amount typed, then Enter (Enter on the empty field: exact).
 * The tendered amount is kept with the payment for the receipt's change.
 */
export function CashPanel({ order }: { order: Order }) {
  const { t, money } = useI18n();
  // The order's amount stays exact; cash changes hands rounded to 5 cents (docs/api.md §10.1).
  const exact = outstandingAmount(order);
  // Unless a manager turned it off (docs/counter.md §17); on until the settings are read, as the main process defaults.
  const rounding = useInvoke('settings.get', {}).value?.cashRounding ?? true;
  const due = cashHandover(exact, rounding).handed;
  const [tendered, setTendered] = useState('');
  const cents = tendered.trim() === '' ? due : parseEuros(tendered);
  // The one rule decides the change (domain/order/cashRounding.ts); short of the due amount: none yet.
  const handover = cents === null ? null : cashHandover(exact, rounding, cents);
  const change = handover?.change != null && handover.change >= 0 ? handover.change : null;
  const { pay, pending, error } = usePayment(order, 'cash');

  const payWith = (given: number) => void pay({ amountDebit: exact, statusCode: 'SETTLED', pspPaymentReference: cashReference(given) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (cents !== null && change !== null && !pending) payWith(cents);
  };

  return (
    <form className="stack card" onSubmit={submit} aria-labelledby="cash-title">
      <h3 id="cash-title">{t('method.cash')}</h3>
      <p>
        {t('cash.due')} <strong className="nowrap">{money(due)}</strong>
      </p>
      {due !== exact && <p>{t('cash.rounding', { amount: money(due - exact), exact: money(exact) })}</p>}
      <div className="quick-tender" role="group" aria-label={t('cash.quickTender')}>
        {quickTenders(due).map((amount, i) => (
          <button key={amount} type="button" className={i === 0 ? 'primary big' : 'big'} disabled={pending} onClick={() => payWith(amount)}>
            {i === 0 ? (
              <SeenFirst seen={t('cash.exact')} more={money(amount)} />
            ) : (
              <SeenFirst seen={money(amount)} more={t('cash.tenderNamed')} />
            )}
          </button>
        ))}
      </div>
      <Field
        id="pay-cash"
        label={t('cash.tendered')}
        invalid={cents === null}
        notes={[{ id: 'cash-enter-hint', text: t('cash.enterHint') }]}
        alsoDescribedBy={['cash-change']}
      >
        {(control) => (
          <input
            {...control}
            inputMode="decimal"
            autoComplete="off"
            placeholder={money(due)}
            value={tendered}
            onChange={(e) => setTendered(e.target.value)}
          />
        )}
      </Field>
      <p id="cash-change" aria-live="polite" className="big-figure">
        {cents === null
          ? t('cash.enterAmount')
          : change === null
            ? t('cash.short', { amount: money(due - cents) })
            : change === 0
              ? t('change.none')
              : t('cash.change', { amount: money(change) })}
      </p>
      <ErrorNote error={error} />
      <button type="submit" className="primary big" disabled={change === null || pending}>
        {t('cash.confirm')}
      </button>
    </form>
  );
}
