import { describe, expect, it } from 'vitest';
import { dayBounds, localDate, localDateTime, localHour, offsetMinutes, startOfDay } from './timeZone';

/** The calendar arithmetic of the reports in zones other than the counter's own: west of UTC, on half hours, far east. */

describe('offsets', () => {
  it('are minutes ahead of UTC: negative west of it, on the half hour where the zone is', () => {
    const july = new Date('2026-07-01T12:00:00.000Z');
    expect(offsetMinutes(july, 'Europe/Amsterdam')).toBe(120);
    expect(offsetMinutes(july, 'America/New_York')).toBe(-240);
    expect(offsetMinutes(july, 'Asia/Kolkata')).toBe(330);
    expect(offsetMinutes(july, 'America/St_Johns')).toBe(-150);
    expect(offsetMinutes(july, 'UTC')).toBe(0);
  });

  it('ignore the milliseconds of the instant', () => {
    expect(offsetMinutes(new Date('2026-01-15T12:00:59.999Z'), 'Europe/Amsterdam')).toBe(60);
  });
});

describe('local hours', () => {
  it('carry the sign and both digits of the hours and minutes of the offset', () => {
    const at = '2026-07-01T12:00:00.000Z';
    expect(localHour(at, 'America/New_York')).toBe('2026-07-01 08:00 -04:00');
    expect(localHour(at, 'Asia/Kolkata')).toBe('2026-07-01 17:00 +05:30');
    expect(localHour(at, 'America/St_Johns')).toBe('2026-07-01 09:00 -02:30');
    expect(localHour(at, 'UTC')).toBe('2026-07-01 12:00 +00:00');
  });

  it('count from 00 at midnight, not 24', () => {
    expect(localHour('2026-06-30T22:00:00.000Z', 'Europe/Amsterdam')).toBe('2026-07-01 00:00 +02:00');
  });
});

describe('local dates and times', () => {
  it('write the date west of UTC on the day it still is there', () => {
    expect(localDate(new Date('2026-01-01T04:59:59.000Z'), 'America/New_York')).toBe('2025-12-31');
    expect(localDate('2026-01-01T05:00:00.000Z', 'America/New_York')).toBe('2026-01-01');
  });

  it('write a local date and time to the minute, with leading zeros', () => {
    expect(localDateTime('2026-03-01T08:05:59.000Z', 'Europe/Amsterdam')).toBe('2026-03-01 09:05');
    expect(localDateTime(new Date('2026-10-25T01:30:00.000Z'), 'Europe/Amsterdam')).toBe('2026-10-25 02:30');
  });
});

describe('days', () => {
  it('start at local midnight even when the offset at the naive guess is not the offset at midnight', () => {
    // Auckland leaves summer time at 03:00 on 5 April 2026: that day starts at +13:00, its UTC noon is at +12:00.
    expect(startOfDay('2026-04-05', 'Pacific/Auckland').toISOString()).toBe('2026-04-04T11:00:00.000Z');
    expect(startOfDay('2026-04-06', 'Pacific/Auckland').toISOString()).toBe('2026-04-05T12:00:00.000Z');
  });

  it('run west of UTC from local midnight to local midnight', () => {
    expect(dayBounds('2026-11-01', 'America/New_York')).toEqual({ from: '2026-11-01T04:00:00.000Z', to: '2026-11-02T05:00:00.000Z' });
  });

  it('of a range run from the first day’s midnight to the midnight after the last', () => {
    expect(dayBounds('2026-12-30', 'Europe/Amsterdam', '2027-01-02')).toEqual({
      from: '2026-12-29T23:00:00.000Z',
      to: '2027-01-02T23:00:00.000Z',
    });
  });
});
