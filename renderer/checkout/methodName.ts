import { methodKindOf } from './payments';
import { useI18n } from '../i18n/i18n';
import { useCatalog } from '../sale/hooks';

/** Names a payment method by id in the counter's language when it is one of ours, else as the catalogue (or `fallback`) names it. */
export function useMethodName(): (paymentMethodId: number, fallback?: string) => string {
  const { t } = useI18n();
  const methods = useCatalog().value?.paymentMethods ?? [];
  return (paymentMethodId, fallback) => {
    const kind = methodKindOf(methods, paymentMethodId);
    if (kind) return t(`method.${kind}`);
    return methods.find((m) => m.paymentMethodId === paymentMethodId)?.name ?? fallback ?? String(paymentMethodId);
  };
}
