import type { DayClosureInput } from '../shared/manager/closure';
import type { ProblemError } from '../shared/schemas/problem';
import { localDate, nextDay } from '../domain/reports/timeZone';

/**
 * What the central checks of a day close beyond its shape (docs/api.md §10.4): numbers that
 * add up, a business date near the central's today in the close's own time zone, a time zone
 * that exists. The shape (no negative amount or count, nothing beyond sane limits) is the
 * schema's (shared/manager/closure.ts).
 */

/** An IANA zone name: Intl knows it; an offset such as "+01:00" is not one. */
export function isIanaTimeZone(zone: string): boolean {
  if (/^[+-]/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const previousDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

export function closureProblems(close: DayClosureInput, now: Date): ProblemError[] {
  const problems: ProblemError[] = [];
  if (close.cash.difference !== close.cash.counted - close.cash.expected) {
    problems.push({
      detail: `the difference must be counted − expected (${close.cash.counted - close.cash.expected})`,
      pointer: '/cash/difference',
    });
  }
  if (!isIanaTimeZone(close.timeZone)) {
    problems.push({ detail: 'an unknown IANA time zone', pointer: '/timeZone' });
    return problems;
  }
  const today = localDate(now, close.timeZone);
  if (![previousDay(today), today, nextDay(today)].includes(close.businessDate)) {
    problems.push({
      detail: `the business date must be yesterday, today or tomorrow (today is ${today} in ${close.timeZone})`,
      pointer: '/businessDate',
    });
  }
  return problems;
}
