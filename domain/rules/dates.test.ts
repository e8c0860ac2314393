import { describe, expect, it } from 'vitest';
import { addDays, ageFits, ageOn, latestStart, startTooLate } from './dates';

describe('dates', () => {
  it('age in whole years on the UTC calendar, a birthday counting from its day', () => {
    expect(ageOn('2000-06-15', new Date('2030-06-14T23:59:59Z'))).toBe(29);
    expect(ageOn('2000-06-15', new Date('2030-06-15T00:00:00Z'))).toBe(30);
    // Born on 29 February: a year older on 1 March in a year without one.
    expect(ageOn('2004-02-29', new Date('2031-02-28T12:00:00Z'))).toBe(26);
    expect(ageOn('2004-02-29', new Date('2031-03-01T00:00:00Z'))).toBe(27);
  });

  it('age before the birthday month is a year less, after it the full difference of years', () => {
    // The day of the month alone would say otherwise: the 20th is after the 15th, the 10th before it.
    expect(ageOn('2000-06-15', new Date('2030-05-20T12:00:00Z'))).toBe(29);
    expect(ageOn('2000-06-15', new Date('2030-07-10T12:00:00Z'))).toBe(30);
  });

  it('an age profile takes both its ends in and nothing beyond them (docs/api.md §3.2)', () => {
    const profile = { ageFromInclusive: 4, ageToInclusive: 11 };
    expect([3, 4, 11, 12].map((age) => ageFits(age, profile))).toEqual([false, true, true, false]);
  });

  it('a start date may be 60 days ahead, not a millisecond more (docs/api.md §0.8)', () => {
    const now = new Date('2030-01-01T10:00:00.000Z');
    expect(latestStart(now).toISOString()).toBe('2030-03-02T10:00:00.000Z');
    expect(startTooLate('2030-03-02T10:00:00.000Z', now)).toBe(false);
    expect(startTooLate('2030-03-02T10:00:00.001Z', now)).toBe(true);
    expect(startTooLate('2029-01-01T00:00:00.000Z', now)).toBe(false);
  });

  it('adds whole days', () => {
    expect(addDays('2030-02-27T08:00:00.000Z', 2)).toBe('2030-03-01T08:00:00.000Z');
  });
});
