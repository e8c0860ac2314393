import { useState, type FormEvent } from 'react';
import type { OrderLine } from '../../shared/schemas/order';
import type { Product } from '../../shared/schemas/reference';
import { useAction } from '../api/useInvoke';
import { areas } from '../areas';
import { AreaSlot } from '../common/area';
import { Dialog } from '../common/Dialog';
import { ErrorNote } from '../common/ErrorNote';
import { useI18n } from '../i18n/i18n';
import { childrenOf, isLeaf, leavesUnder } from './catalogTree';
import { dateOfTimestamp, startDateProblem, startTimestamp } from './dates';
import { useProducts } from './hooks';
import { QuantityField, quantityOk } from './QuantityField';
import { focusSoon, useSale, type LineTask } from './saleStore';
import { StartDateField } from './StartDateField';
import { VariantChoices } from './VariantChoices';
import { nextActionId } from './pick';

const PersonalDataForm = areas.personal.lazy((m) => m.PersonalDataForm);

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
      {!leaf && task !== 'personal' && <VariantPicker line={line} />}
      <QuantityAndDate line={line} requiredDate={product?.requires.validFrom ?? false} validityDays={product?.validityDays ?? null} />
      {showPersonal && task !== 'personal' && (
        <button
          type="button"
          aria-haspopup="dialog"
          onClick={() => {
            useSale.getState().edit(line.orderLineId, 'personal');
            focusSoon(`line-${line.orderLineId}-birthdate`, areas.personal.load());
          }}
        >
          {t('personal.title')}
        </button>
      )}
      {showPersonal && task === 'personal' && (
        // Personal data is a step of its own over the sale, not a form in the order column.
        <Dialog
          id={`line-${line.orderLineId}-personal`}
          title={`${t('personal.title')}: ${line.productName}`}
          wide
          onClose={() => {
            useSale.getState().stopEditing();
            focusSoon('remarks-title');
          }}
        >
          <AreaSlot>
            <PersonalDataForm
              line={line}
              product={product ?? null}
              autoFocusBirthdate
              onSaved={(order) => {
                useSale.getState().stopEditing();
                focusSoon(nextActionId(order));
              }}
            />
          </AreaSlot>
        </Dialog>
      )}
    </div>
  );
}

function VariantPicker({ line }: { line: OrderLine }) {
  const products = useProducts();
  const patch = useAction('lines.patch');
  const direct = childrenOf(products, line.productId);
  const choices = direct.length > 0 ? direct : leavesUnder(products, line.productId);
  const choose = async (child: Product) => {
    const result = await patch.run({ orderLineId: line.orderLineId, patch: { productId: child.productId } });
    if (result.ok && isLeaf(products, child.productId)) focusSoon('remarks-title');
  };
  return (
    <VariantChoices
      choices={choices}
      onChoose={(child) => void choose(child)}
      disabled={patch.pending}
      firstId={`line-${line.orderLineId}-variants`}
    >
      <ErrorNote error={patch.error} />
    </VariantChoices>
  );
}

function QuantityAndDate({ line, requiredDate, validityDays }: { line: OrderLine; requiredDate: boolean; validityDays: number | null }) {
  const { t } = useI18n();
  const patch = useAction('lines.patch');
  const savedStart = dateOfTimestamp(line.validFrom) ?? '';
  const [quantity, setQuantity] = useState(line.quantity);
  const [start, setStart] = useState(savedStart);
  const dateProblem = start ? startDateProblem(start, new Date()) : null;
  const quantityValid = quantityOk(quantity);
  const startChanged = start !== savedStart;
  const changed = quantity !== line.quantity || startChanged;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!quantityValid || dateProblem || !changed) return;
    const validFrom = start ? startTimestamp(start, new Date()) : null;
    // validUntil follows the new start: the product's validity, or open.
    const validUntil = validFrom && validityDays ? new Date(Date.parse(validFrom) + validityDays * 86_400_000).toISOString() : null;
    const result = await patch.run({
      orderLineId: line.orderLineId,
      patch: {
        quantity,
        ...(startChanged ? { validFrom, validUntil } : {}),
      },
    });
    if (result.ok) {
      useSale.getState().stopEditing();
      focusSoon('remarks-title');
    }
  };

  return (
    <form className="stack" onSubmit={submit}>
      <QuantityField id={`line-${line.orderLineId}-quantity`} value={quantity} onChange={setQuantity} />
      <StartDateField id={`line-${line.orderLineId}-start`} value={start} onChange={setStart} required={requiredDate} />
      <ErrorNote error={patch.error} />
      <button type="submit" disabled={!quantityValid || dateProblem !== null || !changed || patch.pending}>
        {t('line.save')}
      </button>
    </form>
  );
}
