import { ageOn as ageOnDate } from '../../domain/rules/dates';
import { MAX_START_DAYS_AHEAD } from '../../shared/enums';

/** Calendar dates (YYYY-MM-DD) in the counter's local time, and the 60-day start limit. */

const pad = (n: number) => String(n).padStart(2, '0');

export function localDate(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function addDaysToDate(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return localDate(new Date(y, m - 1, d + days));
}

/** The last start date the central accepts: 60 days after now (docs/api.md §3.3). */
export function latestStartDate(now: Date): string {
  return localDate(new Date(now.getTime() + MAX_START_DAYS_AHEAD * 24 * 60 * 60 * 1000));
}

export type StartDateProblem = 'invalid' | 'past' | 'too-late' | null;

export function startDateProblem(date: string, now: Date): StartDateProblem {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(date))) return 'invalid';
  if (date < localDate(now)) return 'past';
  if (date > latestStartDate(now)) return 'too-late';
  return null;
}

/**
 * The start of a local calendar day as the time stamp the central receives. Today starts
 * now: the central measures its 60 days from now, and a start in the past helps no one.
 */
export function startTimestamp(date: string, now: Date): string {
  if (date === localDate(now)) return now.toISOString();
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).toISOString();
}

/** The local calendar date of a time stamp, for showing and editing. */
export function dateOfTimestamp(ts: string | null | undefined): string | null {
  if (!ts) return null;
  const t = new Date(ts);
  return Number.isNaN(t.getTime()) ? null : localDate(t);
}

/** Whole years between a birthdate and a calendar date, counted by the domain's rule. */
export function ageOn(birthdate: string, on: string): number | null {
  const calendarDate = /^\d{4}-\d{2}-\d{2}$/;
  if (!calendarDate.test(birthdate) || !calendarDate.test(on)) return null;
  return ageOnDate(birthdate, new Date(`${on}T00:00:00Z`));
}
