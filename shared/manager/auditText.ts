import { channels, isChannel } from '../ipc';
import type { AuditValue, AuditValues } from '../ipc/declare';
import { fillPlurals } from '../plural';
import type { AuditEntry } from './types';

export type AuditLanguage = 'en' | 'nl';

/** How a screen or a file says the values of the trail: money, a payment method's name, a date. */
export interface AuditSay {
  money(cents: number): string;
  method(paymentMethodId: number): string;
  date(day: string): string;
}

const FALLBACK = { en: 'An act at the counter', nl: 'Handeling aan de balie' };

function say(value: AuditValue, lang: AuditLanguage, words: AuditSay): string {
  if ('money' in value) return words.money(value.money);
  if ('method' in value) return words.method(value.method);
  if ('text' in value) return value.text;
  if ('count' in value) return String(value.count);
  if ('date' in value) return words.date(value.date);
  return value[lang];
}

/** A sentence with every {name} filled, or null when a value is missing (never a raw placeholder). */
function filled(template: string, values: AuditValues, lang: AuditLanguage, words: AuditSay): string | null {
  let missing = false;
  const counted = fillPlurals(template, lang, (name) => {
    const value = values[name];
    return value !== undefined && 'count' in value ? value.count : undefined;
  });
  const text = counted.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = values[name];
    if (value === undefined) missing = true;
    return value === undefined ? '' : say(value, lang, words);
  });
  return missing ? null : text;
}

/**
 * What an entry of the audit trail did, in words (docs/counter.md §10): the sentence its
 * channel's declaration gives a call that was done, with its values; else the act's name.
 */
export function auditAct(entry: Pick<AuditEntry, 'action' | 'outcome' | 'detail'>, lang: AuditLanguage, words: AuditSay): string {
  const spec = isChannel(entry.action) ? channels[entry.action].audit : null;
  if (!spec) return FALLBACK[lang];
  const values = entry.detail?.values;
  const sentence = entry.outcome === 'done' && spec.words && values ? filled(spec.words[lang], values, lang, words) : null;
  return sentence ?? spec.act[lang];
}
