// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CatalogView, SyncStatus } from '../../shared/ipc';
import type { SyncProblem } from '../../shared/manager/types';
import { useManagerNav } from '../manager/navigation';
import { App } from '../App';
import { areas } from '../areas';
import { useSale } from '../sale/saleStore';
import { line, rejectedOrder, settingsView, syncStatus } from '../../shared/testing/builders';
import { fail, fakeCounter, type FakeHandlers } from '../testing/fakeCounter';
import { renderWith } from '../testing/render';
import { SyncPanel } from './SyncPanel';

const refusedKind = rejectedOrder(
  {
    orderNumber: 'KAB12-000009',
    createdOn: '2026-01-10T10:00:00.000Z',
    orderLines: [line({ productName: 'Dagkaart kind', amountInclTax: 475 })],
  },
  [
    {
      detail: 'the traveller is 12 on the start date; this product is for ages 4 to 11',
      pointer: '/orderLines/0/customerTokens/0/personalAccountData/birthdate',
    },
    { detail: 'the order total does not match', pointer: '/totalAmount' },
  ],
);
const refusedSilently = rejectedOrder(
  {
    orderNumber: 'KAB12-000010',
    order_OrderStatuses: [{ order_orderStatusId: 'p', orderStatus: { orderStatusId: 4, name: 'paid' }, createdOn: 'x', description: '' }],
  },
  [],
);

function counter(status: SyncStatus, extra: FakeHandlers = {}) {
  return fakeCounter({
    'sync.status': () => status,
    'sync.rejected': () => [refusedKind, refusedSilently],
    'sync.setAside': () => [],
    'sync.unsent': () => [],
    ...extra,
  });
}

beforeEach(() => useSale.setState({ screen: 'sync', orderId: null, token: null, scan: null, editing: null }));
afterEach(cleanup);

describe('SyncPanel', () => {
  it('lists the orders still to send by number, with their state and the last error', async () => {
    renderWith(
      <SyncPanel />,
      counter(syncStatus({ online: false, pending: 2 }), {
        'sync.unsent': () => [
          {
            orderId: 'a',
            orderNumber: 'KAB12-000011',
            since: '2026-01-10T10:00:00.000Z',
            changes: 3,
            state: 'waiting',
            lastError: 'sync.unreachable',
          },
          { orderId: 'b', orderNumber: 'KAB12-000012', since: '2026-01-10T10:05:00.000Z', changes: 1, state: 'unknown', lastError: null },
        ],
      }),
    );
    const table = await screen.findByRole('table', { name: 'Sales still to send' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['KAB12-000011', 'KAB12-000012']);
    expect(rows[0]!.textContent).toContain('waiting');
    expect(rows[0]!.textContent).toContain('The central cannot be reached or did not answer.');
    expect(rows[1]!.textContent).toContain('checking: no answer to the last try');
  });

  it('says so when every sale has been sent', async () => {
    renderWith(<SyncPanel />, counter(syncStatus({ online: true, pending: 0 })));
    expect(await screen.findByText('Every sale has been sent.')).toBeTruthy();
  });

  it('shows the sync status in detail', async () => {
    renderWith(
      <SyncPanel />,
      counter(
        syncStatus({
          online: false,
          state: 'offline',
          pending: 3,
          rejected: 2,
          lastSuccessAt: '2026-01-10T12:00:00.000Z',
          lastError: 'sync.unreachable',
          embeddedCentral: false,
        }),
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Sync with the central' })).toBeTruthy();
    const facts = await screen.findByText('Waiting to be sent');
    const list = facts.closest('dl')!;
    const value = (term: string) => within(list).getByText(term).nextElementSibling?.textContent;
    expect(value('Connection')).toBe(
      'Offline The central cannot be reached. Sales are kept on this counter and sent when it is back; check the network if this lasts.',
    );
    expect(value('Central')).toBe('the central set in the settings');
    expect(value('Waiting to be sent')).toBe('3');
    expect(value('Refused by the central')).toBe('2');
    expect(value('Last successful sync')).toMatch(/10 Jan 2026/);
    expect(value('Last error')).toBe('The central cannot be reached or did not answer.');
  });

  it('says when nothing has synced yet and nothing went wrong', async () => {
    renderWith(<SyncPanel />, counter(syncStatus()));
    const list = (await screen.findByText('Last successful sync')).closest('dl')!;
    expect(within(list).getByText('Not yet')).toBeTruthy();
    expect(within(list).getByText('None')).toBeTruthy();
    expect(within(list).getByText('Sales reach the central.', { exact: false })).toBeTruthy();
    expect(within(list).getByText('the embedded demo central on this computer')).toBeTruthy();
  });

  it('lists the refused orders with the central’s reasons in plain words, and opens them', async () => {
    const user = userEvent.setup();
    renderWith(<SyncPanel />, counter(syncStatus({ rejected: 2 })));
    const section = await screen.findByRole('region', { name: 'Orders refused by the central' });
    const first = (await within(section).findByRole('heading', { name: 'Order KAB12-000009' })).closest('li')!;
    expect(within(first).getByText(/Created .*, total €4\.75\./)).toBeTruthy();
    const reasons = within(first).getByRole('list', { name: "The central's reasons" });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Dagkaart kind: Birthdate: the traveller is 12 on the start date; this product is for ages 4 to 11',
      'the order total does not match',
    ]);
    const second = within(section).getByRole('heading', { name: 'Order KAB12-000010' }).closest('li')!;
    expect(within(second).getByText('The central gave no reason.')).toBeTruthy();

    await user.click(within(second).getByRole('button', { name: 'Open order KAB12-000010' }));
    expect(useSale.getState()).toMatchObject({ orderId: refusedSilently.order.orderId, screen: 'checkout' });
    await user.click(within(first).getByRole('button', { name: 'Open order KAB12-000009' }));
    expect(useSale.getState()).toMatchObject({ orderId: refusedKind.order.orderId, screen: 'sale' });
  });

  it('says so when the central refused nothing', async () => {
    renderWith(<SyncPanel />, counter(syncStatus(), { 'sync.rejected': () => [] }));
    expect(await screen.findByText('No refused orders.')).toBeTruthy();
  });

  it('syncs now with sync.now and shows the outcome', async () => {
    const user = userEvent.setup();
    let status = syncStatus({ online: false, state: 'offline', pending: 4 });
    const api = counter(status, {
      'sync.status': () => status,
      'sync.now': () => (status = syncStatus({ online: true, pending: 0, rejected: 1, lastSuccessAt: '2026-01-10T11:00:00Z' })),
    });
    renderWith(<SyncPanel />, api);
    await screen.findByText(/^The central cannot be reached\. Sales are kept on this counter/);
    const rejectedCalls = api.callsOf('sync.rejected').length;

    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(api.callsOf('sync.now')).toEqual([{}]);
    expect(await screen.findByText('Sync finished: 0 waiting to be sent, 1 refused.')).toBeTruthy();
    expect(screen.getByText('Sales reach the central.', { exact: false })).toBeTruthy();
    await waitFor(() => expect(api.callsOf('sync.rejected').length).toBeGreaterThan(rejectedCalls));
  });

  it('never says "Sync finished" while the central refuses the token: it says what to do', async () => {
    const user = userEvent.setup();
    const refused = syncStatus({ online: true, state: 'tokenRefused', lastError: 'sync.tokenRefused', pending: 2 });
    renderWith(<SyncPanel />, counter(refused, { 'sync.now': () => refused }));
    const facts = (await screen.findByText('Waiting to be sent')).closest('dl')!;
    expect(within(facts).getByText('Refused: token')).toBeTruthy();
    expect(within(facts).queryByText('Online')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText(/^Sync did not get through: The central refuses this counter’s token/)).toBeTruthy();
    expect(screen.queryByText(/Sync finished/)).toBeNull();
  });

  it('shows a refused sync.now', async () => {
    const user = userEvent.setup();
    renderWith(<SyncPanel />, counter(syncStatus(), { 'sync.now': () => fail('internal', 'sync.unreachable') }));
    await user.click(await screen.findByRole('button', { name: 'Sync now' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The central cannot be reached or did not answer.');
  });

  it('speaks Dutch', async () => {
    renderWith(<SyncPanel />, counter(syncStatus({ pending: 1 })), 'nl');
    expect(await screen.findByRole('heading', { name: 'Synchronisatie met de centrale' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nu versturen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Terug' })).toBeTruthy();
    expect(await screen.findByText('Wacht op versturen')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Order KAB12-000009 openen' })).toBeTruthy();
    expect(
      screen.getByText('Dagkaart kind: Geboortedatum: de reiziger is 12 op de startdatum; dit product is voor 4 tot en met 11 jaar', {
        exact: false,
      }),
    ).toBeTruthy();
  });
});

describe('from the top bar', () => {
  const catalog: CatalogView = {
    products: [],
    languages: [{ languageId: 2, name: 'English', iso639Code: 'en', ietfCode: 'en-GB' }],
    touchpoints: [{ salesTouchpointId: 10, name: 'Balie Centraal Station', isActive: true, retailerId: 1 }],
    paymentMethods: [],
    refreshedAt: '2026-01-10T09:00:00Z',
    source: 'bundled demo',
  };

  it('opens the panel with the "Sync status" button and goes back where it came from', async () => {
    useSale.setState({ screen: 'start' });
    const user = userEvent.setup();
    const anna = { staffId: 'anna', name: 'Anna', role: 'manager' as const };
    const api = counter(syncStatus({ pending: 2 }), {
      'settings.get': () => settingsView(),
      'catalog.get': () => catalog,
      'session.current': () => anna,
      'orders.search': () => [],
      'sync.problems': () => [],
      'manager.staleConcepts': () => [],
    });
    // A manager's start screen draws the ways into the settings with the manager's code (renderer/areas.ts): loaded first.
    await areas.manager.load();
    render(<App api={api} />);

    const open = await screen.findByRole('button', { name: 'Sync status' });
    // The existing status texts and buttons stay as they were.
    expect(await screen.findByText('To send: 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sync now' })).toBeTruthy();
    expect(open.getAttribute('aria-describedby')).toBeTruthy();

    await user.click(open);
    const title = await screen.findByRole('heading', { name: 'Sync with the central' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(screen.queryByRole('button', { name: 'New sale' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('button', { name: 'New sale' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Sync status' })));

    // The settings, from the start screen, for this manager.
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
    act(() => useSale.getState().goTo('start'));
  });
});

describe('orders set aside', () => {
  const held = rejectedOrder({ orderNumber: 'KAB12-000011' }, []).order;
  const setAside = () => [{ order: held, attempts: 5, lastError: 'the central answered 500' }];

  it('are shown to a clerk, who cannot try them again', async () => {
    renderWith(
      <SyncPanel />,
      counter(syncStatus({ setAside: 1 }), {
        'sync.setAside': setAside,
        'session.current': () => ({ staffId: 'anna', name: 'Anna', role: 'clerk' }),
      }),
    );
    expect(await screen.findByText('A manager can try them again.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /again/ })).toBeNull();
  });
});

describe('sync problems, for a manager', () => {
  const problem = (p: Partial<SyncProblem>): SyncProblem => ({
    orderId: '00000000-0000-4000-8000-000000000901',
    orderNumber: 'KAB12-000021',
    kind: 'rejected',
    statusId: 5,
    totalAmount: 475,
    refundable: 475,
    since: '2026-01-10T10:00:00.000Z',
    attempts: 1,
    reasons: [],
    lastError: null,
    ...p,
  });
  const manager = () => ({ staffId: 'mark', name: 'Mark', role: 'manager' as const });

  it('lists every order the central does not have, with its reasons; retry one or all; refund or cancel opens its detail', async () => {
    const user = userEvent.setup();
    const refused = problem({ reasons: [{ detail: 'the order total does not match', pointer: '/totalAmount' }] });
    const held = problem({
      orderId: '00000000-0000-4000-8000-000000000902',
      orderNumber: 'KAB12-000022',
      kind: 'setAside',
      attempts: 5,
      lastError: 'the central answered 500',
    });
    const waiting = problem({
      orderId: '00000000-0000-4000-8000-000000000903',
      orderNumber: 'KAB12-000023',
      kind: 'unsent',
      lastError: 'sync.unreachable',
    });
    const api = counter(syncStatus({ rejected: 1, setAside: 1 }), {
      'session.current': manager,
      'sync.problems': () => [refused, held, waiting],
      'sync.retry': () => syncStatus(),
    });
    renderWith(<SyncPanel />, api);
    const list = await screen.findByRole('list', { name: 'Orders the central does not have' });
    const items = within(list).getAllByRole('listitem', { name: /^Order KAB12/ });
    expect(items).toHaveLength(3);
    expect(items[0]!.textContent).toContain('refused by head office');
    expect(items[0]!.textContent).toContain('the order total does not match');
    expect(items[1]!.textContent).toContain('Last error: the central answered 500');
    expect(items[2]!.textContent).toContain('The central cannot be reached or did not answer.');
    // A waiting order goes by itself: nothing to retry.
    expect(within(items[2]!).queryByRole('button', { name: /again/ })).toBeNull();
    // Clerks' lists are not shown twice.
    expect(screen.queryByRole('heading', { name: 'Orders set aside' })).toBeNull();

    await user.click(within(items[0]!).getByRole('button', { name: 'Try order KAB12-000021 again' }));
    await user.click(within(items[1]!).getByRole('button', { name: 'Try order KAB12-000022 again' }));
    await user.click(screen.getByRole('button', { name: 'Try them all again' }));
    expect(api.callsOf('sync.retry')).toEqual([{ orderId: refused.orderId }, { orderId: held.orderId }, {}]);

    await user.click(within(items[1]!).getByRole('button', { name: 'Refund or cancel order KAB12-000022' }));
    // The screen is gone to once its code is in.
    await waitFor(() => expect(useSale.getState().screen).toBe('manager'));
    expect(useManagerNav.getState()).toMatchObject({ part: 'orders', orderId: held.orderId });
  });

  it('says so when there are none', async () => {
    renderWith(<SyncPanel />, counter(syncStatus(), { 'session.current': manager, 'sync.problems': () => [] }));
    expect(await screen.findByText('The central has every order as it is here.')).toBeTruthy();
  });
});
