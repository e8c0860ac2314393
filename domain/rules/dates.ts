import { MAX_START_DAYS_AHEAD } from '../../shared/enums';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole years between a YYYY-MM-DD birthdate and a moment, on the UTC calendar. */
export function ageOn(birthdate: string, on: Date): number {
  const [y, m, d] = birthdate.split('-').map(Number) as [number, number, number];
  const years = on.getUTCFullYear() - y;
  const beforeBirthday = on.getUTCMonth() + 1 < m || (on.getUTCMonth() + 1 === m && on.getUTCDate() < d);
  return beforeBirthday ? years - 1 : years;
}

/** docs/api.md §3.2: an age profile takes both its ends in. */
export function ageFits(age: number, profile: { ageFromInclusive: number; ageToInclusive: number }): boolean {
  return age >= profile.ageFromInclusive && age <= profile.ageToInclusive;
}

export function addDays(iso: string, days: number): string {
  return new Date(Date.parse(iso) + days * DAY_MS).toISOString();
}

/** The latest start date a product may have (docs/api.md §0.8): 60 days after now. */
export function latestStart(now: Date): Date {
  return new Date(now.getTime() + MAX_START_DAYS_AHEAD * DAY_MS);
}

export function startTooLate(validFrom: string, now: Date): boolean {
  return Date.parse(validFrom) > latestStart(now).getTime();
}
