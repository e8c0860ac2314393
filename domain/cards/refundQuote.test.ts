import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { amsterdamDay, daysBetween, quoteFigures } from './refundQuote';

/** docs/api.md §12.4: the quote's days and money, against days counted by hand. */

describe('amsterdamDay', () => {
  it.each([
    ['2026-03-28T22:59:59Z', '2026-03-28'], // 23:59:59 CET
    ['2026-03-28T23:00:00Z', '2026-03-29'], // midnight CET, the night the clocks go forward
    ['2026-03-29T21:59:59Z', '2026-03-29'], // 23:59:59 CEST
    ['2026-03-29T22:00:00Z', '2026-03-30'],
    ['2026-10-24T21:59:59Z', '2026-10-24'], // 23:59:59 CEST
    ['2026-10-24T22:00:00Z', '2026-10-25'],
    ['2026-10-25T22:59:59Z', '2026-10-25'], // the day the clocks go back has 25 hours
    ['2026-10-25T23:00:00Z', '2026-10-26'],
    ['2026-12-31T23:30:00Z', '2027-01-01'],
  ])('%s is %s in Amsterdam', (at, day) => {
    expect(amsterdamDay(at)).toBe(day);
  });
});

describe('quoteFigures', () => {
  const base = { amountInclTax: 9000, validityDays: 30, fee: 300 };
  it.each([
    // validFrom (UTC), on, daysUsed, daysLeft, refundable
    ['2026-06-01T00:00:00Z', '2026-05-31', 0, 30, 9000], // before the first day: all of it, no fee
    ['2026-06-01T00:00:00Z', '2026-06-01', 1, 29, 8700 - 300], // 9000×29/30 = 8700
    ['2026-06-01T00:00:00Z', '2026-06-10', 10, 20, 6000 - 300],
    ['2026-06-01T00:00:00Z', '2026-06-30', 30, 0, 0],
    ['2026-06-01T00:00:00Z', '2026-08-01', 30, 0, 0], // after the end: at most daysTotal
    ['2026-05-31T22:30:00Z', '2026-05-31', 0, 30, 9000], // 00:30 on 1 June in Amsterdam: not started on 31 May
    ['2026-05-31T22:30:00Z', '2026-06-01', 1, 29, 8400],
    ['2026-03-28T23:00:00Z', '2026-03-31', 3, 27, 8100 - 300], // over the night the clocks go forward
    ['2026-10-24T22:00:00Z', '2026-10-26', 2, 28, 8400 - 300], // over the 25-hour day
  ])('validFrom %s, on %s: %i used, %i left, %i back', (validFrom, on, daysUsed, daysLeft, refundable) => {
    expect(quoteFigures({ ...base, validFrom, on })).toEqual({ daysTotal: 30, daysUsed, daysLeft, fee: 300, refundable });
  });

  it('rounds the share down to whole cents and never goes below 0', () => {
    expect(
      quoteFigures({ amountInclTax: 1000, validityDays: 365, fee: 0, validFrom: '2026-01-01T00:00:00Z', on: '2026-01-01' }).refundable,
    ).toBe(
      997, // 1000 × 364 / 365 = 997.26
    );
    expect(
      quoteFigures({ amountInclTax: 100, validityDays: 30, fee: 500, validFrom: '2026-01-01T00:00:00Z', on: '2026-01-02' }).refundable,
    ).toBe(0);
  });

  it('agrees with days counted one by one from the first day', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: -40, max: 500 }),
        fc.integer({ min: 28, max: 400 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1000 }),
        (startOffset, onOffset, validityDays, amountInclTax, fee) => {
          // Noon in Amsterdam, so the UTC instant falls on the same calendar day there.
          const start = new Date(Date.UTC(2025, 0, 1 + startOffset, 11));
          const validFrom = start.toISOString();
          const on = new Date(Date.UTC(2025, 0, 1 + startOffset + onOffset)).toISOString().slice(0, 10);
          let used = 0;
          for (let day = 0; day <= onOffset && used < validityDays; day++) used++;
          const left = validityDays - used;
          const back = used === 0 ? amountInclTax : Math.max(0, Math.floor((amountInclTax * left) / validityDays) - fee);
          expect(quoteFigures({ amountInclTax, validFrom, validityDays, fee, on })).toEqual({
            daysTotal: validityDays,
            daysUsed: used,
            daysLeft: left,
            fee,
            refundable: back,
          });
          expect(daysBetween(amsterdamDay(validFrom), on)).toBe(onOffset);
        },
      ),
    );
  });
});
