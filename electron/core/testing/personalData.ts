import { expect } from 'vitest';
import { stmt } from '../../../domain/store/sqlite/statements';
import { clerk, value, type TestCounter } from './counter';

/**
 * A customer's personal data and a bearer token, put into a counter so that a test can prove a
 * support bundle holds none of them (docs/counter.md §18): a sale with the customer's name,
 * birth date, e-mail and address, a cached mandate with an IBAN and a cached token with a photo.
 */

export const PERSONAL = {
  birthname: 'Wilhelmina',
  surname: 'Oranje-Nassau',
  dateOfBirth: '1987-04-27',
  emailAddress: 'w.oranje@voorbeeld.nl',
  iban: 'NL91ABNA0417164300',
  photo: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk',
  street: 'Noordeinde',
};
export const BEARER = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzZWNyZXQtY291bnRlciJ9.c2lnbmF0dXJlLW9mLXRoZS10b2tlbg';

/** Logs the demo manager in and leaves the personal data in the counter's database. */
export async function seedPersonalData(counter: TestCounter): Promise<void> {
  const mark = clerk(counter);
  await mark.login('mark', '9999');
  const order = await mark.create([{ productId: 600, quantity: 1 }]);
  const customer = {
    birthname: PERSONAL.birthname,
    surname: PERSONAL.surname,
    emailAddress: PERSONAL.emailAddress,
    dateOfBirth: PERSONAL.dateOfBirth,
    orderCustomerAddresses: [
      { addressTypeId: 1, street: PERSONAL.street, houseNumber: 68, postalCode: '2514 GL', city: 'Den Haag', country: 'NL' },
    ],
  };
  value(await counter.dispatch('orders.setCustomer', { orderId: order.orderId, customer }), 'setCustomer');
  // A cached mandate with its IBAN and a cached token with its photo, as lookups leave them.
  const cache = stmt(counter.test.db, 'INSERT OR REPLACE INTO lookup_cache (kind, id, doc, fetched_at) VALUES (?, ?, ?, ?)');
  cache.run(
    'mandate',
    424242,
    JSON.stringify({ iban: PERSONAL.iban, accountHolder: `${PERSONAL.birthname} ${PERSONAL.surname}` }),
    '2026-03-02T09:00:00.000Z',
  );
  cache.run('token', 424243, JSON.stringify({ photo: PERSONAL.photo, birthdate: PERSONAL.dateOfBirth }), '2026-03-02T09:00:00.000Z');
}

/** Fails unless `text` holds none of the personal data, nor any of the tokens (whole or their signature). */
export function expectNoPersonalData(text: string, tokens: string[]): void {
  const lower = text.toLowerCase();
  const tokenParts = tokens.flatMap((token, i) => [
    [`token ${i}`, token] as const,
    [`token ${i}'s signature`, token.split('.')[2]!] as const,
  ]);
  for (const [what, secret] of [...Object.entries(PERSONAL), ...tokenParts]) {
    expect(lower.includes(secret.toLowerCase()), `${what} in the bundle`).toBe(false);
  }
}
