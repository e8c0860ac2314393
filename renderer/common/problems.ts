import type { MessageKey, Params } from '../i18n/i18n';

/**
 * The central's validation details are English sentences; the known ones are put in the
 * counter's language, the others shown as they are. Pointers name the field in words.
 */

type T = (key: MessageKey, params?: Params) => string;

const KNOWN: { pattern: RegExp; key: MessageKey; names: string[] }[] = [
  { pattern: /^the token is not active: its status is (.+)$/i, key: 'problem.tokenNotActive', names: ['status'] },
  { pattern: /^the token expires before the product starts$/i, key: 'problem.tokenExpires', names: [] },
  {
    pattern: /^the traveller is (\d+) on the start date; this product is for ages (\d+) to (\d+)$/i,
    key: 'problem.age',
    names: ['age', 'from', 'to'],
  },
  { pattern: /at most 60 days in the future/i, key: 'problem.startTooLate', names: [] },
  { pattern: /combination of product and token type is not valid/i, key: 'problem.tokenCombination', names: [] },
];

export function describeDetail(t: T, detail: string): string {
  for (const { pattern, key, names } of KNOWN) {
    const match = pattern.exec(detail);
    if (match) {
      const params: Params = {};
      names.forEach((name, i) => (params[name] = match[i + 1] ?? ''));
      return t(key, params);
    }
  }
  return detail;
}

export type ProblemField = 'token' | 'birthdate' | 'startDate' | 'product' | 'photo' | 'quantity' | 'other';

export function fieldOfPointer(pointer: string): ProblemField {
  if (/birthdate/i.test(pointer)) return 'birthdate';
  if (/photo/i.test(pointer)) return 'photo';
  if (/transitTokenId|customerTokens|tokenType/i.test(pointer)) return 'token';
  if (/validFrom|validUntil/i.test(pointer)) return 'startDate';
  if (/productId/i.test(pointer)) return 'product';
  if (/quantity/i.test(pointer)) return 'quantity';
  return 'other';
}

export function describeProblem(t: T, detail: string, pointer: string): string {
  const field = fieldOfPointer(pointer);
  const text = describeDetail(t, detail);
  return field === 'other' ? text : `${t(`field.${field}`)}: ${text}`;
}
