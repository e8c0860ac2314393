import { useId } from 'react';
import { cashOf, paymentRow, withCashRounding, type ReceiptOrder } from '../../domain/receipts/receipt';
import { ErrorNote } from '../common/ErrorNote';
import { paymentStateName } from '../common/names';
import { NewSaleButton, ScreenNav, StartButton } from '../common/ScreenNav';
import { useI18n } from '../i18n/i18n';
import { dateOfTimestamp } from '../sale/dates';
import { useCurrentOrder } from '../sale/hooks';
import { paymentState } from '../../domain/order/money';
import { orderStatusId } from '../sale/orderView';
import { statusKey } from '../start/OrderList';
import { MethodName } from './MethodName';
import { ibanLast4 } from './payments';
import { useReceiptPrinting } from './printing';
import { PrintStatus } from './PrintStatus';
import { ReturnedMark } from './ReturnedMark';
import { areas } from '../areas';
import { AreaSlot } from '../common/area';
import { TerminalReceiptText } from './TerminalReceiptText';

// Tickets back at the till load with the manager's code (renderer/areas.ts): a sale never waits for them.
const ReturnAtTill = areas.manager.lazy((m) => m.ReturnAtTill);

/**
 * The sale is done: the change due in large type (until the next sale), the receipt, and the
 * way on. The receipt prints on the counter's paper (80 mm receipt printer or A4).
 */
export function ReceiptScreen() {
  const { t } = useI18n();
  const current = useCurrentOrder();
  // Each cash payment with the rounding recorded when it was taken: the amounts are the receipt's (cashOf).
  const order = current.value && withCashRounding(current.value.order, current.value.cashRounding);
  const print = useReceiptPrinting(order?.orderId);
  const again = print.state?.printed || print.state?.problem || print.last?.problem;
  return (
    <div className={`receipt-screen paper-${print.layout}`}>
      <ScreenNav className="no-print">
        <NewSaleButton id="receipt-new-sale" primary />
        {print.state?.printer !== 'none' && (
          <button type="button" disabled={print.pending || !order} onClick={() => void print.run()}>
            {again ? t('receipt.printAgain') : t('receipt.print')}
          </button>
        )}
        <StartButton />
      </ScreenNav>
      <ErrorNote error={current.error ?? print.error} />
      <PrintStatus state={print.state} last={print.last} />
      {current.value && (
        <AreaSlot>
          <ReturnAtTill counterOrder={current.value} />
        </AreaSlot>
      )}
      {order && <ChangeDue order={order} />}
      {order && <Receipt order={order} duplicate={print.state?.printer === 'system' && print.state.printed} />}
    </div>
  );
}

/**
 * The change to hand back, in type large enough to read across the counter: the printed
 * receipt's figures (cashOf). Once money went back (a return), the sale's change is long handed out.
 */
function ChangeDue({ order }: { order: ReceiptOrder }) {
  const { t, money } = useI18n();
  if (order.payments.some((p) => p.isRefund)) return null;
  const taken = order.payments
    .filter((p) => paymentState(p) === 'SETTLED')
    .flatMap((p) => {
      const c = cashOf(p);
      return c?.tendered != null && c.change !== null ? [c] : [];
    });
  if (taken.length === 0) return null;
  const cash = { tendered: taken.reduce((t, c) => t + c.tendered!, 0), change: taken.reduce((t, c) => t + c.change!, 0) };
  return (
    <section className="change-due no-print" aria-labelledby="change-title">
      <h2 id="change-title">{cash.change > 0 ? t('change.title') : t('change.none')}</h2>
      {cash.change > 0 && <p className="change-amount">{money(cash.change)}</p>}
      <p>{t('change.tendered', { amount: money(cash.tendered) })}</p>
    </section>
  );
}

/**
 * The receipt of an order as the page prints it; `title` names another kind (a refund receipt).
 * Refunds show as money given back; the tendered amount and the change follow the receipt's
 * rules (domain/receipts). `duplicate`: printing it now is a reprint, marked as such.
 */
export function Receipt({ order, title, duplicate = false }: { order: ReceiptOrder; title?: string; duplicate?: boolean }) {
  const { t, money, date, dateTime } = useI18n();
  const terms = [...new Set(order.orderLines.flatMap((l) => l.orderLineTerms.map((x) => x.termsUrl)))];
  const taxTotal = order.orderLines.reduce((sum, l) => sum + (l.taxAmount ?? 0), 0);
  // A refund receipt may show beside the sale's (a return at the till): each names itself.
  const titleId = useId();
  return (
    <article className="receipt" aria-labelledby={titleId}>
      <header>
        {duplicate && <p className="receipt-duplicate">{t('receipt.duplicate')}</p>}
        <h2 id={titleId}>{title ?? t('receipt.title')}</h2>
        <p>{order.touchPoint.name}</p>
        <p>
          {t('receipt.orderNumber')} <strong>{order.orderNumber}</strong>
        </p>
        <p>{dateTime(order.lastUpdatedOn)}</p>
        <p>{t(`orderStatus.${statusKey(orderStatusId(order))}`)}</p>
      </header>
      <table className="table">
        <caption className="sr-only">{t('receipt.lines')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('receipt.product')}</th>
            <th scope="col" className="num">
              {t('receipt.quantity')}
            </th>
            <th scope="col" className="num col-excl">
              {t('receipt.exclTax')}
            </th>
            <th scope="col" className="num">
              {t('receipt.tax')}
            </th>
            <th scope="col" className="num">
              {t('receipt.inclTax')}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.orderLines.map((line) => {
            const from = dateOfTimestamp(line.validFrom);
            const until = dateOfTimestamp(line.validUntil);
            return (
              <tr key={line.orderLineId}>
                <td>
                  {line.productName}
                  <span className="small muted nowrap"> {line.fikoArticleNumber}</span>
                  {from && (
                    <span className="small muted">
                      {' '}
                      · {until ? t('line.fromUntil', { from: date(from), until: date(until) }) : date(from)}
                    </span>
                  )}
                </td>
                <td className="num">
                  {line.quantity}
                  <ReturnedMark count={line.returnedQuantity} />
                </td>
                <td className="num col-excl">{line.amountExclTax !== null ? money(line.amountExclTax) : '—'}</td>
                <td className="num">
                  {line.taxAmount !== null ? money(line.taxAmount) : '—'}
                  {line.taxPercentage !== null && <span className="small muted"> ({line.taxPercentage}%)</span>}
                </td>
                <td className="num">{money(line.amountInclTax)}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              {t('receipt.total')}
            </th>
            <td className="col-excl" />
            <td className="num">{money(taxTotal)}</td>
            <td className="num">
              <strong>{money(order.totalAmount)}</strong>
            </td>
          </tr>
        </tfoot>
      </table>
      <section aria-labelledby="receipt-payments">
        <h3 id="receipt-payments">{t('payments.title')}</h3>
        {order.payments.length === 0 && <p>{t('receipt.noPayments')}</p>}
        <ul className="plain">
          {order.payments
            .filter((p) => ['SETTLED', 'PENDING'].includes(paymentState(p)))
            .map((p) => ({ p, row: paymentRow(p) }))
            .map(({ p, row }) => (
              <li key={p.paymentId}>
                {p.isRefund && `${t('receipt.refund')} `}
                <MethodName method={p.paymentMethod} />: {money(p.isRefund ? -p.amountDebit : p.amountDebit)} —{' '}
                {paymentStateName(t, row.state)}
                {row.rounding !== null && row.handed !== null && (
                  <span className="receipt-rounding">
                    {' '}
                    (
                    {t(p.isRefund ? 'receipt.roundingBack' : 'receipt.rounding', {
                      amount: money(row.rounding),
                      handed: money(row.handed),
                    })}
                    )
                  </span>
                )}
                {row.tendered !== null && row.change !== null && (
                  <span className="receipt-tendered">
                    {' '}
                    (
                    {row.change > 0
                      ? t('receipt.tendered', { amount: money(row.tendered), change: money(row.change) })
                      : t('receipt.tenderedExact', { amount: money(row.tendered) })}
                    )
                  </span>
                )}
                {p.mandateInput && (
                  <span className="small">
                    {' '}
                    ({t('iban.masked', { last: ibanLast4(p.mandateInput.iban) })}, {p.mandateInput.ascription})
                  </span>
                )}
                {row.state === 'SETTLED' && <TerminalReceiptText payment={p} />}
              </li>
            ))}
        </ul>
      </section>
      {terms.length > 0 && (
        <section aria-labelledby="receipt-terms">
          <h3 id="receipt-terms">{t('receipt.terms')}</h3>
          <ul className="plain">
            {terms.map((url) => (
              <li key={url} className="terms-url">
                {url}
              </li>
            ))}
          </ul>
        </section>
      )}
      <p className="thanks">{t('receipt.thanks')}</p>
    </article>
  );
}
