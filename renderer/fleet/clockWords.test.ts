import { describe, expect, it } from 'vitest';
import { REFUSAL_TEXT } from '../../shared/refusals';
import { en } from '../i18n/en';
import { makeI18n } from '../i18n/i18n';
import { nl } from '../i18n/nl';
import { refusalsNl } from '../i18n/refusals.nl';
import { clockWarning } from './clockWords';

const english = makeI18n({ lang: 'en', messages: en, refusals: REFUSAL_TEXT }).t;
const dutch = makeI18n({ lang: 'nl', messages: nl, refusals: refusalsNl }).t;

describe('clockWarning', () => {
  it('says nothing of a clock within 2 minutes, or not measured', () => {
    expect(clockWarning(english, null)).toBeNull();
    expect(clockWarning(english, 120_000)).toBeNull();
    expect(clockWarning(english, -120_000)).toBeNull();
  });

  it('says how far ahead or behind, in minutes, hours or days', () => {
    expect(clockWarning(english, 3_600_000)).toBe(
      "This counter's clock is 60 minutes ahead of the central's. Sales are sent with the central's time; ask IT to set the computer's clock.",
    );
    expect(clockWarning(english, -121_000)).toMatch(/^This counter's clock is 2 minutes behind/);
    expect(clockWarning(english, 5 * 3_600_000)).toMatch(/is 5 hours ahead/);
    expect(clockWarning(dutch, -3 * 86_400_000)).toMatch(/^De klok van deze balie loopt 3 dagen achter/);
  });
});
