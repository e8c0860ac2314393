import type { PaymentMethod } from '../../shared/schemas/order';
import { useMethodName } from './methodName';

/** A payment method in the counter's language when it is one of ours, else as the catalogue names it. */
export function MethodName({ method }: { method: PaymentMethod }) {
  return <>{useMethodName()(method.paymentMethodId, method.name)}</>;
}
