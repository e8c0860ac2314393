import { useId } from 'react';
import { cashTotal } from '../../shared/manager/schemas';
import { useI18n } from '../i18n/i18n';
import { DENOMINATIONS, badCounts, isNote, pieces, useOfferedDenominations, type DenominationCounts } from './denominations';

/**
 * The cash in the drawer counted by the EUR notes and coins the settings offer, a number of pieces each, with the total
 * kept up to date as it is typed (announced politely). `total` is read with `cashTotal` of
 * the report figures: the renderer does not restate the sum.
 */
export function CashCount({
  counts,
  onChange,
  legend,
  idPrefix,
}: {
  counts: DenominationCounts;
  onChange: (counts: DenominationCounts) => void;
  legend: string;
  idPrefix?: string;
}) {
  const { t, money } = useI18n();
  const generated = useId();
  const base = idPrefix ?? generated;
  const offered = useOfferedDenominations();
  const bad = new Set<number>(badCounts(counts));
  const whole = Object.fromEntries(DENOMINATIONS.map((d) => [String(d), pieces(counts[String(d)]) ?? 0]));
  return (
    <fieldset className="cash-count">
      <legend>{legend}</legend>
      <div className="denominations">
        {offered.map((cents) => {
          const id = `${base}-${cents}`;
          return (
            <div key={cents} className="denomination">
              <label htmlFor={id}>{t(isNote(cents) ? 'count.notes' : 'count.coins', { value: money(cents) })}</label>
              <input
                id={id}
                type="text"
                inputMode="numeric"
                autoComplete="off"
                aria-invalid={bad.has(cents) || undefined}
                value={counts[String(cents)] ?? ''}
                onChange={(e) => onChange({ ...counts, [String(cents)]: e.target.value })}
              />
            </div>
          );
        })}
      </div>
      {bad.size > 0 && (
        <p className="field-error" role="alert">
          {t('count.wholePieces')}
        </p>
      )}
      <p className="cash-total" aria-live="polite">
        {t('count.total')} <strong>{money(cashTotal(whole))}</strong>
      </p>
    </fieldset>
  );
}
