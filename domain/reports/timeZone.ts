/**
 * Calendar days in a time zone, with Intl only (no Temporal in Node 20): a day runs from one
 * local midnight to the next, so it lasts 23, 24 or 25 hours around a DST change. Pure: the
 * counter's reports and the renderer use the same arithmetic.
 */

export const DEFAULT_TIME_ZONE = 'Europe/Amsterdam';

const formats = new Map<string, Intl.DateTimeFormat>();
function format(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, f);
  }
  return f;
}

interface LocalTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function localTime(instant: Date, timeZone: string): LocalTime {
  const parts = Object.fromEntries(format(timeZone).formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** How far local time is ahead of UTC at `instant`, in minutes (Amsterdam: 60 or 120). */
export function offsetMinutes(instant: Date, timeZone: string): number {
  const t = localTime(instant, timeZone);
  const asUtc = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The local calendar day (YYYY-MM-DD) of an instant. */
export function localDate(instant: Date | string, timeZone: string): string {
  const t = localTime(new Date(instant), timeZone);
  return `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)}`;
}

/**
 * The instant of local midnight starting `day`. The offset is read twice: once at the naive
 * guess and once at the first answer, which settles it on either side of a DST change.
 */
export function startOfDay(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const naive = Date.UTC(y, m - 1, d);
  const first = naive - offsetMinutes(new Date(naive), timeZone) * 60_000;
  return new Date(naive - offsetMinutes(new Date(first), timeZone) * 60_000);
}

/** The day after `day` (YYYY-MM-DD), in calendar terms. */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** [from, to) of the days `first` to `last` (both included), as ISO instants. */
export function dayBounds(first: string, timeZone: string, last: string = first): { from: string; to: string } {
  return { from: startOfDay(first, timeZone).toISOString(), to: startOfDay(nextDay(last), timeZone).toISOString() };
}

/**
 * The local hour an instant falls in, with its offset, so that the hour repeated when the
 * clocks go back is two hours: "2026-10-25 02:00 +02:00" and "2026-10-25 02:00 +01:00".
 */
export function localHour(instant: Date | string, timeZone: string): string {
  const at = new Date(instant);
  const t = localTime(at, timeZone);
  const off = offsetMinutes(at, timeZone);
  const sign = off < 0 ? '-' : '+';
  return `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)} ${pad(t.hour)}:00 ${sign}${pad(Math.floor(Math.abs(off) / 60))}:${pad(Math.abs(off) % 60)}`;
}

/** "2026-10-25 02:30" in local time, for lists and exports. */
export function localDateTime(instant: Date | string, timeZone: string): string {
  const t = localTime(new Date(instant), timeZone);
  return `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)} ${pad(t.hour)}:${pad(t.minute)}`;
}
