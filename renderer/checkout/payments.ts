import type { PaymentMethod } from '../../shared/schemas/order';

/** Payment methods of the catalogue by what they are at a counter, and cash arithmetic. */

export type MethodKind = 'cash' | 'pin' | 'directDebit';

/** The counter's methods, in the order the checkout offers them. */
export const METHOD_KINDS: readonly MethodKind[] = ['cash', 'pin', 'directDebit'];

const FALLBACK_IDS: Record<MethodKind, number> = { cash: 1, pin: 2, directDebit: 3 };

/** Finds the method by its provider (counter, terminal, sepa), as the demo catalogue names them. */
export function methodId(methods: readonly PaymentMethod[], kind: MethodKind): number {
  const byProvider = (provider: string) => methods.filter((m) => m.provider.toLowerCase() === provider);
  let found: PaymentMethod | undefined;
  if (kind === 'cash') found = byProvider('counter')[0] ?? methods.find((m) => /cash|contant/i.test(m.name));
  if (kind === 'directDebit') found = byProvider('sepa')[0] ?? methods.find((m) => /incasso|debit/i.test(m.name));
  if (kind === 'pin') {
    const terminal = byProvider('terminal');
    found = terminal.find((m) => /pin/i.test(m.name)) ?? terminal[0];
  }
  return found?.paymentMethodId ?? FALLBACK_IDS[kind];
}

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
export function operatorReference(orderNumber: string, kind: MethodKind): string {
  const stamp = Date.now().toString(36).toUpperCase();
  return `${orderNumber}-${kind.toUpperCase()}-${stamp}`.slice(0, 100);
}

/** Which of the counter's methods a payment method is, to name it in the counter's language. */
export function methodKindOf(methods: readonly PaymentMethod[], paymentMethodId: number): MethodKind | null {
  return METHOD_KINDS.find((kind) => methodId(methods, kind) === paymentMethodId) ?? null;
}
