import type { PaymentMethod } from '../../shared/schemas/order';

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
