import { describe, expect, it } from 'vitest';
import type { Order } from '../../../shared/schemas/order';
import { customerToken, line, order } from '../../../shared/testing/builders';
import { withoutPersonalData } from './personalData';

/** What the retention job takes out of an order, and what it leaves (see settings/settingsRules.test.ts for the retention job itself). */
describe('an order without its personal data', () => {
  const personal = customerToken({
    personalAccountData: {
      personalAccountDataId: 'pad-1',
      name: 'Noor Visser',
      birthdate: '2015-03-04',
      photo: 'data:image/jpeg;base64,/9j/AAAA',
      challengeType: { challengeTypeId: 1, name: 'e-mail' },
      oneTimePassword: '123456',
    },
  });
  const mandate = {
    mandateInputId: 'm-1',
    directDebitMandateType: { directDebitMandateTypeId: 1, name: 'recurring' },
    createdOn: '2024-05-01T08:00:00Z',
    bic: 'RABONL2U',
    iban: 'NL91ABNA0417164300',
    ascription: 'N. Visser',
    place: 'Utrecht',
  };
  const full: Order = order({
    // Only what the purge reads of a payment: its mandate.
    payments: [{ paymentId: 'p-1', mandateInput: mandate } as Order['payments'][number]],
    orderLines: [line({ customerTokens: [personal] })],
    orderCustomer: {
      orderCustomerId: 'c-1',
      birthname: 'Noor',
      surname: 'Visser',
      prefix: '',
      emailAddress: 'noor@example.org',
      dateOfBirth: '2015-03-04',
      orderCustomerAddresses: [],
    },
  });

  it('has no photo, birthdate, name, e-mail, one-time password or IBAN left', () => {
    const purged = JSON.stringify(withoutPersonalData(full));
    for (const value of [
      'Noor',
      'Visser',
      '2015-03-04',
      '/9j/AAAA',
      'noor@example.org',
      '123456',
      'NL91ABNA0417164300',
      'RABONL2U',
      'Utrecht',
    ]) {
      expect(purged, value).not.toContain(value);
    }
  });

  it('keeps what the lists, receipts and sync need', () => {
    const purged = withoutPersonalData(full);
    expect(purged.orderNumber).toBe(full.orderNumber);
    expect(purged.totalAmount).toBe(full.totalAmount);
    expect(purged.orderLines[0]!.productId).toBe(full.orderLines[0]!.productId);
    expect(purged.orderLines[0]!.customerTokens![0]!.customerTokenId).toBe(personal.customerTokenId);
    expect(purged.payments[0]!.paymentId).toBe('p-1');
    expect(withoutPersonalData(purged)).toEqual(purged);
  });
});
