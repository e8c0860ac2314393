import { useState, type FormEvent } from 'react';
import type { OrderLine } from '../../shared/schemas/order';
import { useAction } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { useI18n } from '../i18n/i18n';
import { PersonalDataForm } from '../personal/PersonalDataForm';
import { childrenOf, isLeaf, leavesUnder } from './catalogTree';
import { dateOfTimestamp, startDateProblem, startTimestamp } from './dates';
import { useProducts } from './hooks';
import { focusSoon, useSale, type LineTask } from './saleStore';
import { StartDateField } from './StartDateField';

/** Changes a line: its product variant, quantity and start date, and the traveller's personal data. */
export function LineEditor({ line, task }: { line: OrderLine; task: LineTask }) {
  const { t } = useI18n();
  const products = useProducts();
  const product = products.find((p) => p.productId === line.productId);
  const leaf = isLeaf(products, line.productId);
  const hasToken = (line.customerTokens?.length ?? 0) > 0;
  const showPersonal =
    task === 'personal' || (product !== undefined && (product.requires.birthdate || product.ageProfile !== null) && hasToken);

  return (
    <div className="editor stack" role="group" aria-label={t('line.editorFor', { name: line.productName })}>
      {!leaf && <VariantPicker line={line} />}
      <QuantityAndDate
        line={line}
        requiredDate={product?.requires.validFrom ?? false}
        validityDays={product?.validityDays ?? null}
      />
      {showPersonal && (
        <PersonalDataForm line={line} product={product ?? null} autoFocusBirthdate={task === 'personal'} />
      )}
    </div>
  );
}

function VariantPicker({ line }: { line: OrderLine }) {
  const { t, money } = useI18n();
  const products = useProducts();
  const patch = useAction('lines.patch');
  const direct = childrenOf(products, line.productId);
  const choices = direct.length > 0 ? direct : leavesUnder(products, line.productId);
  return (
    <fieldset className="stack">
      <legend>{t('products.chooseVariant')}</legend>
      {choices.map((child, i) => (
        <button
          key={child.productId}
          id={i === 0 ? `line-${line.orderLineId}-variants` : undefined}
          type="button"
          aria-label={t('products.choose', { name: child.productName })}
          disabled={patch.pending}
          onClick={async () => {
            const result = await patch.run({ orderLineId: line.orderLineId, patch: { productId: child.productId } });
            if (result.ok && isLeaf(products, child.productId)) focusSoon('remarks-title');
          }}
        >
          {child.productName}
          {child.amountInclTax > 0 && <span className="muted"> · {money(child.amountInclTax)}</span>}
        </button>
      ))}
      <ErrorNote error={patch.error} />
    </fieldset>
  );
}

function QuantityAndDate({
  line,
  requiredDate,
  validityDays,
}: {
  line: OrderLine;
  requiredDate: boolean;
  validityDays: number | null;
}) {
  const { t } = useI18n();
  const patch = useAction('lines.patch');
  const [quantity, setQuantity] = useState(line.quantity);
  const [start, setStart] = useState(dateOfTimestamp(line.validFrom) ?? '');
  const dateProblem = start ? startDateProblem(start, new Date()) : null;
  const quantityOk = Number.isInteger(quantity) && quantity >= 1 && quantity <= 1000;
  const changed = quantity !== line.quantity || start !== (dateOfTimestamp(line.validFrom) ?? '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!quantityOk || dateProblem || !changed) return;
    const validFrom = start ? startTimestamp(start, new Date()) : null;
    // validUntil follows the new start: the product's validity, or open.
    const validUntil =
      validFrom && validityDays ? new Date(Date.parse(validFrom) + validityDays * 86_400_000).toISOString() : null;
    const result = await patch.run({
      orderLineId: line.orderLineId,
      patch: {
        quantity,
        ...(start !== (dateOfTimestamp(line.validFrom) ?? '') ? { validFrom, validUntil } : {}),
      },
    });
    if (result.ok) {
      useSale.getState().stopEditing();
      focusSoon('remarks-title');
    }
  };

  return (
    <form className="stack" onSubmit={submit}>
      <div className="field">
        <label htmlFor={`line-${line.orderLineId}-quantity`}>{t('line.quantity')}</label>
        <input
          id={`line-${line.orderLineId}-quantity`}
          type="number"
          inputMode="numeric"
          min={1}
          max={1000}
          value={quantity}
          onChange={(e) => setQuantity(Number(e.target.value))}
        />
      </div>
      <StartDateField id={`line-${line.orderLineId}-start`} value={start} onChange={setStart} required={requiredDate} />
      <ErrorNote error={patch.error} />
      <button type="submit" disabled={!quantityOk || dateProblem !== null || !changed || patch.pending}>
        {t('line.save')}
      </button>
    </form>
  );
}
