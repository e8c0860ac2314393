import type { Order, Payment } from '../../shared/schemas/order';
import { useAction, useInvoke } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { useI18n } from '../i18n/i18n';
import { outstandingAmount } from '../sale/orderView';
import { useCatalog } from '../sale/hooks';
import { focusSoon } from '../sale/saleStore';
import { methodId } from './payments';
import { lastRefusal, useTerminalStage } from './useTerminal';

/**
 * PIN (docs/counter.md §15): the main process sends the payment to the terminal and settles it
 * only on the terminal's answer; the clerk sees its progress and can stop it. Without a
 * terminal the clerk says what the stand-alone terminal showed, recorded as manual.
 */
export function PinPanel({ order, pending }: { order: Order; pending: Payment | null }) {
  const { t, money } = useI18n();
  const due = outstandingAmount(order);
  const methods = useCatalog().value?.paymentMethods ?? [];
  const start = useAction('terminal.pay', () => focusSoon('terminal-stop'));
  const refused = lastRefusal(order, methodId(methods, 'pin'));

  if (pending) return <PinWaiting payment={pending} />;
  return (
    <div className="stack card" aria-labelledby="pin-title">
      <h3 id="pin-title">{t('method.pin')}</h3>
      <p>
        {t('cash.due')} <strong>{money(due)}</strong>
      </p>
      {refused && (
        <p role="alert" className="note note-error">
          {t('terminal.declined', { reason: t(`terminal.error.${refused}`) })}
        </p>
      )}
      <ErrorNote error={start.error} />
      <button
        id="pay-pin"
        type="button"
        className="primary big"
        disabled={start.pending || due === 0}
        onClick={() => void start.run({ orderId: order.orderId })}
      >
        {t('pin.start')}
      </button>
    </div>
  );
}

function PinWaiting({ payment }: { payment: Payment }) {
  const { t, money } = useI18n();
  const setup = useInvoke('terminal.setup', {});
  const progress = useTerminalStage(payment.paymentId);
  const stop = useAction('terminal.stop');
  const confirm = useAction('terminal.confirmManual');
  const amount = money(payment.amountDebit);
  const manual = setup.value?.kind === 'none';
  const stage = progress?.stage ?? 'card';

  return (
    <div className="stack card" aria-labelledby="pin-title">
      <h3 id="pin-title">{t('method.pin')}</h3>
      <p role="status" aria-live="polite" className="note note-info">
        {manual
          ? t('terminal.manualHint', { amount })
          : t(stage === 'unknown' ? 'terminal.unknown' : stage === 'stopping' ? 'terminal.stopping' : 'terminal.card', { amount })}
      </p>
      <div className="row">
        {manual && (
          <button
            id="terminal-manual-approved"
            type="button"
            className="primary"
            disabled={confirm.pending}
            onClick={() => void confirm.run({ paymentId: payment.paymentId })}
          >
            {t('terminal.manualApproved')}
          </button>
        )}
        <button
          id="terminal-stop"
          type="button"
          className="danger"
          disabled={stop.pending || stage === 'stopping'}
          onClick={() => void stop.run({ paymentId: payment.paymentId })}
        >
          {t(manual ? 'terminal.manualDeclined' : 'terminal.stop')}
        </button>
      </div>
      <ErrorNote error={stop.error ?? confirm.error} />
    </div>
  );
}
