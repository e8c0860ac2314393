import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isValidBIC, isValidIBAN } from 'ibantools';
import { bicForIban, DUTCH_BANK_BICS } from './bic';

describe('the BIC from an IBAN', () => {
  it('knows the big Dutch banks, however the IBAN is typed', () => {
    expect(bicForIban('NL91ABNA0417164300')).toBe('ABNANL2A');
    expect(bicForIban('nl91 abna 0417 1643 00')).toBe('ABNANL2A');
    expect(bicForIban('NL69INGB0123456789')).toBe('INGBNL2A');
    expect(bicForIban('NL44RABO0123456789')).toBe('RABONL2U');
    expect(bicForIban('NL23BUNQ2025123456')).toBe('BUNQNL2A');
  });

  it('has none for an unknown bank, another country or an IBAN that does not check', () => {
    expect(isValidIBAN('NL51ZZZZ0123456789')).toBe(true);
    expect(bicForIban('NL51ZZZZ0123456789')).toBeNull();
    expect(bicForIban('DE89370400440532013000')).toBeNull();
    expect(bicForIban('NL92ABNA0417164300')).toBeNull();
    expect(bicForIban('')).toBeNull();
  });

  it('holds only well-formed Dutch BICs, each of the bank its code names', () => {
    for (const [code, bic] of Object.entries(DUTCH_BANK_BICS)) {
      expect(isValidBIC(bic), bic).toBe(true);
      expect(bic.slice(4, 6), bic).toBe('NL');
      expect(code).toMatch(/^[A-Z]{4}$/);
    }
  });

  it('never throws, whatever is typed', () => {
    fc.assert(fc.property(fc.string(), (typed) => [null, ...Object.values(DUTCH_BANK_BICS)].includes(bicForIban(typed))));
  });
});
