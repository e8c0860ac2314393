import { useState, type FormEvent } from 'react';
import { DateInput } from '../common/DateInput';
import { dayRange } from '../../shared/manager/schemas';
import { Field } from '../common/Field';
import { useI18n } from '../i18n/i18n';

export interface DayRange {
  from: string;
  to: string;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
export type RangeProblem = 'from' | 'to' | 'order' | null;
/** A day that is no date, or a range the main process's own rule (`dayRange`) refuses. */
export function rangeProblem(f: DayRange): RangeProblem {
  if (!ISO_DAY.test(f.from)) return 'from';
  if (!ISO_DAY.test(f.to)) return 'to';
  return dayRange.safeParse(f).success ? null : 'order';
}

/** A day or a range of days (both included), applied on submit; a range that ends before it starts is refused here. */
export function RangePicker({
  id,
  initial,
  onApply,
  label,
}: {
  id: string;
  initial: DayRange;
  onApply: (range: DayRange) => void;
  label: string;
}) {
  const { t } = useI18n();
  const [range, setRange] = useState(initial);
  const [tried, setTried] = useState(false);
  const problem = rangeProblem(range);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!problem) onApply(range);
  };
  return (
    <form className="row range-picker" aria-label={label} onSubmit={submit} noValidate>
      <RangeFields id={id} range={range} onChange={setRange} showProblems={tried} />
      <button type="submit">{t('review.showRange')}</button>
    </form>
  );
}

/** The two days of a range, each with what is wrong with it once the form was tried. */
export function RangeFields({
  id,
  range,
  onChange,
  showProblems,
}: {
  id: string;
  range: DayRange;
  onChange: (range: DayRange) => void;
  showProblems: boolean;
}) {
  const { t } = useI18n();
  const problem = showProblems ? rangeProblem(range) : null;
  const setRange = (change: (r: DayRange) => DayRange) => onChange(change(range));
  return (
    <>
      <Field
        id={`${id}-from`}
        label={t('review.from')}
        invalid={problem === 'from'}
        notes={[problem === 'from' && { id: `${id}-from-error`, text: t('date.invalid'), className: 'field-error' }]}
      >
        {(control) => <DateInput {...control} value={range.from} onChange={(from) => setRange((r) => ({ ...r, from }))} />}
      </Field>
      <Field
        id={`${id}-to`}
        label={t('review.to')}
        invalid={problem === 'to' || problem === 'order'}
        notes={[
          problem === 'to' && { id: `${id}-to-error`, text: t('date.invalid'), className: 'field-error' },
          problem === 'order' && { id: `${id}-order-error`, text: t('review.rangeOrder'), className: 'field-error' },
        ]}
      >
        {(control) => <DateInput {...control} value={range.to} onChange={(to) => setRange((r) => ({ ...r, to }))} />}
      </Field>
    </>
  );
}
