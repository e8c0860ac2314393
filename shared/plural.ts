/**
 * A noun's form for a count, chosen by the language's plural rules (Intl.PluralRules): Dutch and
 * English know `one` and `other`. In a text the choice is written `{n|order|orders}` (the count's
 * name, then the form for one, then the rest; a form may hold `{name}`s); fillPlaceholders and the audit trail's sentences
 * make it (docs/counter.md §21).
 */
export type PluralLanguage = 'en' | 'nl';

const rules: Partial<Record<PluralLanguage, Intl.PluralRules>> = {};

export function plural(lang: PluralLanguage, count: number, one: string, other: string): string {
  const rule = (rules[lang] ??= new Intl.PluralRules(lang));
  return rule.select(count) === 'one' ? one : other;
}

/** Every `{name|one|other}` of a text made for the count `count(name)`; one whose count is unknown stays. */
export function fillPlurals(text: string, lang: PluralLanguage, count: (name: string) => number | undefined): string {
  return text.replace(/\{(\w+)\|((?:[^|{}]|\{\w+\})*)\|((?:[^|{}]|\{\w+\})*)\}/g, (whole, name: string, one: string, other: string) => {
    const n = count(name);
    return n === undefined ? whole : plural(lang, n, one, other);
  });
}
