// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeCounter, fail } from '../testing/fakeCounter';
import { renderWith } from '../testing/render';
import { CloseDayForm } from './CloseDayForm';
import { CATALOG, dayReport } from './testing';

afterEach(cleanup);

function counter() {
  return fakeCounter({
    'catalog.get': () => CATALOG,
    'day.xReport': () => dayReport(),
    'manager.staleConcepts': () => [],
    'day.close': ({ counted, note }) =>
      dayReport({
        kind: 'Z',
        state: 'closed',
        note: note ?? null,
        cash: { ...dayReport().cash, counted: 0, countedByDenomination: counted },
      }),
  });
}

/** €134.00, what the X report expects: one €100 note, one €20, one €10 and two €2 coins. */
async function countExactly(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('€100.00 notes'), '1');
  await user.type(screen.getByLabelText('€20.00 notes'), '1');
  await user.type(screen.getByLabelText('€10.00 notes'), '1');
  await user.type(screen.getByLabelText('€2.00 coins'), '2');
  expect(screen.getByTestId('cash-difference').textContent).toBe('€0.00');
}

describe('the day close', () => {
  it('counts the drawer by note and coin, keeps the total and the difference up to date', async () => {
    const user = userEvent.setup();
    renderWith(<CloseDayForm onClosed={() => undefined} />, counter());
    expect(await screen.findByTestId('expected-cash')).toHaveProperty('textContent', '€134.00');
    const count = screen.getByRole('group', { name: 'Cash counted in the drawer' });
    await user.type(within(count).getByLabelText('€50.00 notes'), '2');
    await user.type(within(count).getByLabelText('€20.00 notes'), '1');
    await user.type(within(count).getByLabelText('€0.50 coins'), '3');
    expect(within(count).getByText('€121.50')).toBeTruthy();
    expect(screen.getByTestId('cash-difference').textContent).toBe('-€12.50');
  });

  it('requires a note while the counted cash differs, and sends the count and the note', async () => {
    const user = userEvent.setup();
    const api = counter();
    renderWith(<CloseDayForm onClosed={() => undefined} />, api);
    await screen.findByTestId('expected-cash');
    await countExactly(user);
    // Exact: no note needed. One coin more and the note is required.
    await user.type(screen.getByLabelText('€0.05 coins'), '1');
    expect(screen.getByTestId('cash-difference').textContent).toBe('€0.05');
    await user.click(screen.getByRole('button', { name: 'Close the day' }));
    expect((await screen.findByRole('alert')).textContent).toContain('say why in a note');
    expect(screen.getByLabelText(/Note on the difference/)).toHaveProperty('ariaInvalid', 'true');
    expect(api.callsOf('day.close')).toEqual([]);

    await user.type(screen.getByLabelText(/Note on the difference/), 'a customer paid 5 cents too much');
    await user.click(screen.getByRole('button', { name: 'Close the day' }));
    expect(api.callsOf('day.close')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Confirm: close the day' }));
    expect(api.callsOf('day.close')).toEqual([
      { counted: { '10000': 1, '2000': 1, '1000': 1, '200': 2, '5': 1 }, note: 'a customer paid 5 cents too much' },
    ]);
  });

  it('closes without a note when the count matches', async () => {
    const user = userEvent.setup();
    const api = counter();
    let closed = false;
    renderWith(<CloseDayForm onClosed={() => (closed = true)} />, api);
    await screen.findByTestId('expected-cash');
    await countExactly(user);
    await user.click(screen.getByRole('button', { name: 'Close the day' }));
    await user.click(screen.getByRole('button', { name: 'Confirm: close the day' }));
    expect(api.callsOf('day.close')).toEqual([{ counted: { '10000': 1, '2000': 1, '1000': 1, '200': 2 }, note: '' }]);
    expect(closed).toBe(true);
  });

  it('refuses a count that is not a whole number, and shows the main process’s refusal', async () => {
    const user = userEvent.setup();
    const api = counter();
    api.handle('day.close', () => fail('conflict', 'day.alreadyClosed', { businessDate: '2026-11-23' }));
    renderWith(<CloseDayForm onClosed={() => undefined} />, api);
    await screen.findByTestId('expected-cash');
    await user.type(screen.getByLabelText('€1.00 coins'), '1,5');
    expect(screen.getByText('Type a whole number of pieces.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close the day' })).toHaveProperty('disabled', true);
    await user.clear(screen.getByLabelText('€1.00 coins'));
    await user.type(screen.getByLabelText('€1.00 coins'), '1');
    await user.type(screen.getByLabelText(/Note on the difference/), 'short');
    await user.click(screen.getByRole('button', { name: 'Close the day' }));
    await user.click(screen.getByRole('button', { name: 'Confirm: close the day' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The day 23 Nov 2026 is already closed.');
  });

  it('warns of the day’s open orders, and names what the close freezes before it is confirmed', async () => {
    const user = userEvent.setup();
    const api = counter();
    const open = { open: { count: 2, amount: 803 }, cancelled: { count: 0, amount: 0 } };
    api.handle('day.xReport', () => dayReport({ notSold: open, sessions: [] }));
    renderWith(<CloseDayForm onClosed={() => undefined} />, api);
    expect((await screen.findByTestId('open-orders')).textContent).toBe(
      'Open orders: 2 (€8.03), not paid. They are not counted as sold.' +
        'Closing freezes them as open: cancel or finish them first if they should not stay open.',
    );
    await countExactly(user);
    await user.click(screen.getByRole('button', { name: 'Close the day' }));
    const freezes = within(screen.getByTestId('close-freezes'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(freezes).toEqual([
      'the day 23 Nov 2026: nothing more can be sold, paid, refunded or changed in it;',
      'no drawer session was opened: this count is the day’s;',
      'the count of €134.00;',
      'its open orders (2, €8.03), which stay unpaid;',
      'the Z report, sent to the central.',
    ]);
    expect(api.callsOf('day.close')).toEqual([]);
    // A change to the count asks for the review again.
    await user.type(screen.getByLabelText('€0.05 coins'), '0');
    expect(screen.queryByRole('button', { name: 'Confirm: close the day' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Close the day' }));
    await user.click(screen.getByRole('button', { name: 'Confirm: close the day' }));
    expect(api.callsOf('day.close')).toHaveLength(1);
  });

  it('names the open session it closes only when one is open; sessions all closed are said so', async () => {
    const user = userEvent.setup();
    const session = (closedAt: string | null) => ({
      sessionId: closedAt ? 's1' : 's2',
      businessDate: '2026-11-23',
      openedAt: '2026-11-23T07:00:00.000Z',
      openedBy: { staffId: 'm', name: 'Mark' },
      float: 0,
      closedAt,
      closedBy: null,
      cashSales: 0,
      rounding: 0,
      paidIn: 0,
      paidOut: 0,
      drops: 0,
      noSales: 0,
      expected: 13_400,
      counted: null,
      countedByDenomination: null,
      difference: null,
    });
    for (const [sessions, said] of [
      [[session('2026-11-23T12:00:00.000Z')], 'its drawer session (1), closed already with its own count;'],
      [[session('2026-11-23T12:00:00.000Z'), session(null)], 'its drawer sessions (2), the open one closed with this count;'],
    ] as const) {
      const api = counter();
      api.handle('day.xReport', () => dayReport({ sessions: [...sessions] }));
      const { unmount } = renderWith(<CloseDayForm onClosed={() => undefined} />, api);
      await countExactly(user);
      await user.click(screen.getByRole('button', { name: 'Close the day' }));
      expect(within(screen.getByTestId('close-freezes')).getAllByRole('listitem')[1]!.textContent).toBe(said);
      unmount();
    }
  });

  it('speaks Dutch', async () => {
    renderWith(<CloseDayForm onClosed={() => undefined} />, counter(), 'nl');
    expect(await screen.findByLabelText('Biljetten van € 50,00')).toBeTruthy();
    expect(screen.getByLabelText('Munten van € 0,05')).toBeTruthy();
    // Dutch circulation: no 1 and 2 cent coins (docs/api.md §10.1).
    expect(screen.queryByLabelText('Munten van € 0,01')).toBeNull();
    expect(screen.getByRole('button', { name: 'De dag afsluiten' })).toBeTruthy();
  });
});
