import type { PaymentMethod } from './schemas/order';

/** Payment methods of the catalogue by what they are at a counter: the renderer and the main process find them alike. */

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
