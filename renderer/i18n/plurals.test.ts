import { describe, expect, it } from 'vitest';
import { loadDictionary } from './dictionaries';
import { makeI18n } from './i18n';

/** The screens' counted nouns by the language's plural rules (shared/plural.ts), in Dutch and English. */

const words = async (lang: 'nl' | 'en') => makeI18n(await loadDictionary(lang));

describe('counted words on the screens', () => {
  it('in English: one and many', async () => {
    const { t, refusal } = await words('en');
    expect([t('products.found', { n: 1 }), t('products.found', { n: 2 })]).toEqual(['1 product found', '2 products found']);
    expect([t('age.days', { n: 1 }), t('age.minutes', { n: 5 })]).toEqual(['1 day', '5 minutes']);
    expect([t('fleet.hours', { n: 1 }), t('fleet.days', { n: 0 })]).toEqual(['1 hour', '0 days']);
    expect(t('review.allShown', { count: 1 })).toBe('The one order is shown.');
    expect(t('review.allShown', { count: 12 })).toBe('All 12 orders are shown.');
    expect(t('close.freezeOpen', { count: 1, amount: '€ 2,50' })).toBe('its open order (1, € 2,50), which stays unpaid;');
    expect(refusal('session.lockedOut', { seconds: 1 })).toBe('Too many wrong PINs: try again in 1 second.');
    expect(t('history.setting.retentionDays', { value: '1' })).toBe('the retention to 1 day');
    expect(t('setAside.facts', { attempts: 1, error: 'timeout' })).toBe('Tried 1 time. Last error: timeout');
  });

  it('in Dutch: een en meer', async () => {
    const { t, refusal } = await words('nl');
    expect([t('products.found', { n: 1 }), t('products.found', { n: 2 })]).toEqual(['1 product gevonden', '2 producten gevonden']);
    expect([t('age.days', { n: 1 }), t('age.minutes', { n: 1 }), t('age.seconds', { n: 30 })]).toEqual([
      '1 dag',
      '1 minuut',
      '30 seconden',
    ]);
    expect([t('fleet.minutes', { n: 1 }), t('fleet.days', { n: 3 })]).toEqual(['1 minuut', '3 dagen']);
    expect(t('review.allShown', { count: 1 })).toBe('De ene order staat er.');
    expect(t('close.freezeSessions', { count: 1 })).toBe('de kassadienst (1), de open dienst afgesloten met deze telling;');
    expect(t('close.freezeOpen', { count: 2, amount: '€ 5,00' })).toBe('de open bestellingen (2, € 5,00), die onbetaald blijven;');
    expect(refusal('session.lockedOut', { seconds: 1 })).toBe('Te vaak een verkeerde pincode: probeer het over 1 seconde opnieuw.');
    expect(t('history.setting.retentionDays', { value: '30' })).toBe('de bewaartermijn in 30 dagen');
  });
});
