import { useEffect, useRef, useState } from 'react';
import type { ReplacementAnswer } from '../../shared/schemas/cards';
import type { TransitTokenRecord } from '../../shared/schemas/reference';
import { useAction, useInvoke } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { Field } from '../common/Field';
import { useI18n } from '../i18n/i18n';
import { ManagerApproval, type Approval } from '../manager/ManagerApproval';
import { useSale } from '../sale/saleStore';
import { useCardChanged } from './BlockForms';
import { useCardService } from './cardStore';
import { NEW_PASS_FIELD, useScanned } from './useScanned';

/**
 * A replacement card (docs/counter.md §22.3): the new pass number, then the fee sold as any sale
 * (paid at the checkout by cash or PIN) or waived by a manager with a reason, then the
 * replacement issued. It needs the central: offline nothing is offered, so nothing is sold.
 */
export function ReplaceForm({ card, online }: { card: TransitTokenRecord; online: boolean }) {
  const { t, money } = useI18n();
  const replacing = useCardService((s) => (s.replacing?.transitTokenId === card.transitTokenId ? s.replacing : null));
  const [passNumber, setPassNumber] = useState(replacing?.passNumber ?? '');
  useScanned(setPassNumber, 'newPass');
  const [waiving, setWaiving] = useState(false);
  const [why, setWhy] = useState('');
  const [approval, setApproval] = useState<Approval>({ staffId: '', pin: '' });
  const waiveForm = useRef<HTMLFormElement>(null);
  // The waiver opened under the replacement: brought to the top, the focus in its reason (docs/counter.md §12.1, §12.3).
  useEffect(() => {
    if (!waiving) return;
    waiveForm.current?.scrollIntoView?.({ block: 'start' });
    document.getElementById('waive-reason')?.focus({ preventScroll: true });
  }, [waiving]);
  const catalog = useInvoke('catalog.get', {});
  const settings = useInvoke('settings.get', {});
  const changed = useCardChanged();
  const create = useAction('orders.create');
  const replace = useAction('cards.replace', (answer) => {
    useCardService.setState({ replacing: null, replaced: answer });
    changed();
  });
  const fee = catalog.value?.products.find((p) => p.role === 'replacementFee');
  const numberOk = /^\d{16}$/.test(passNumber.replace(/\s+/g, ''));

  if (!online) return <p className="note note-warning">{t('cards.needsCentral')}</p>;

  const sellFee = async () => {
    if (!fee) return;
    const sold = await create.run({ languageId: settings.value?.languageId ?? 2, orderLines: [{ productId: fee.productId, quantity: 1 }] });
    if (!sold.ok) return;
    useCardService.setState({ replacing: { transitTokenId: card.transitTokenId, passNumber, feeOrderId: sold.value.order.orderId } });
    useSale.getState().openOrder(sold.value.order.orderId, 'checkout');
  };

  return (
    <section className="card-act" aria-label={t('cards.replace')}>
      <h4>{t('cards.replace')}</h4>
      <Field id={NEW_PASS_FIELD} label={t('cards.newPass')}>
        {(control) => (
          <input {...control} value={passNumber} inputMode="numeric" autoComplete="off" onChange={(e) => setPassNumber(e.target.value)} />
        )}
      </Field>
      {replacing?.feeOrderId ? (
        <>
          <p className="note">{t('cards.feePaid')}</p>
          <button
            type="button"
            className="primary"
            disabled={!numberOk || replace.pending}
            onClick={() => void replace.run({ transitTokenId: card.transitTokenId, passNumber, fee: { orderId: replacing.feeOrderId! } })}
          >
            {t('cards.issue')}
          </button>
        </>
      ) : (
        <div className="row">
          <button type="button" className="primary" disabled={!numberOk || !fee || create.pending} onClick={() => void sellFee()}>
            {t('cards.sellFee')} {fee && `(${money(fee.amountInclTax)})`}
          </button>
          <button type="button" aria-expanded={waiving} onClick={() => setWaiving(!waiving)}>
            {t('cards.waive')}
          </button>
        </div>
      )}
      {waiving && !replacing?.feeOrderId && (
        <form
          ref={waiveForm}
          onSubmit={(e) => {
            e.preventDefault();
            if (why.trim() && numberOk)
              void replace.run({ transitTokenId: card.transitTokenId, passNumber, fee: { waived: why.trim(), approval } });
          }}
        >
          <Field id="waive-reason" label={t('cards.waiveReason')}>
            {(control) => <input {...control} value={why} maxLength={500} onChange={(e) => setWhy(e.target.value)} />}
          </Field>
          <ManagerApproval value={approval} onChange={setApproval} tried={false} idPrefix="waive-approval" />
          <button type="submit" disabled={!numberOk || !why.trim() || replace.pending}>
            {t('cards.issue')}
          </button>
        </form>
      )}
      <ErrorNote error={create.error ?? replace.error} />
    </section>
  );
}

/** What moved to the new card, for the traveller (docs/counter.md §22.3). */
export function ReplacementReceipt({ answer }: { answer: ReplacementAnswer }) {
  const { t, date, money } = useI18n();
  // The replacement issued: the focus (and the window) on printing the traveller's receipt (docs/counter.md §12.3).
  const print = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    print.current?.focus();
  }, []);
  return (
    <section className="receipt" aria-label={t('cards.receipt')}>
      <h4>{t('cards.receipt')}</h4>
      <p>{t('cards.receiptNew', { pass: answer.new.passNumber ?? '', old: answer.old.passNumber ?? String(answer.old.transitTokenId) })}</p>
      <ul>
        {answer.moved.products.map((p) => (
          <li key={p.orderLineId}>
            {t('cards.receiptProduct', {
              name: p.productName,
              from: p.validFrom ? date(p.validFrom) : '–',
              until: p.validUntil ? date(p.validUntil) : '–',
            })}
          </li>
        ))}
      </ul>
      <p>{answer.moved.ePurse ? t('cards.receiptBalance', { amount: money(answer.moved.ePurse.amount) }) : t('cards.receiptNoBalance')}</p>
      <button ref={print} type="button" onClick={() => window.print()}>
        {t('cards.print')}
      </button>
    </section>
  );
}
