import type { CustomerView } from '../../shared/ipc/display';
import { cashHandover } from '../order/cashRounding';
import { outstanding, paidIn, paidOut, paymentState } from '../order/money';
import { cashOf, type ReceiptOrder } from './receipt';
import { receiptLanguage } from './words';

/**
 * What the customer display shows of the sale in progress (docs/api.md §9.4): its lines, total,
 * amount due (and, when rounding changes it, what is due in cash) and change, in the customer's
 * language (the order's). Built from the order's amounts and product names only: no name, birth
 * date, photo, e-mail or IBAN can reach it. The cash amounts are the receipt's (cashOf).
 */
export type { CustomerView };

/** `rounding`: whether cash taken now is rounded (the counter's setting, docs/counter.md §17). */
export function customerViewOf(order: ReceiptOrder, rounding: boolean): CustomerView {
  const taken = order.payments.filter((p) => !p.isRefund && paymentState(p) === 'SETTLED').map(cashOf);
  const changes = taken.flatMap((c) => (c?.change == null ? [] : [c.change]));
  const due = Math.max(0, outstanding(order));
  const inCash = cashHandover(due, rounding).handed;
  return {
    language: receiptLanguage(order.language.iso639Code),
    lines: order.orderLines.map((l) => ({ name: l.productName, quantity: l.quantity, amount: l.amountInclTax })),
    total: order.totalAmount,
    due,
    cashDue: inCash === due ? null : inCash,
    paid: paidIn(order) - paidOut(order),
    change: changes.length > 0 ? changes.reduce((a, b) => a + b, 0) : null,
  };
}
