import { tokenTypeName } from '../common/names';
import type { Product } from '../../shared/schemas/reference';
import { useI18n } from '../i18n/i18n';

/** Which tokens a product goes on, and what it requires, in words. */
export function TokenTypes({ product }: { product: Product }) {
  const { t } = useI18n();
  const needs: string[] = [];
  if (product.requires.registeredToken) needs.push(t('needs.registeredToken'));
  else if (product.requires.token) needs.push(t('needs.token'));
  if (product.requires.birthdate) needs.push(t('needs.birthdate'));
  if (product.requires.mandate) needs.push(t('needs.mandate'));
  return (
    <div className="muted small">
      <p>
        {product.tokenTypeIds.length === 0
          ? t('products.noTokens')
          : t('products.tokenTypes', { types: product.tokenTypeIds.map((id) => tokenTypeName(t, id)).join(', ') })}
      </p>
      {product.ageProfile && (
        <p>{t('products.ages', { from: product.ageProfile.ageFromInclusive, to: product.ageProfile.ageToInclusive })}</p>
      )}
      {needs.length > 0 && <p>{t('products.needs', { needs: needs.join(', ') })}</p>}
    </div>
  );
}
