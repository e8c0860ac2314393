import { useState } from 'react';
import type { HeldProduct } from '../../shared/ipc/cards';
import { amsterdamDay } from '../../domain/cards/refundQuote';
import { useAction, useInvoke } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { useI18n } from '../i18n/i18n';
import { ManagerApproval, type Approval } from '../manager/ManagerApproval';
import { useCardChanged } from './BlockForms';
import { useCardService } from './cardStore';

const CASH = 1;
const PIN = 2;

/**
 * Ending a season early (docs/counter.md §22.4): the quote is the domain's (domain/cards), read
 * through `cards.quote`; the refund is a return of the line as any return (`returns.refund`,
 * docs/counter.md §19), approved by a manager's PIN, its reason naming the product and the period.
 */
export function SeasonEnd({
  transitTokenId,
  product,
  local,
}: {
  transitTokenId: number;
  product: HeldProduct;
  local: { orderId: string; orderLineId: string };
}) {
  const { t, date, money } = useI18n();
  const [open, setOpen] = useState(false);
  const [approval, setApproval] = useState<Approval>({ staffId: '', pin: '' });
  const [tried, setTried] = useState(false);
  const quote = useInvoke('cards.quote', local, { enabled: open });
  const changed = useCardChanged();
  const refund = useAction('returns.refund', changed);
  if (!open)
    return (
      <button type="button" onClick={() => setOpen(true)}>
        {t('cards.endEarly')}
      </button>
    );
  const q = quote.value;
  const words = q && {
    name: product.productName,
    from: date(q.validFrom),
    until: q.validUntil ? date(q.validUntil) : '–',
    on: date(amsterdamDay(new Date())),
  };
  const give = async (paymentMethodId: number) => {
    setTried(true);
    if (!q || !words || !/^\d{4,8}$/.test(approval.pin)) return;
    const answer = await refund.run({
      orderId: local.orderId,
      refund: {
        paymentMethodId,
        amountDebit: q.refundable,
        operatorPaymentReference: `season-end-${local.orderLineId}`,
        reason: t('cards.refundReason', words),
        lines: [{ orderLineId: local.orderLineId, quantity: 1 }],
      },
      approval,
    });
    if (answer.ok)
      useCardService.setState({ ended: { transitTokenId, text: t('cards.refunded', { ...words, amount: money(q.refundable) }) } });
  };
  return (
    <section className="card-act" aria-label={t('cards.quote', { name: product.productName })}>
      <h5>{t('cards.quote', { name: product.productName })}</h5>
      <ErrorNote error={quote.error} />
      {q && (
        <>
          <p>{t('cards.quoteDays', { used: q.daysUsed, total: q.daysTotal, left: q.daysLeft })}</p>
          <p>{t('cards.quoteFee', { fee: money(q.fee) })}</p>
          <p>
            <strong>{t('cards.quoteBack', { amount: money(q.refundable) })}</strong>
          </p>
          <ManagerApproval value={approval} onChange={setApproval} tried={tried} idPrefix={`season-${local.orderLineId}`} />
          <div className="row">
            <button type="button" disabled={refund.pending || q.refundable === 0} onClick={() => void give(CASH)}>
              {t('cards.refundCash')}
            </button>
            <button type="button" disabled={refund.pending || q.refundable === 0} onClick={() => void give(PIN)}>
              {t('cards.refundPin')}
            </button>
          </div>
        </>
      )}
      <ErrorNote error={refund.error} />
    </section>
  );
}
