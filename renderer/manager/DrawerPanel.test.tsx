// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CashMovement, DrawerView, SessionFigures } from '../../shared/manager/cash';
import { fakeCounter, fail } from '../testing/fakeCounter';
import { renderWith } from '../testing/render';
import { DrawerPanel } from './DrawerPanel';

afterEach(cleanup);

const mark = { staffId: 'mark', name: 'Mark Jansen' };
const open = { sessionId: 's2', businessDate: '2026-11-27', openedAt: '2026-11-27T13:00:00.000Z', openedBy: mark, float: 5000 };
const firstShift: SessionFigures = {
  ...open,
  sessionId: 's1',
  openedAt: '2026-11-27T07:00:00.000Z',
  float: 10000,
  closedAt: '2026-11-27T12:59:00.000Z',
  closedBy: mark,
  cashSales: 1365,
  rounding: 2,
  paidIn: 0,
  paidOut: 0,
  drops: 0,
  noSales: 0,
  expected: 11365,
  counted: 11365,
  countedByDenomination: { '10000': 1, '1000': 1, '200': 1, '100': 1, '50': 1, '10': 1, '5': 1 },
  difference: 0,
};
// What the session open now expects: never on screen before its count.
const EXPECTED_NOW = 6245;

function counter(drawer: Partial<DrawerView> = {}) {
  const moves: CashMovement[] = [];
  return fakeCounter({
    'cash.drawer': () => ({ businessDate: '2026-11-27', session: open, closedSessions: [firstShift], movements: moves, ...drawer }),
    'cash.closeSession': ({ counted, note }) =>
      note === ''
        ? fail('invalid', 'day.noteRequired', { difference: -45 })
        : {
            ...firstShift,
            ...open,
            closedAt: '2026-11-27T18:00:00.000Z',
            closedBy: mark,
            expected: EXPECTED_NOW,
            counted: 6200,
            countedByDenomination: counted,
            difference: -45,
          },
    'cash.move': ({ kind, amount, reason }) => {
      const m: CashMovement = {
        movementId: `m${moves.length}`,
        sessionId: 's2',
        kind,
        amount,
        reason,
        by: mark,
        at: '2026-11-27T14:00:00.000Z',
      };
      moves.push(m);
      return m;
    },
    'cash.noSale': ({ reason }) => ({
      movementId: 'n1',
      sessionId: 's2',
      kind: 'noSale',
      amount: 0,
      reason,
      by: mark,
      at: '2026-11-27T15:00:00.000Z',
    }),
    'cash.openSession': ({ float }) => ({ ...open, sessionId: 's3', float: Object.keys(float).length }),
  });
}

describe('the drawer’s sessions and cash movements', () => {
  it('closes a session with a blind count: the expected amount appears only once the count is in, with the difference', async () => {
    const user = userEvent.setup();
    const api = counter();
    renderWith(<DrawerPanel />, api);
    expect((await screen.findByTestId('open-session')).textContent).toContain('€50.00');
    // The first shift, counted, is listed with its figures; the open one's expected amount is nowhere.
    expect(screen.getByRole('table', { name: 'The day’s sessions' }).textContent).toContain('€113.65');
    expect(document.body.textContent).not.toContain('€62.45');

    const form = screen.getByRole('form', { name: 'Close the session with a blind count' });
    await user.type(within(form).getByLabelText('€50.00 notes'), '1');
    await user.type(within(form).getByLabelText('€10.00 notes'), '1');
    await user.type(within(form).getByLabelText('€2.00 coins'), '1');
    await user.click(within(form).getByRole('button', { name: 'Close the session' }));
    // Refused for a difference without a note: the difference is said, the note now required.
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'The count differs from the expected cash by -€0.45: say why in a note, then close again.',
    );
    expect(api.callsOf('cash.closeSession')).toEqual([{ counted: { '5000': 1, '1000': 1, '200': 1 }, note: '' }]);
    await user.type(within(form).getByLabelText(/Note on the difference \(required\)/), 'change given wrongly');
    await user.click(within(form).getByRole('button', { name: 'Close the session' }));
    expect((await screen.findByRole('status')).textContent).toBe('Session closed: expected €62.45, counted €62.00, difference -€0.45.');
  });

  it('records paid in, paid out and safe drops with an amount and a reason, and lists them', async () => {
    const user = userEvent.setup();
    const api = counter();
    renderWith(<DrawerPanel />, api);
    const form = await screen.findByRole('form', { name: 'Paid in, paid out, safe drop' });
    await user.selectOptions(within(form).getByLabelText('What'), 'Paid out');
    await user.type(within(form).getByLabelText('Amount'), '12,50');
    await user.click(within(form).getByRole('button', { name: 'Record' }));
    // No reason: nothing is sent.
    expect(within(form).getByRole('alert').textContent).toBe('A reason is required.');
    expect(api.callsOf('cash.move')).toEqual([]);
    await user.type(within(form).getByLabelText(/Reason/), 'window cleaner');
    await user.click(within(form).getByRole('button', { name: 'Record' }));
    expect(api.callsOf('cash.move')).toEqual([{ kind: 'paidOut', amount: 1250, reason: 'window cleaner' }]);
    expect((await within(form).findByRole('status')).textContent).toBe('Paid out of €12.50 recorded.');
    const list = await screen.findByRole('table', { name: 'The day’s cash movements' });
    expect(within(list).getAllByRole('row')[1]!.textContent).toContain('window cleaner');
  });

  it('refuses an amount that is not one', async () => {
    const user = userEvent.setup();
    const api = counter();
    renderWith(<DrawerPanel />, api);
    const form = await screen.findByRole('form', { name: 'Paid in, paid out, safe drop' });
    await user.type(within(form).getByLabelText('Amount'), '0');
    await user.type(within(form).getByLabelText(/Reason/), 'float top-up');
    await user.click(within(form).getByRole('button', { name: 'Record' }));
    expect(within(form).getByRole('alert').textContent).toBe('Type an amount in euros, at least €0.01.');
    expect(api.callsOf('cash.move')).toEqual([]);
  });

  it('opens the drawer without a sale only with a reason', async () => {
    const user = userEvent.setup();
    const api = counter();
    renderWith(<DrawerPanel />, api);
    const form = await screen.findByRole('form', { name: 'Open the drawer without a sale' });
    await user.click(within(form).getByRole('button', { name: 'Open the drawer' }));
    expect(api.callsOf('cash.noSale')).toEqual([]);
    await user.type(within(form).getByLabelText(/Reason/), 'change for the parking machine');
    await user.click(within(form).getByRole('button', { name: 'Open the drawer' }));
    expect(api.callsOf('cash.noSale')).toEqual([{ reason: 'change for the parking machine' }]);
    expect((await within(form).findByRole('status')).textContent).toBe('The drawer was opened; the opening is recorded.');
  });

  it('opens a new session with a counted float when none is open, in Dutch', async () => {
    const user = userEvent.setup();
    const api = counter({ session: null });
    renderWith(<DrawerPanel />, api, 'nl');
    const form = await screen.findByRole('form', { name: 'Een kassadienst openen' });
    await user.type(within(form).getByLabelText('Biljetten van € 20,00'), '2');
    await user.click(within(form).getByRole('button', { name: 'Een kassadienst openen' }));
    expect(api.callsOf('cash.openSession')).toEqual([{ float: { '2000': 2 } }]);
  });
});
