import type { OrderLine } from '../../shared/schemas/order';
import { useAction } from '../api/useInvoke';
import { ErrorNote } from '../common/ErrorNote';
import { tokenTypeName } from '../common/names';
import { useI18n } from '../i18n/i18n';
import { dateOfTimestamp } from './dates';
import { lineBirthdate, tokenLabel } from './orderView';
import { useSale } from './saleStore';
import { SeenFirst } from '../common/SeenFirst';
import { areas } from '../areas';
import { AreaSlot } from '../common/area';

const LineEditor = areas.lineEditor.lazy((m) => m.LineEditor);

/** One line of the order, with its edit and remove buttons; the editor opens under it. */
export function OrderLineItem({ line, editable }: { line: OrderLine; editable: boolean }) {
  const { t, money, date } = useI18n();
  const editing = useSale((s) => (s.editing?.lineId === line.orderLineId ? s.editing : null));
  const remove = useAction('lines.remove');
  const start = dateOfTimestamp(line.validFrom);
  const until = dateOfTimestamp(line.validUntil);
  const birthdate = lineBirthdate(line);
  const titleId = `line-${line.orderLineId}-title`;
  // Beside Edit and Remove while they are there: the name then keeps a line of its own (docs/counter.md §12.1).
  const price = <strong className="num">{money(line.amountInclTax)}</strong>;

  return (
    <li className="card line" aria-labelledby={titleId}>
      <div className="line-head">
        <h3 id={titleId}>
          {line.quantity} × {line.productName}
        </h3>
        {!editable && price}
      </div>
      {/* Under the line's name: in view as soon as the line is (the remarks below never cover them, docs/counter.md §12.1). */}
      {editable && (
        <div className="row line-actions">
          <button
            type="button"
            aria-expanded={editing !== null}
            onClick={() => {
              const sale = useSale.getState();
              if (editing) sale.stopEditing();
              else sale.edit(line.orderLineId, 'quantity');
            }}
          >
            <SeenFirst seen={editing ? t('line.closeEditor') : t('line.edit')} more={line.productName} />
          </button>
          <button
            type="button"
            className="danger"
            disabled={remove.pending}
            onClick={() => void remove.run({ orderLineId: line.orderLineId })}
          >
            <SeenFirst seen={t('line.remove')} more={line.productName} />
          </button>
          {price}
        </div>
      )}
      <dl className="facts">
        <dt>{t('line.article')}</dt>
        <dd>{line.fikoArticleNumber}</dd>
        {start && (
          <>
            <dt>{t('line.valid')}</dt>
            <dd>{until ? t('line.fromUntil', { from: date(start), until: date(until) }) : date(start)}</dd>
          </>
        )}
        {(line.customerTokens ?? []).map((token) => (
          <TokenFact key={token.customerTokenId} label={tokenLabel(token)} type={tokenTypeName(t, token.tokenType.tokenTypeId)} />
        ))}
        {birthdate && (
          <>
            <dt>{t('personal.birthdate')}</dt>
            <dd>{date(birthdate)}</dd>
          </>
        )}
      </dl>
      <ErrorNote error={remove.error} />
      {editable && editing && (
        <AreaSlot>
          <LineEditor line={line} task={editing.task} />
        </AreaSlot>
      )}
    </li>
  );
}

function TokenFact({ label, type }: { label: string; type: string }) {
  const { t } = useI18n();
  return (
    <>
      <dt>{t('line.token')}</dt>
      <dd>
        {label} ({type})
      </dd>
    </>
  );
}
