import type { ReactNode } from 'react';
import type { Product } from '../../shared/schemas/reference';
import { useI18n } from '../i18n/i18n';

/** PRODUCT_CHOICE_REQUIRED: the variants to choose from, each a button "Choose {name}" with its price. */
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
  return (
    <fieldset className="stack">
      <legend>{t('products.chooseVariant')}</legend>
      {choices.map((choice, i) => (
        <button
          key={choice.productId}
          id={i === 0 ? firstId : undefined}
          type="button"
          aria-label={t('products.choose', { name: choice.productName })}
          disabled={disabled}
          onClick={() => onChoose(choice)}
        >
          {choice.productName}
          {choice.amountInclTax > 0 && <span className="muted"> · {money(choice.amountInclTax)}</span>}
        </button>
      ))}
      {children}
    </fieldset>
  );
}
