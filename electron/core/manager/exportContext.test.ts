import { describe, expect, it } from 'vitest';
import { Catalog } from '../../../domain/catalog';
import { otherFixtures } from '../../../server/testing/fixtures';
import { exportContext } from './exportContext';

/** What an export says of the counter: the store, the counter's name and the payment methods, in the manager's language. */

const catalog = new Catalog({
  ...otherFixtures(),
  paymentMethods: [
    { paymentMethodId: 1, name: 'Contant', provider: 'counter' },
    { paymentMethodId: 2, name: 'Pinbetaling', provider: 'terminal' },
    { paymentMethodId: 9, name: 'Cadeaubon', provider: 'voucher' },
  ],
});
const base = { catalog, touchpointId: 501, timeZone: 'Europe/Amsterdam', madeAt: '2026-10-24T08:00:00.000Z', today: '2026-10-24' };
const LISTED = 'c0ffee00-1111-4222-8333-444455556666';

describe('the export context', () => {
  it('names the store after the touchpoint and the counter after its device in the reference data', () => {
    expect(exportContext({ ...base, language: 'nl', deviceId: LISTED })).toMatchObject({
      store: 'Ticket office North',
      counter: 'North till A',
    });
  });

  it('names a counter the reference data does not list by the prefix of its order numbers, in the language', () => {
    const deviceId = 'ab12cd34-0000-4000-8000-000000000000';
    expect(exportContext({ ...base, language: 'nl', deviceId }).counter).toBe('Kassa KAB12');
    expect(exportContext({ ...base, language: 'en', deviceId }).counter).toBe('Counter KAB12');
    expect(exportContext({ ...base, language: 'en', deviceId, touchpointId: 999 }).store).toBe('—');
  });

  it.each([
    ['nl', { 1: 'Contant', 2: 'Pin', 9: 'Cadeaubon' }],
    ['en', { 1: 'Cash', 2: 'PIN', 9: 'Cadeaubon' }],
  ] as const)('%s: the counter’s own methods in words, another by its catalogue name', (language, names) => {
    expect(exportContext({ ...base, language, deviceId: LISTED }).methodNames).toEqual(names);
  });
});
