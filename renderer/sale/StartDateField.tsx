import { useI18n } from '../i18n/i18n';
import { latestStartDate, localDate, startDateProblem } from './dates';

/** A start date picker that shows the 60-day limit and refuses beyond it before the central does. */
export function StartDateField({
  id,
  value,
  onChange,
  required,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  required: boolean;
}) {
  const { t, date } = useI18n();
  const now = new Date();
  const latest = latestStartDate(now);
  const problem = value ? startDateProblem(value, now) : null;
  return (
    <div className="field">
      <label htmlFor={id}>{t('start.date')}</label>
      <input
        id={id}
        type="date"
        value={value}
        min={localDate(now)}
        max={latest}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
        onChange={(e) => onChange(e.target.value)}
      />
      <p className="hint" id={`${id}-hint`}>
        {required && `${t('start.required')} `}
        {t('start.limit', { date: date(latest) })}
      </p>
      {problem && (
        <p className="field-error" id={`${id}-problem`} role="alert">
          {t(`start.problem.${problem}`, { date: date(latest) })}
        </p>
      )}
    </div>
  );
}
