import { describe, expect, it } from 'vitest';
import { customerViewOf } from './customerView';
import { CASH, line, order, pay, PIN } from './testing/orders';

/** What the customer display shows (docs/api.md §9.4). */

describe('the customer display’s view of a sale', () => {
  it('a sale being put together: lines, total and all of it due, nothing paid, no change yet', () => {
    expect(customerViewOf(order([line('Dagkaart', 1545), line('Strippenkaart', 400, 2)], []), true)).toEqual({
      language: 'nl',
      lines: [
        { name: 'Dagkaart', quantity: 1, amount: 1545 },
        { name: 'Strippenkaart', quantity: 2, amount: 400 },
      ],
      total: 1945,
      due: 1945,
      cashDue: null,
      paid: 0,
      change: null,
    });
  });

  it('paid in cash: nothing due, and the change from what was handed over', () => {
    const view = customerViewOf(order([line('Dagkaart', 1545)], [pay('p', CASH, 1545, { tendered: 2000 })], 'en'), true);
    expect(view).toMatchObject({ language: 'en', due: 0, paid: 1545, change: 455 });
  });

  it('part paid by PIN: the rest is due, no change', () => {
    const view = customerViewOf(order([line('Dagkaart', 1545)], [pay('p', PIN, 1000), pay('f', PIN, 545, { state: 'FAILED' })]), true);
    expect(view).toMatchObject({ due: 545, paid: 1000, change: null });
  });

  it('€4.63 due: to pay €4.63, in cash €4.65; with rounding off, no cash amount apart', () => {
    const sale = order([line('Enkele reis regio', 463)], []);
    expect(customerViewOf(sale, true)).toMatchObject({ due: 463, cashDue: 465, change: null });
    expect(customerViewOf(sale, false)).toMatchObject({ due: 463, cashDue: null });
  });

  it('€4.63 paid in cash with €5: the change is the clerk’s €0.35, and paid exactly (€4.65) none', () => {
    const note = order([line('Enkele reis regio', 463)], [pay('p', CASH, 463, { tendered: 500, cashRounding: 2 })]);
    expect(customerViewOf(note, true)).toMatchObject({ due: 0, cashDue: null, change: 35 });
    const exact = order([line('Enkele reis regio', 463)], [pay('p', CASH, 463, { tendered: 465, cashRounding: 2 })]);
    expect(customerViewOf(exact, true)).toMatchObject({ change: 0 });
  });

  it('holds no personal data: the customer’s name, birth date, e-mail, photo and IBAN never reach it', () => {
    const sale = order([line('Dagkaart', 1545)], [pay('p', CASH, 1545, { tendered: 2000 })]);
    const personal = {
      ...sale,
      orderCustomer: {
        orderCustomerId: 'c',
        birthname: 'Jansen',
        surname: 'Jansen',
        prefix: 'de',
        emailAddress: 'jan@example.nl',
        dateOfBirth: '1980-04-01',
        orderCustomerAddresses: [],
      },
      payments: sale.payments.map((p) => ({
        ...p,
        mandateInput: {
          mandateInputId: 'm',
          directDebitMandateType: { directDebitMandateTypeId: 1, name: 'x' },
          createdOn: '',
          bic: 'ABNANL2A',
          iban: 'NL91ABNA0417164300',
          ascription: 'J. Jansen',
          place: 'Utrecht',
        },
      })),
    };
    const shown = JSON.stringify(customerViewOf(personal, true));
    for (const secret of ['Jansen', 'jan@example.nl', '1980-04-01', 'NL91ABNA0417164300', 'Utrecht']) expect(shown).not.toContain(secret);
    expect(customerViewOf(personal, true)).toEqual(customerViewOf(sale, true));
  });
});
