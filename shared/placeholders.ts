import { fillPlurals, type PluralLanguage } from './plural';

/**
 * A text with its `{name}` placeholders filled from `params` (a placeholder without a value stays),
 * and its `{name|one|other}` nouns made for the count in `params` (shared/plural.ts): words and
 * refusals alike.
 */
export function fillPlaceholders(text: string, params: Record<string, string | number>, lang: PluralLanguage = 'en'): string {
  const counted = fillPlurals(text, lang, (name) => {
    const value = params[name];
    // A count may come as the digits a form or a stored setting holds.
    return typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : undefined;
  });
  return counted.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
