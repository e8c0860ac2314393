import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { StaleCancelOutcome } from '../../shared/manager/types';
import { queryKeys, useAction, useInvoke } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { useI18n } from '../i18n/i18n';
import type { RefusalCode } from '../../shared/refusals';

/**
 * Open concept orders of earlier days, which nobody will finish: offered to a manager for
 * cancelling at login (the start screen) and at the day close. Shown only when there are any.
 */
export function StaleConcepts({ atClose = false }: { atClose?: boolean }) {
  const { t, refusal, money, dateTime } = useI18n();
  const client = useQueryClient();
  const stale = useInvoke('manager.staleConcepts', {}, { staleTime: 0 });
  const [refused, setRefused] = useState<StaleCancelOutcome['refused']>([]);
  const cancel = useAction('manager.cancelStale', (outcome) => {
    setRefused(outcome.refused);
    void client.invalidateQueries({ queryKey: queryKeys.channel('manager.staleConcepts') });
    void client.invalidateQueries({ queryKey: queryKeys.channel('manager.orders') });
    void client.invalidateQueries({ queryKey: queryKeys.channel('day.status') });
  });
  const orders = stale.value ?? [];
  if (orders.length === 0) return <ErrorNote error={stale.error ?? cancel.error} />;
  const titleId = atClose ? 'stale-close-title' : 'stale-title';
  return (
    <section className={atClose ? 'panel' : 'card wide'} aria-labelledby={titleId}>
      <h3 id={titleId}>{t('stale.title', { count: orders.length })}</h3>
      <p>{t('stale.about')}</p>
      <ul className="plain stack" aria-labelledby={titleId}>
        {orders.map((o) => (
          <li key={o.orderId} className="row">
            <span>
              <strong>{o.orderNumber}</strong> {dateTime(o.createdOn)} · {money(o.totalAmount)}
              {o.clerk && ` · ${o.clerk.name}`}
            </span>
            <button type="button" disabled={cancel.pending} onClick={() => void cancel.run({ orderIds: [o.orderId] })}>
              {t('detail.cancel', { number: o.orderNumber })}
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="danger"
        disabled={cancel.pending}
        onClick={() => void cancel.run({ orderIds: orders.map((o) => o.orderId) })}
      >
        {t('stale.cancelAll', { count: orders.length })}
      </button>
      <ErrorNote error={cancel.error} />
      {refused.length > 0 && (
        <ul className="note note-warn" role="alert">
          {refused.map((r) => (
            <li key={r.orderId}>
              {orders.find((o) => o.orderId === r.orderId)?.orderNumber ?? r.orderId}: {refusal(r.code as RefusalCode)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
