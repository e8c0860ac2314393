import { useState, type InputHTMLAttributes } from 'react';
import { useI18n } from '../i18n/i18n';
import { formatDay, parseDay } from './dateText';

type Control = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'>;

/**
 * A date typed in the counter's language (dd-mm-jjjj / dd/mm/yyyy). `value` and `onChange`
 * are ISO days; what cannot be read is passed on as typed, so the form calls it invalid.
 */
export function DateInput({ value, onChange, ...control }: Control & { value: string; onChange: (value: string) => void }) {
  const { t, lang } = useI18n();
  const [text, setText] = useState(() => formatDay(value, lang));
  // A value set from outside (another line, a reset) replaces what was typed.
  const shown = parseDay(text) === value || (text.trim() !== '' && value === text) ? text : formatDay(value, lang);
  return (
    <input
      {...control}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={t('date.placeholder')}
      value={shown}
      onChange={(e) => {
        setText(e.target.value);
        onChange(e.target.value.trim() === '' ? '' : (parseDay(e.target.value) ?? e.target.value));
      }}
    />
  );
}
