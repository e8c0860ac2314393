import type { OrderEvent } from '../../shared/manager/types';
import { useI18n, type I18n } from '../i18n/i18n';
import { useMethodName } from '../checkout/methodName';

const PAYMENT_STATES = ['PENDING', 'SETTLED', 'FAILED', 'CANCELLED'] as const;

/**
 * The words of an event's detail (docs/counter.md §21): a person's text (a refund's reason, the
 * central's reasons) as it is; a payment's state, stored as the interface spells it, in words;
 * nothing where the kind already says it (a payment settled).
 */
function eventDetail(t: I18n['t'], event: OrderEvent): string | null {
  if (event.kind === 'refund' || event.kind === 'refusedByCentral') return event.detail;
  if (event.kind !== 'payment') return null;
  const state = PAYMENT_STATES.find((s) => s === event.detail);
  return state ? t(`event.state.${state}`) : null;
}

/** One thing that happened to an order: when, what, who, how much, why. */
export function EventLine({ event }: { event: OrderEvent }) {
  const { t, money, dateTime } = useI18n();
  const methodName = useMethodName();
  const parts = [
    t(`event.${event.kind}`),
    event.actor ? t('event.by', { name: event.actor.name }) : t('event.bySystem'),
    event.amount !== null && money(event.amount),
    event.paymentMethodId !== null && methodName(event.paymentMethodId),
    eventDetail(t, event),
  ].filter((part): part is string => Boolean(part));
  return (
    <>
      <time dateTime={event.at}>{dateTime(event.at)}</time> {parts.join(' · ')}
    </>
  );
}
