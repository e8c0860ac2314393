import type { PaymentMethod } from '../../shared/schemas/order';
import { useI18n } from '../i18n/i18n';
import { useCatalog } from '../sale/hooks';
import { methodKindOf } from './payments';

/** A payment method in the counter's language when it is one of ours, else as the catalogue names it. */
export function MethodName({ method }: { method: PaymentMethod }) {
  const { t } = useI18n();
  const methods = useCatalog().value?.paymentMethods ?? [];
  const kind = methodKindOf(methods, method.paymentMethodId);
  return <>{kind ? t(`method.${kind}`) : method.name}</>;
}
