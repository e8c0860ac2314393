import { ORDER_STATUS } from '../../shared/enums';
import type { Order, Payment } from '../../shared/schemas/order';
import { useAction } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { useI18n } from '../i18n/i18n';
import { orderStatusId, outstandingAmount } from '../sale/orderView';
import { focusSoon } from '../sale/saleStore';
import { useFinishSale } from './useFinishSale';
import { usePayment } from './usePayment';

/**
 * PIN: a pending payment until the terminal confirms or fails it. No terminal is attached to
 * this counter, so two clearly labelled buttons stand in for its answer.
 */
export function PinPanel({ order, pending }: { order: Order; pending: Payment | null }) {
  const { t, money } = useI18n();
  const due = outstandingAmount(order);
  const { pay, pending: starting, error } = usePayment(order, 'pin');
  const finish = useFinishSale();
  const setStatus = useAction('payments.setStatus', (answer) => {
    if (orderStatusId(answer.order) === ORDER_STATUS.paid) finish.afterPayment(answer);
    else focusSoon('method-title');
  });

  if (!pending) {
    return (
      <div className="stack card" aria-labelledby="pin-title">
        <h3 id="pin-title">{t('method.pin')}</h3>
        <p>
          {t('cash.due')} <strong>{money(due)}</strong>
        </p>
        <ErrorNote error={error} />
        <button
          id="pay-pin"
          type="button"
          className="primary big"
          disabled={starting || due === 0}
          onClick={async () => {
            const result = await pay({ amountDebit: due, statusCode: 'PENDING' });
            if (result.ok) focusSoon('terminal-approved');
          }}
        >
          {t('pin.start')}
        </button>
      </div>
    );
  }

  const decide = (statusCode: 'SETTLED' | 'FAILED') =>
    setStatus.run({
      paymentId: pending.paymentId,
      status: {
        statusCode,
        statusDescription: statusCode === 'SETTLED' ? 'approved by the terminal (simulated)' : 'declined by the terminal (simulated)',
      },
    });

  return (
    <div className="stack card" aria-labelledby="pin-title">
      <h3 id="pin-title">{t('method.pin')}</h3>
      <p role="status" aria-live="polite" className="note note-info">
        {t('pin.waiting', { amount: money(pending.amountDebit) })}
      </p>
      <fieldset className="stack simulation">
        <legend>{t('pin.simulation')}</legend>
        <p className="hint">{t('pin.simulationHint')}</p>
        <div className="row">
          <button
            id="terminal-approved"
            type="button"
            className="primary"
            disabled={setStatus.pending}
            onClick={() => void decide('SETTLED')}
          >
            {t('pin.approved')}
          </button>
          <button type="button" className="danger" disabled={setStatus.pending} onClick={() => void decide('FAILED')}>
            {t('pin.declined')}
          </button>
        </div>
      </fieldset>
      <ErrorNote error={setStatus.error} />
    </div>
  );
}
