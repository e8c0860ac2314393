import { useState, type FormEvent } from 'react';
import type { CounterOrder } from '../../shared/ipc';
import type { Order } from '../../shared/schemas/order';
import { refundable, refundMethods } from '../../domain/order/money';
import { cashHandover } from '../../domain/order/cashRounding';
import { isCashMethod } from '../../domain/receipts/receipt';
import { useAction, useInvoke } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { Field } from '../common/Field';
import { useMethodName } from '../checkout/methodName';
import { operatorReference, parseEuros } from '../checkout/payments';
import { useI18n } from '../i18n/i18n';
import { usePinRefund } from './usePinRefund';
import { chosenReturn, ReturnLines, type Chosen } from './ReturnLines';
import { ManagerApproval, type Approval } from './ManagerApproval';

/**
 * Money back, in full or in part, with a reason and the payment method it goes back by. The
 * main process checks the amount against what may still be refunded (docs/api.md §7.1).
 */
/** In full, in part (an amount), or chosen tickets (a return by line: docs/api.md §7.1). */
type How = 'whole' | 'part' | 'lines';

/** The refund's first choice (in full or in part): where the focus goes as the form opens. */
export const REFUND_FIRST_ID = 'refund-whole';

export function RefundForm({
  order,
  onDone,
  onCancel,
  approval: needsApproval = false,
}: {
  order: Order;
  onDone: (order: CounterOrder) => void;
  onCancel: () => void;
  /** A clerk's till: only chosen tickets, with a manager's PIN (docs/counter.md §19). */
  approval?: boolean;
}) {
  const { t, money } = useI18n();
  // Only the methods the order was paid with; the last one first (domain/order/money.ts).
  const methods = refundMethods(order);
  // Cash goes back rounded as it was taken (docs/counter.md §17), unless a manager turned rounding off.
  const rounding = useInvoke('settings.get', {}).value?.cashRounding ?? true;
  const methodName = useMethodName();
  const most = refundable(order);
  const [how, setHow] = useState<How>(needsApproval ? 'lines' : 'whole');
  const [amountText, setAmountText] = useState('');
  const [chosen, setChosen] = useState<Chosen>({});
  const [approval, setApproval] = useState<Approval>({ staffId: '', pin: '' });
  const [reason, setReason] = useState('');
  const [methodId, setMethodId] = useState(() => String(methods[0]?.paymentMethodId ?? ''));
  const [tried, setTried] = useState(false);
  const refund = useAction('payments.refund', onDone);
  const giveBack = useAction('returns.refund', onDone);
  const pin = usePinRefund(order, onDone);

  const returning = chosenReturn(order, chosen);
  const amount = how === 'whole' ? most : how === 'lines' ? Math.min(returning.share, most) : parseEuros(amountText);
  const amountProblem = amount === null || amount <= 0 ? 'refund.amountInvalid' : amount > most ? 'refund.amountTooMuch' : null;
  const linesProblem = how === 'lines' && returning.lines.length === 0;
  const approvalProblem = needsApproval && !/^\d{4,8}$/.test(approval.pin);
  const reasonProblem = reason.trim() === '';
  const method = methods.find((m) => String(m.paymentMethodId) === methodId);
  // The cash handed back, decided by the one rule; null when it is not cash or no amount yet. Named on the
  // button when rounding makes it differ from the order's amount.
  const cash = method && isCashMethod(method) && amount !== null && !amountProblem ? cashHandover(amount, rounding) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (linesProblem || approvalProblem || amountProblem || reasonProblem || !methodId || amount === null) return;
    void (async () => {
      const back = { paymentMethodId: Number(methodId), amountDebit: amount, reason: reason.trim() };
      if (how === 'lines') {
        // By PIN too: the main process sends it through the terminal's reversal (docs/counter.md §19).
        await giveBack.run({
          orderId: order.orderId,
          refund: { ...back, operatorPaymentReference: operatorReference(order.orderNumber, 'refund'), lines: returning.lines },
          ...(needsApproval && { approval }),
        });
        return;
      }
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
    <form
      className="panel refund-form"
      aria-label={t(needsApproval ? 'return.title' : 'refund.title', { number: order.orderNumber })}
      onSubmit={submit}
      noValidate
    >
      <h4>{t(needsApproval ? 'return.title' : 'refund.title', { number: order.orderNumber })}</h4>
      {!needsApproval && (
        <fieldset>
          <legend>{t('refund.how')}</legend>
          <label className="inline">
            <input id={REFUND_FIRST_ID} type="radio" name="refund-how" checked={how === 'whole'} onChange={() => setHow('whole')} />{' '}
            {t('refund.full', { amount: money(most) })}
          </label>
          <label className="inline">
            <input type="radio" name="refund-how" checked={how === 'part'} onChange={() => setHow('part')} /> {t('refund.part')}
          </label>
          <label className="inline">
            <input type="radio" name="refund-how" checked={how === 'lines'} onChange={() => setHow('lines')} /> {t('return.lines')}
          </label>
        </fieldset>
      )}
      {how === 'lines' && <ReturnLines order={order} chosen={chosen} onChange={setChosen} invalid={tried && linesProblem} />}
      {how === 'lines' && !linesProblem && (
        <p className="hint" aria-live="polite">
          {t('return.amountOfLines', { amount: money(amount ?? 0) })}
        </p>
      )}
      {how === 'part' && (
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
      {cash && cash.rounding !== 0 && (
        <p className="hint" aria-live="polite" data-testid="refund-cash">
          {t('refund.cashRounded', { amount: money(cash.handed), exact: money(cash.exact) })}
        </p>
      )}
      <Field
        id="refund-reason"
        label={t('refund.reason')}
        invalid={tried && reasonProblem}
        notes={[tried && reasonProblem && { id: 'refund-reason-error', text: t('refund.reasonRequired'), className: 'field-error' }]}
      >
        {(control) => <textarea {...control} rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />}
      </Field>
      {needsApproval && <ManagerApproval value={approval} onChange={setApproval} tried={tried} />}
      <ErrorNote error={giveBack.error ?? pin.error ?? refund.error} />
      <div className="row">
        <button type="submit" className="primary" disabled={refund.pending || pin.pending || giveBack.pending}>
          {cash && cash.rounding !== 0
            ? t('refund.submitCash', { amount: money(cash.handed) })
            : t('refund.submit', { amount: amount !== null && !amountProblem ? money(amount) : '' }).trim()}
        </button>
        <button type="button" onClick={onCancel}>
          {t('refund.back')}
        </button>
      </div>
    </form>
  );
}
