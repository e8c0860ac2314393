import type { Order } from '../../shared/schemas/order';
import { lineShare } from '../../domain/order/returns';
import { useI18n } from '../i18n/i18n';

/** How many of each line come back: a line's id → a quantity (0 or absent: none). */
export type Chosen = Record<string, number>;

/** The chosen lines as a refund names them (docs/api.md §7.1), and the most that may go back for them. */
export function chosenReturn(order: Order, chosen: Chosen) {
  const lines = order.orderLines
    .filter((l) => (chosen[l.orderLineId] ?? 0) > 0)
    .map((l) => ({ orderLineId: l.orderLineId, quantity: Math.min(chosen[l.orderLineId]!, l.quantity - l.returnedQuantity) }));
  const share = lines.reduce((total, r) => {
    const line = order.orderLines.find((l) => l.orderLineId === r.orderLineId)!;
    return total + lineShare(line, line.returnedQuantity, r.quantity);
  }, 0);
  return { lines, share };
}

/** Each line of the order with how many of it come back, at most what is left of it. */
export function ReturnLines({
  order,
  chosen,
  onChange,
  invalid,
}: {
  order: Order;
  chosen: Chosen;
  onChange: (c: Chosen) => void;
  invalid: boolean;
}) {
  const { t } = useI18n();
  return (
    <fieldset className="return-lines" aria-describedby={invalid ? 'return-lines-error' : undefined}>
      <legend>{t('return.linesLegend')}</legend>
      {order.orderLines.map((line) => {
        const left = line.quantity - line.returnedQuantity;
        const id = `return-line-${line.orderLineId}`;
        return (
          <div key={line.orderLineId} className="row">
            <label htmlFor={id}>{t('return.lineLabel', { name: line.productName })}</label>
            <input
              id={id}
              type="number"
              inputMode="numeric"
              min={0}
              max={left}
              disabled={left === 0}
              aria-describedby={`${id}-left`}
              value={chosen[line.orderLineId] ?? 0}
              onChange={(e) =>
                onChange({ ...chosen, [line.orderLineId]: Math.max(0, Math.min(left, Math.floor(Number(e.target.value) || 0))) })
              }
            />
            <span id={`${id}-left`} className="hint">
              {left === 0 ? t('return.noneLeft') : t('return.lineLeft', { left, quantity: line.quantity })}
            </span>
          </div>
        );
      })}
      {invalid && (
        <p id="return-lines-error" className="field-error">
          {t('return.noLines')}
        </p>
      )}
    </fieldset>
  );
}
