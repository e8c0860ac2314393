import { useState, type FormEvent } from 'react';
import type { CounterOrder } from '../../shared/ipc';
import type { Order } from '../../shared/schemas/order';
import { paymentState, refundable } from '../../domain/order/money';
import { useAction } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { Field } from '../common/Field';
import { useMethodName } from '../checkout/methodName';
import { operatorReference, parseEuros } from '../checkout/payments';
import { useI18n } from '../i18n/i18n';
import { useCatalog } from '../sale/hooks';
import { usePinRefund } from './usePinRefund';

/** The method money goes back by: the last settled payment's, as a rule. */
function paidWith(order: Order): number | undefined {
  return order.payments.filter((p) => !p.isRefund && paymentState(p) === 'SETTLED').at(-1)?.paymentMethod.paymentMethodId;
}

/**
 * Money back, in full or in part, with a reason and the payment method it goes back by. The
 * main process checks the amount against what may still be refunded (docs/api.md §7.1).
 */
/** The refund's first choice (in full or in part): where the focus goes as the form opens. */
export const REFUND_FIRST_ID = 'refund-whole';

export function RefundForm({ order, onDone, onCancel }: { order: Order; onDone: (order: CounterOrder) => void; onCancel: () => void }) {
  const { t, money } = useI18n();
  const methods = useCatalog().value?.paymentMethods ?? [];
  const methodName = useMethodName();
  const most = refundable(order);
  const [whole, setWhole] = useState(true);
  const [amountText, setAmountText] = useState('');
  const [reason, setReason] = useState('');
  const [methodId, setMethodId] = useState(() => String(paidWith(order) ?? methods[0]?.paymentMethodId ?? ''));
  const [tried, setTried] = useState(false);
  const refund = useAction('payments.refund', onDone);
  const pin = usePinRefund(order, onDone);

  const amount = whole ? most : parseEuros(amountText);
  const amountProblem = amount === null || amount <= 0 ? 'refund.amountInvalid' : amount > most ? 'refund.amountTooMuch' : null;
  const reasonProblem = reason.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (amountProblem || reasonProblem || !methodId || amount === null) return;
    void (async () => {
      if (await pin.run(Number(methodId), amount, reason.trim())) return;
      await refund.run({
        orderId: order.orderId,
        refund: {
          paymentMethodId: Number(methodId),
          amountDebit: amount,
          reason: reason.trim(),
          operatorPaymentReference: operatorReference(order.orderNumber, 'refund'),
        },
      });
    })();
  };

  return (
    <form className="panel refund-form" aria-label={t('refund.title', { number: order.orderNumber })} onSubmit={submit} noValidate>
      <h4>{t('refund.title', { number: order.orderNumber })}</h4>
      <fieldset>
        <legend>{t('refund.how')}</legend>
        <label className="inline">
          <input id={REFUND_FIRST_ID} type="radio" name="refund-how" checked={whole} onChange={() => setWhole(true)} />{' '}
          {t('refund.full', { amount: money(most) })}
        </label>
        <label className="inline">
          <input type="radio" name="refund-how" checked={!whole} onChange={() => setWhole(false)} /> {t('refund.part')}
        </label>
      </fieldset>
      {!whole && (
        <Field
          id="refund-amount"
          label={t('refund.amount')}
          invalid={tried && amountProblem !== null}
          notes={[
            { id: 'refund-amount-hint', text: t('refund.most', { amount: money(most) }) },
            tried &&
              amountProblem && { id: 'refund-amount-error', text: t(amountProblem, { amount: money(most) }), className: 'field-error' },
          ]}
        >
          {(control) => (
            <input {...control} inputMode="decimal" autoComplete="off" value={amountText} onChange={(e) => setAmountText(e.target.value)} />
          )}
        </Field>
      )}
      <Field id="refund-method" label={t('refund.method')}>
        {(control) => (
          <select {...control} value={methodId} onChange={(e) => setMethodId(e.target.value)}>
            {methods.map((m) => (
              <option key={m.paymentMethodId} value={m.paymentMethodId}>
                {methodName(m.paymentMethodId, m.name)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field
        id="refund-reason"
        label={t('refund.reason')}
        invalid={tried && reasonProblem}
        notes={[tried && reasonProblem && { id: 'refund-reason-error', text: t('refund.reasonRequired'), className: 'field-error' }]}
      >
        {(control) => <textarea {...control} rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />}
      </Field>
      <ErrorNote error={pin.error ?? refund.error} />
      <div className="row">
        <button type="submit" className="primary" disabled={refund.pending || pin.pending}>
          {t('refund.submit', { amount: amount !== null && !amountProblem ? money(amount) : '' }).trim()}
        </button>
        <button type="button" onClick={onCancel}>
          {t('refund.back')}
        </button>
      </div>
    </form>
  );
}
