import { Field } from '../common/Field';
import { useI18n } from '../i18n/i18n';

const MIN_QUANTITY = 1;
const MAX_QUANTITY = 1000;

/** A whole number of 1 to 1000: what a line's quantity may be. */
export function quantityOk(quantity: number): boolean {
  return Number.isInteger(quantity) && quantity >= MIN_QUANTITY && quantity <= MAX_QUANTITY;
}

/** The quantity of a line, as added or edited. */
export function QuantityField({ id, value, onChange }: { id: string; value: number; onChange: (value: number) => void }) {
  const { t } = useI18n();
  return (
    <Field id={id} label={t('line.quantity')}>
      {(control) => (
        <input
          {...control}
          type="number"
          inputMode="numeric"
          min={MIN_QUANTITY}
          max={MAX_QUANTITY}
          value={value}
          onChange={(e) => onChange(Number(e.target.value))}
        />
      )}
    </Field>
  );
}
