import type { CustomerView } from '../../shared/ipc/display';
import type { Order } from '../../shared/schemas/order';
import { outstanding, paidIn, paidOut, paymentState } from '../order/money';
import { isCashMethod, tenderedOf } from './receipt';
import { receiptLanguage } from './words';

/**
 * What the customer display shows of the sale in progress (docs/api.md §9.4): its lines, total,
 * amount due and change, in the customer's language (the order's). Built from the order's
 * amounts and product names only: no name, birth date, photo, e-mail or IBAN can reach it.
 */
export type { CustomerView };

export function customerViewOf(order: Order): CustomerView {
  const cash = order.payments.filter((p) => !p.isRefund && paymentState(p) === 'SETTLED' && isCashMethod(p.paymentMethod));
  const tendered = cash.map(tenderedOf).filter((t): t is number => t !== null);
  const change = tendered.length > 0 ? tendered.reduce((a, b) => a + b, 0) - cash.reduce((sum, p) => sum + p.amountDebit, 0) : null;
  return {
    language: receiptLanguage(order.language.iso639Code),
    lines: order.orderLines.map((l) => ({ name: l.productName, quantity: l.quantity, amount: l.amountInclTax })),
    total: order.totalAmount,
    due: Math.max(0, outstanding(order)),
    paid: paidIn(order) - paidOut(order),
    change,
  };
}
