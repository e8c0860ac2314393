import { cashDue } from '../../domain/order/cashRounding';
import type { Order, PaymentMethod } from '../../shared/schemas/order';
import { paymentState } from '../../domain/order/money';
import { tenderedOf } from '../../domain/receipts/receipt';

/** Payment methods of the catalogue by what they are at a counter, and cash arithmetic. */

export { METHOD_KINDS, methodId, type MethodKind } from '../../shared/paymentMethods';
import { METHOD_KINDS, methodId, type MethodKind } from '../../shared/paymentMethods';

/** Reads an amount typed in euros ("20", "20,50", "20.5", "€ 20") as cents; null when it is not one. */
export function parseEuros(text: string): number | null {
  const cleaned = text.replace(/[€\s]/g, '');
  if (!/^\d{1,7}([.,]\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split(/[.,]/) as [string, string?];
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function changeDue(tenderedCents: number, dueCents: number): number | null {
  return tenderedCents >= dueCents ? tenderedCents - dueCents : null;
}

/** A reference of our own for a payment: unique enough per counter. */
export function operatorReference(orderNumber: string, kind: MethodKind | 'refund'): string {
  const stamp = Date.now().toString(36).toUpperCase();
  return `${orderNumber}-${kind.toUpperCase()}-${stamp}`.slice(0, 100);
}

/** Which of the counter's methods a payment method is, to name it in the counter's language. */
export function methodKindOf(methods: readonly PaymentMethod[], paymentMethodId: number): MethodKind | null {
  return METHOD_KINDS.find((kind) => methodId(methods, kind) === paymentMethodId) ?? null;
}

// Cash's PSP reference carries the amount handed over: the receipt's rule (domain/receipts), kept once.
export { cashReference, tenderedOf } from '../../domain/receipts/receipt';

/** Notes a clerk is handed most, offered as one-touch amounts when they cover what is due. */
export const QUICK_NOTES = [500, 1000, 2000, 5000] as const;

export function quickTenders(dueCents: number): number[] {
  return [dueCents, ...QUICK_NOTES.filter((n) => n > dueCents)];
}

/** An IBAN as the screens show it: only its last four characters. */
export const ibanLast4 = (iban: string): string => iban.replace(/\s+/g, '').slice(-4);

/** The cash handed over for an order's settled cash payments, and the change it gave. */
export function cashTendered(order: Order, rounding = true): { tendered: number; change: number } | null {
  const cash = order.payments.filter((p) => !p.isRefund && tenderedOf(p) !== null && paymentState(p) === 'SETTLED');
  if (cash.length === 0) return null;
  const tendered = cash.reduce((sum, p) => sum + tenderedOf(p)!, 0);
  // Each cash payment changed hands rounded (docs/api.md §10.1), unless a manager turned rounding off.
  const paid = cash.reduce((sum, p) => sum + cashDue(p.amountDebit, rounding), 0);
  return { tendered, change: tendered - paid };
}
