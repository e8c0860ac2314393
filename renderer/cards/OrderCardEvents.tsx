import type { Order } from '../../shared/schemas/order';
import { useInvoke } from '../api/useInvoke';
import { useI18n } from '../i18n/i18n';
import { CardEvents } from './CardDetailPanel';

/** The events of each card an order's lines were sold on (docs/counter.md §22.6), in the order's detail. */
export function OrderCardEvents({ order }: { order: Order }) {
  const ids = [
    ...new Set(
      order.orderLines.flatMap((l) => (l.customerTokens ?? []).map((c) => c.transitTokenId).filter((id): id is number => id !== null)),
    ),
  ];
  return (
    <>
      {ids.map((id) => (
        <OneCard key={id} transitTokenId={id} />
      ))}
    </>
  );
}

function OneCard({ transitTokenId }: { transitTokenId: number }) {
  const { t } = useI18n();
  const detail = useInvoke('cards.detail', { transitTokenId });
  const card = detail.value?.card;
  if (!card || !detail.value?.events?.length) return null;
  return (
    <section aria-label={t('cards.card', { alias: card.alias ?? card.passNumber ?? String(transitTokenId) })}>
      <CardEvents events={detail.value.events} />
    </section>
  );
}
