/**
 * Dates and times as every screen shows them (docs/counter.md §21): in the counter's time zone
 * (Europe/Amsterdam by default), never the machine's, so a screen, a report and an export put
 * the same order at the same hour. A bare calendar date (YYYY-MM-DD) is that day wherever it is
 * shown. No imports: the first load carries it.
 */
export interface TimeText {
  /** A calendar date or a time stamp as a date (26 Oct 2026). */
  date(value: string): string;
  /** A time stamp as date and time (26 Oct 2026, 14:05). */
  dateTime(value: string): string;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function timeText(locale: string, timeZone: string): TimeText {
  const zone = validZone(timeZone);
  const dates = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: zone });
  // A calendar date is no instant: read and shown at UTC it stays the day it names.
  const days = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  const dateTimes = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone });
  const safe = (format: Intl.DateTimeFormat, value: string) => {
    const instant = new Date(value);
    return Number.isNaN(instant.getTime()) ? value : format.format(instant);
  };
  return {
    date: (value) => {
      const day = CALENDAR_DATE.exec(value);
      return day ? days.format(new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])))) : safe(dates, value);
    },
    dateTime: (value) => safe(dateTimes, value),
  };
}

export const DEFAULT_SCREEN_TIME_ZONE = 'Europe/Amsterdam';

/** An unknown zone name would throw in Intl: the default rather than no screen at all. */
function validZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    return DEFAULT_SCREEN_TIME_ZONE;
  }
}
