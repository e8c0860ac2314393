import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { fillPlaceholders } from '../../shared/placeholders';
import { DEFAULT_SCREEN_TIME_ZONE, timeText } from '../../shared/timeText';
import type { IpcError, RefusalCode } from '../../shared/refusals';
import type { Dictionary } from './dictionaries';
import type { MessageKey } from './en';

/** Dutch and English, from a small typed dictionary per language (dictionaries.ts loads them). */

export type Lang = 'nl' | 'en';
export type Params = Record<string, string | number>;

const LOCALES: Record<Lang, string> = { nl: 'nl-NL', en: 'en-GB' };

export interface I18n {
  lang: Lang;
  locale: string;
  t: (key: MessageKey, params?: Params) => string;
  /** A refusal's code in the screen's language; an unknown code (an older or newer main) in general words. */
  refusal: (code: RefusalCode, params?: IpcError['params']) => string;
  /** Integer euro cents as an amount in euros. */
  money: (cents: number) => string;
  /** A calendar date or time stamp as a date; times in the counter's time zone (shared/timeText.ts). */
  date: (value: string) => string;
  dateTime: (value: string) => string;
}

export function makeI18n({ lang, messages, refusals }: Dictionary, timeZone: string = DEFAULT_SCREEN_TIME_ZONE): I18n {
  const locale = LOCALES[lang];
  const euros = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
  const times = timeText(locale, timeZone);
  return {
    lang,
    locale,
    t: (key, params) => {
      const template = messages[key];
      if (!params) return template;
      return fillPlaceholders(template, params, lang);
    },
    refusal: (code, params = {}) => {
      // The values a refusal carries as data said as the screen says them: a day as a date, money in euros.
      const said = Object.fromEntries(
        Object.entries(params).map(([name, value]) =>
          name === 'businessDate' && typeof value === 'string'
            ? [name, times.date(value)]
            : name === 'difference' && typeof value === 'number'
              ? [name, euros.format(Math.abs(value) / 100)]
              : [name, value],
        ),
      );
      return code in refusals ? fillPlaceholders(refusals[code], said, lang) : fillPlaceholders(refusals['request.internal'], {}, lang);
    },
    money: (cents) => euros.format(cents / 100),
    date: times.date,
    dateTime: times.dateTime,
  };
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ dictionary, timeZone, children }: { dictionary: Dictionary; timeZone?: string; children: ReactNode }) {
  const value = useMemo(() => makeI18n(dictionary, timeZone), [dictionary, timeZone]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n needs an I18nProvider above it');
  return i18n;
}

/** The counter's language from the catalogue's language list (languageId → ISO 639 code). */
export function langOf(languageId: number | undefined, languages: readonly { languageId: number; iso639Code: string }[]): Lang {
  const code = languages.find((l) => l.languageId === languageId)?.iso639Code;
  if (code === 'nl' || code === 'en') return code;
  return languageId === 1 ? 'nl' : 'en';
}

export function languageIdOf(lang: Lang, languages: readonly { languageId: number; iso639Code: string }[]): number {
  return languages.find((l) => l.iso639Code === lang)?.languageId ?? (lang === 'nl' ? 1 : 2);
}

export type { MessageKey };
