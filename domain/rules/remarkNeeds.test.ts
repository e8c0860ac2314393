import { describe, expect, it } from 'vitest';
import { needsOf } from './remarkNeeds';

describe('needsOf', () => {
  it('makes a missing token and a missing registered token one need: the registered token', () => {
    expect(needsOf(['TOKEN_REQUIRED', 'CUSTOMERTOKEN_REQUIRED', 'PERSONALACCOUNTDATA_BIRTHDATE_REQUIRED'])).toEqual([
      'CUSTOMERTOKEN_REQUIRED',
      'PERSONALACCOUNTDATA_BIRTHDATE_REQUIRED',
    ]);
  });

  it('keeps a missing token alone where any token will do, and every other remark as it is', () => {
    expect(needsOf(['TOKEN_REQUIRED', 'VALIDFROM_REQUIRED'])).toEqual(['TOKEN_REQUIRED', 'VALIDFROM_REQUIRED']);
    expect(needsOf(['CUSTOMERTOKEN_REQUIRED', 'MANDATE_REQUIRED'])).toEqual(['CUSTOMERTOKEN_REQUIRED', 'MANDATE_REQUIRED']);
    expect(needsOf([])).toEqual([]);
  });
});
