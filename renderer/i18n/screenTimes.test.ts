import { beforeAll, describe, expect, it } from 'vitest';
import { timeText } from '../../shared/timeText';
import { makeI18n } from './i18n';
import { en } from './en';
import { REFUSAL_TEXT } from '../../shared/refusalText';

/** The machine stands in New York; the counter in Amsterdam (docs/counter.md §21). */
beforeAll(() => {
  process.env.TZ = 'America/New_York';
});

const lateEvening = '2026-10-24T22:30:00.000Z'; // 00:30 on the 25th in Amsterdam (summer time), 18:30 on the 24th in New York
const winterNoon = '2026-11-27T12:00:00.000Z'; // 13:00 in Amsterdam, 07:00 in New York

describe('times on screen in the counter’s time zone, not the machine’s', () => {
  it('runs on a machine whose own zone is another', () => {
    expect(new Date(lateEvening).getHours()).toBe(18);
  });

  it('shows an instant as Amsterdam has it, summer and winter, in Dutch and English', () => {
    const nl = timeText('nl-NL', 'Europe/Amsterdam');
    expect(nl.dateTime(lateEvening)).toBe('25 okt 2026, 00:30');
    expect(nl.date(lateEvening)).toBe('25 okt 2026');
    expect(nl.dateTime(winterNoon)).toBe('27 nov 2026, 13:00');
    const english = timeText('en-GB', 'Europe/Amsterdam');
    expect(english.dateTime(winterNoon)).toBe('27 Nov 2026, 13:00');
  });

  it('follows the counter’s setting when it is another zone', () => {
    expect(timeText('en-GB', 'Europe/London').dateTime(winterNoon)).toBe('27 Nov 2026, 12:00');
    expect(timeText('en-GB', 'Asia/Tokyo').date(lateEvening)).toBe('25 Oct 2026');
  });

  it('keeps a calendar date the day it names, whatever the zones', () => {
    expect(timeText('nl-NL', 'Pacific/Kiritimati').date('2026-10-25')).toBe('25 okt 2026');
    expect(timeText('en-GB', 'Pacific/Pago_Pago').date('2026-01-01')).toBe('1 Jan 2026');
  });

  it('falls back to Amsterdam for a zone Intl does not know, and shows what it cannot read as it is', () => {
    expect(timeText('en-GB', 'Mars/Olympus').dateTime(winterNoon)).toBe('27 Nov 2026, 13:00');
    expect(timeText('en-GB', 'Europe/Amsterdam').dateTime('not a time')).toBe('not a time');
  });

  it('is what the screens’ words use (I18n.dateTime), Amsterdam by default', () => {
    const i18n = makeI18n({ lang: 'en', messages: en, refusals: REFUSAL_TEXT });
    expect(i18n.dateTime(lateEvening)).toBe('25 Oct 2026, 00:30');
    expect(makeI18n({ lang: 'en', messages: en, refusals: REFUSAL_TEXT }, 'America/New_York').dateTime(lateEvening)).toBe(
      '24 Oct 2026, 18:30',
    );
  });
});
