import { areas } from '../areas';
import { focusSoon } from '../sale/saleStore';
import type { MethodKind } from './payments';

/** Moves the focus to a payment method's first field (`pay-{kind}`) once its panel's code is loaded. */
export function focusMethod(kind: MethodKind): void {
  const checkout = areas.checkout.load();
  focusSoon(`pay-${kind}`, kind === 'directDebit' ? Promise.all([checkout, areas.directDebit.load()]) : checkout);
}
