import { describe, expect, it } from 'vitest';
import { auditAct } from './manager/auditText';
import { fillPlaceholders } from './placeholders';
import { plural } from './plural';
import { refusalMessage } from './refusals';

/** docs/counter.md §10: a count's noun by the language's plural rules, in Dutch and English. */

const say = { money: (c: number) => `€${c / 100}`, method: () => 'PIN', date: (d: string) => d };
const cancelled = (count: number) => ({
  action: 'manager.cancelStale',
  outcome: 'done' as const,
  detail: { values: { count: { count } } },
});

describe('plural forms', () => {
  it('take one for 1 and other for 0, 2 and 1.5, in both languages', () => {
    for (const lang of ['en', 'nl'] as const) {
      expect(
        [0, 1, 2, 1.5].map((n) => plural(lang, n, 'one', 'other')),
        lang,
      ).toEqual(['other', 'one', 'other', 'other']);
    }
  });

  it('fill {n|one|other} with the count given, forms holding placeholders too, and leave one without a count', () => {
    expect(fillPlaceholders('{n} {n|product|products} found', { n: 1 })).toBe('1 product found');
    expect(fillPlaceholders('{n} {n|product|producten} gevonden', { n: 3 }, 'nl')).toBe('3 producten gevonden');
    expect(fillPlaceholders('{count|The one order is shown.|All {count} orders are shown.}', { count: 1 })).toBe('The one order is shown.');
    expect(fillPlaceholders('{count|The one order is shown.|All {count} orders are shown.}', { count: 4 })).toBe('All 4 orders are shown.');
    expect(fillPlaceholders('{n|day|days}', {})).toBe('{n|day|days}');
  });

  it('word the audit trail’s "open orders of earlier days cancelled" by its count, in nl and en', () => {
    expect(auditAct(cancelled(1), 'en', say)).toBe('1 open order of earlier days cancelled');
    expect(auditAct(cancelled(2), 'en', say)).toBe('2 open orders of earlier days cancelled');
    expect(auditAct(cancelled(1), 'nl', say)).toBe('1 open bestelling van eerdere dagen geannuleerd');
    expect(auditAct(cancelled(0), 'nl', say)).toBe('0 open bestellingen van eerdere dagen geannuleerd');
  });

  it('word a refusal’s seconds by their count', () => {
    expect(refusalMessage('session.lockedOut', { seconds: 1 })).toBe('Too many wrong PINs: try again in 1 second.');
    expect(refusalMessage('session.lockedOut', { seconds: 30 })).toBe('Too many wrong PINs: try again in 30 seconds.');
  });
});
