import { useState, type FormEvent } from 'react';
import type { Order } from '../../shared/schemas/order';
import { ErrorNote } from '../common/ErrorNote';
import { Field } from '../common/Field';
import { useI18n } from '../i18n/i18n';
import { outstandingAmount } from '../sale/orderView';
import { changeDue, parseEuros } from './payments';
import { usePayment } from './usePayment';

/** Cash: the amount tendered, the change to give, and a settled payment of what is due. */
export function CashPanel({ order }: { order: Order }) {
  const { t, money } = useI18n();
  const due = outstandingAmount(order);
  const [tendered, setTendered] = useState('');
  const cents = parseEuros(tendered);
  const change = cents === null ? null : changeDue(cents, due);
  const { pay, pending, error } = usePayment(order, 'cash');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (change === null) return;
    await pay({ amountDebit: due, statusCode: 'SETTLED' });
  };

  return (
    <form className="stack card" onSubmit={submit} aria-labelledby="cash-title">
      <h3 id="cash-title">{t('method.cash')}</h3>
      <p>
        {t('cash.due')} <strong>{money(due)}</strong>
      </p>
      <Field
        id="pay-cash"
        label={t('cash.tendered')}
        invalid={tendered !== '' && cents === null}
        alsoDescribedBy={['cash-change']}
      >
        {(control) => (
          <div className="row">
            <input
              {...control}
              inputMode="decimal"
              autoComplete="off"
              value={tendered}
              onChange={(e) => setTendered(e.target.value)}
            />
            <button type="button" onClick={() => setTendered((due / 100).toFixed(2))}>
              {t('cash.exact')}
            </button>
          </div>
        )}
      </Field>
      <p id="cash-change" aria-live="polite" className="big-figure">
        {cents === null
          ? t('cash.enterAmount')
          : change === null
            ? t('cash.short', { amount: money(due - cents) })
            : t('cash.change', { amount: money(change) })}
      </p>
      <ErrorNote error={error} />
      <button type="submit" className="primary big" disabled={change === null || pending}>
        {t('cash.confirm')}
      </button>
    </form>
  );
}
