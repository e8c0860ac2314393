import { DateInput } from '../common/DateInput';
import { Field } from '../common/Field';
import { useI18n } from '../i18n/i18n';
import { latestStartDate, startDateProblem } from './dates';

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
    <Field
      id={id}
      label={t('start.date')}
      invalid={problem !== null}
      notes={[
        {
          id: `${id}-hint`,
          text: (
            <>
              {required && `${t('start.required')} `}
              {t('start.limit', { date: date(latest) })}
            </>
          ),
        },
        problem !== null && {
          id: `${id}-problem`,
          text: t(`start.problem.${problem}`, { date: date(latest) }),
          className: 'field-error',
          alert: true,
        },
      ]}
    >
      {(control) => <DateInput {...control} value={value} onChange={onChange} />}
    </Field>
  );
}
