// @vitest-environment jsdom
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { IpcInput } from '../../shared/ipc';
import type { ManagerOrdersPage } from '../../shared/manager/types';
import { product } from '../../shared/testing/builders';
import { fail, fakeCounter } from '../testing/fakeCounter';
import { renderWith } from '../testing/render';
import { useManagerNav } from './navigation';
import { OrderReview } from './OrderReview';
import { CATALOG, orderRow } from './testing';

// "Today" is the counter's business day (day.status); the screen's clock is set to it too, for the date fields.
// jsdom lays nothing out: the list's scroller is given a height, so the virtualiser draws rows.
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get() {
      return (this as HTMLElement).classList.contains('vbody') ? 440 : 0;
    },
  });
});
afterAll(() => {
  if (clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight);
});
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-23T12:00:00'));
  useManagerNav.setState({ part: 'orders', orderId: null });
});
afterEach(() => {
  vi.useRealTimers();
  cleanup();
});

const SUMMARY = { count: 120, totalAmount: 114_000, paidAmount: 100_000, refundedAmount: 475 };

/** 120 orders in pages of 50, keyed by cursor. */
function pagedCounter() {
  const all = Array.from({ length: 120 }, (_, i) => orderRow({ orderNumber: `KAB12-${String(1000 - i)}` }));
  return fakeCounter({
    'day.status': () => ({
      businessDate: '2026-11-23',
      timeZone: 'Europe/Amsterdam',
      state: 'open',
      openedAt: null,
      openedBy: null,
      float: null,
      closedAt: null,
      closedBy: null,
      staleConcepts: 0,
    }),
    'catalog.get': () => ({ ...CATALOG, products: [product({ productId: 101, productName: 'Dagkaart volwassene' })] }),
    'staff.list': () => [
      { staffId: 'anna', name: 'Anna de Vries', role: 'clerk', active: true },
      { staffId: 'mark', name: 'Mark Jansen', role: 'manager', active: true },
    ],
    'manager.orders': (input): ManagerOrdersPage => {
      const start = input.cursor ? Number(input.cursor) : 0;
      const end = start + 50;
      return { rows: all.slice(start, end), next: end < all.length ? String(end) : null, summary: SUMMARY };
    },
  });
}

/** The review of 120 orders drawn, and its filter form. */
async function reviewWithFilters() {
  const user = userEvent.setup();
  const api = pagedCounter();
  renderWith(<OrderReview />, api);
  await screen.findByRole('table', { name: 'Orders' });
  return { user, api, form: screen.getByRole('search', { name: 'Filter orders' }) };
}

describe('the order review', () => {
  it('asks for today, shows the range’s count and totals, and pages on with the cursor', async () => {
    const user = userEvent.setup();
    const api = pagedCounter();
    renderWith(<OrderReview />, api);
    const table = await screen.findByRole('table', { name: 'Orders' });
    expect(api.callsOf('manager.orders')[0]).toEqual({ range: { from: '2026-11-23', to: '2026-11-23' }, filters: {}, cursor: null });
    expect(screen.getByTestId('range-count').textContent).toBe('120');
    expect(screen.getByTestId('range-total').textContent).toBe('€1,140.00');
    expect(screen.getByTestId('range-refunded').textContent).toBe('€4.75');
    expect(table.getAttribute('aria-rowcount')).toBe('121');
    // Only the rows in view are drawn, never all that are loaded.
    const drawn = within(table).getAllByRole('row').length;
    expect(drawn).toBeGreaterThan(5);
    expect(drawn).toBeLessThan(40);
    expect(within(table).getByRole('button', { name: 'Details of order KAB12-1000' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'More orders' }));
    await waitFor(() => expect(api.callsOf('manager.orders').map((c) => c.cursor)).toEqual([null, '50']));
    await user.click(await screen.findByRole('button', { name: 'More orders' }));
    await waitFor(() => expect(api.callsOf('manager.orders').map((c) => c.cursor)).toEqual([null, '50', '100']));
    expect(await screen.findByText('All 120 orders are shown.')).toBeTruthy();
  });

  it('turns the filters into the query: range, status, clerk, product, method, sync state and token', async () => {
    const { user, api, form } = await reviewWithFilters();
    await user.clear(within(form).getByLabelText('From'));
    await user.type(within(form).getByLabelText('From'), '20/11/2026');
    await user.selectOptions(within(form).getByLabelText('Status'), 'Delivered');
    await user.selectOptions(within(form).getByLabelText('Clerk'), 'Anna de Vries');
    await user.selectOptions(await within(form).findByLabelText('Product'), 'Dagkaart volwassene');
    await user.selectOptions(within(form).getByLabelText('Payment method'), 'Cash');
    await user.selectOptions(within(form).getByLabelText('Central'), 'refused by head office');
    await user.type(within(form).getByLabelText('Token'), ' 4411 ');
    await user.click(within(form).getByRole('button', { name: 'Show orders' }));
    await waitFor(() =>
      expect(api.callsOf('manager.orders').at(-1)).toEqual({
        range: { from: '2026-11-20', to: '2026-11-23' },
        filters: { statusIds: [5], staffId: 'anna', productId: 101, paymentMethodId: 1, syncStates: ['rejected'], token: '4411' },
        cursor: null,
      } satisfies IpcInput<'manager.orders'>),
    );

    await user.click(within(form).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(api.callsOf('manager.orders').at(-1)?.filters).toEqual({}));
  });

  it('refuses a range that ends before it starts, without asking', async () => {
    const { user, api, form } = await reviewWithFilters();
    await user.clear(within(form).getByLabelText('To'));
    await user.type(within(form).getByLabelText('To'), '01/11/2026');
    await user.click(within(form).getByRole('button', { name: 'Show orders' }));
    expect(within(form).getByText(/must end on or after its first day/)).toBeTruthy();
    expect(within(form).getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsOf('manager.orders')).toHaveLength(1);
  });

  it('shows the main process’s refusal', async () => {
    const api = pagedCounter();
    api.handle('manager.orders', () => fail('forbidden', 'session.managerOnly'));
    renderWith(<OrderReview />, api);
    expect((await screen.findByRole('alert')).textContent).toContain('Not allowed:');
  });
});
