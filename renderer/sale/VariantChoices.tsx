import { useId, type ReactNode } from 'react';
import type { Product } from '../../shared/schemas/reference';
import { useI18n } from '../i18n/i18n';

/** PRODUCT_CHOICE_REQUIRED: the variants to choose from, each a button named by the variant, its price describing it. */
export function VariantChoices({
  choices,
  onChoose,
  disabled = false,
  firstId,
  children,
}: {
  choices: readonly Product[];
  onChoose: (choice: Product) => void;
  disabled?: boolean;
  /** The id of the first button, to move the focus to. */
  firstId?: string;
  /** Shown under the buttons (what went wrong with the last choice). */
  children?: ReactNode;
}) {
  const { t, money } = useI18n();
  const priceId = useId();
  return (
    <fieldset className="stack">
      <legend>{t('products.chooseVariant')}</legend>
      {choices.map((choice, i) => (
        <button
          key={choice.productId}
          id={i === 0 ? firstId : undefined}
          type="button"
          aria-describedby={choice.amountInclTax > 0 ? `${priceId}-${choice.productId}` : undefined}
          disabled={disabled}
          onClick={() => onChoose(choice)}
        >
          {choice.productName}
          {choice.amountInclTax > 0 && (
            // Named by the product's name alone (what the clerk says); its price describes it.
            <span className="muted" id={`${priceId}-${choice.productId}`} aria-hidden="true">
              {' '}
              · {money(choice.amountInclTax)}
            </span>
          )}
        </button>
      ))}
      {children}
    </fieldset>
  );
}
