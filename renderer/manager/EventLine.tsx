import type { OrderEvent } from '../../shared/manager/types';
import { useI18n } from '../i18n/i18n';
import { useMethodName } from '../checkout/methodName';

/** One thing that happened to an order: when, what, who, how much, why. */
export function EventLine({ event }: { event: OrderEvent }) {
  const { t, money, dateTime } = useI18n();
  const methodName = useMethodName();
  const parts = [
    t(`event.${event.kind}`),
    event.actor ? t('event.by', { name: event.actor.name }) : t('event.bySystem'),
    event.amount !== null && money(event.amount),
    event.paymentMethodId !== null && methodName(event.paymentMethodId),
    event.detail,
  ].filter((part): part is string => Boolean(part));
  return (
    <>
      <time dateTime={event.at}>{dateTime(event.at)}</time> {parts.join(' · ')}
    </>
  );
}
