import { areas, SALE_PARTS } from './areas';
// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import demo from '../assets/fixtures/demo.json';
import type { CatalogView, SettingsView, SyncStatus } from '../shared/ipc';
import type { Product } from '../shared/schemas/reference';
import { App } from './App';
import { useSale } from './sale/saleStore';
import { counterOrder, line } from '../shared/testing/builders';
import { fakeCounter } from './testing/fakeCounter';

const catalog: CatalogView = {
  products: demo.products as Product[],
  languages: demo.languages,
  touchpoints: demo.touchpoints,
  paymentMethods: demo.paymentMethods,
  refreshedAt: '2026-01-10T09:00:00Z',
  source: 'bundled demo',
};
const settings: SettingsView = {
  centralUrl: null,
  embeddedCentral: true,
  hasBearerToken: false,
  tokenStorage: 'none',
  fixed: {},
  retentionDays: 30,
  touchpointId: 10,
  deviceId: '5eed0000-0000-0000-0000-000000000001',
  centralDeviceId: null,
  languageId: 2,
  quickKeys: null,
  receiptLayout: '80mm',
  printerName: null,
  cashRounding: true,
  denominations: [50000, 20000, 10000, 5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5],
  printerUrl: 'system',
  drawer: 'none',
};
const sync: SyncStatus = {
  online: true,
  state: 'online',
  pending: 2,
  rejected: 0,
  setAside: 0,
  lastSuccessAt: null,
  lastError: null,
  embeddedCentral: true,
  clockOffsetMs: null,
};

function counter() {
  const anna = { staffId: 'anna', name: 'Anna', role: 'manager' as const };
  const concept = counterOrder({ orderNumber: 'C-0001', orderLines: [line({ amountInclTax: 950 })] });
  const paid = counterOrder({
    ...concept.order,
    order_OrderStatuses: [
      { order_orderStatusId: 'b', orderStatus: { orderStatusId: 4, name: 'paid' }, createdOn: 'x', description: '' },
      ...concept.order.order_OrderStatuses,
    ],
    payments: [
      {
        paymentId: '00000000-0000-4000-8000-0000000000aa',
        createdOn: '2026-01-10T10:05:00Z',
        amountDebit: 950,
        paymentMethod: { paymentMethodId: 1, name: 'Contant', provider: 'counter' },
        touchPoint: concept.order.touchPoint,
        isRefund: false,
        operatorPaymentReference: 'r',
        pspPaymentReference: '',
        paymentStatuses: [
          {
            paymentStatusId: 'p',
            createdOn: '2026-01-10T10:05:00Z',
            statusCode: 'SETTLED',
            statusDescription: '',
            statusSubCode: '',
            statusSubDescription: '',
          },
        ],
        mandateInput: null,
      },
    ],
  });
  let current = settings;
  const status = () => ({
    firstRun: false,
    embeddedCentral: true,
    languageId: current.languageId,
    languages: demo.languages,
    timeZone: 'Europe/Amsterdam',
  });
  return {
    concept,
    api: fakeCounter({
      'settings.get': () => current,
      'session.status': () => status(),
      'session.language': (input) => {
        current = { ...current, languageId: input.languageId };
        return status();
      },
      'catalog.get': () => catalog,
      'session.current': () => null,
      'session.staff': () => [anna],
      'session.login': () => anna,
      'sync.status': () => sync,
      'manager.staleConcepts': () => [],
      'orders.unfinished': () => [],
      'orders.create': () => concept,
      'orders.get': () => concept,
      'payments.add': () => paid,
      'orders.deliver': () => paid,
      'lookup.tokens': () => ({ records: [], source: 'central', stale: false, ageSeconds: null }),
    }),
  };
}

// A manager's start screen draws parts of the manager's code (renderer/areas.ts): loaded first, so
// that nothing suspends inside user-event's act, which jsdom never flushes.
beforeAll(() => areas.manager.load());

beforeEach(() => useSale.setState({ screen: 'start', orderId: null, token: null, scan: null, editing: null }));
afterEach(cleanup);

describe('App', () => {
  it('sells a day ticket for cash from login to receipt', async () => {
    const { api } = counter();
    const user = userEvent.setup();
    render(<App api={api} />);

    await user.type(await screen.findByLabelText('PIN'), '1234');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(api.callsOf('session.login')).toEqual([{ staffId: 'anna', pin: '1234' }]);
    expect(await screen.findByRole('button', { name: 'New sale' })).toBeTruthy();
    expect(screen.getByText('Demo central (embedded)')).toBeTruthy();
    expect(screen.getByText('To send: 2')).toBeTruthy();

    await user.keyboard('{F2}');
    expect(await screen.findByRole('heading', { name: 'Products' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Dagkaart' }));
    await user.click(within(screen.getByRole('group', { name: 'Choose which one' })).getByRole('button', { name: 'Dagkaart volwassene' }));
    expect((screen.getByLabelText('Start date') as HTMLInputElement).value).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    await user.click(screen.getByRole('button', { name: 'Add to order' }));

    const [created] = api.callsOf('orders.create');
    expect(created?.languageId).toBe(2);
    expect(created?.orderLines[0]).toMatchObject({ productId: 101, quantity: 1 });
    expect(created?.orderLines[0]?.validFrom).toBeTruthy();

    const pay = await screen.findByRole('button', { name: 'Pay' });
    await waitFor(() => expect(pay.hasAttribute('disabled')).toBe(false));
    // The sale screen fetches the checkout's code as it opens (renderer/areas.ts); a part still
    // loading when Pay is clicked suspends inside user-event's act, which jsdom never flushes.
    await Promise.all(SALE_PARTS.map((part) => part.load()));
    await user.click(pay);
    await user.click(await screen.findByRole('button', { name: 'Cash' }));
    await user.type(screen.getByLabelText('Amount tendered'), '10');
    // Typed fast, the keys are briefly held back as a possible scan, then given back.
    expect(await screen.findByText(/Change: €0\.50/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Confirm cash payment' }));
    expect(api.callsOf('payments.add')[0]?.payment).toMatchObject({
      paymentMethodId: 1,
      amountDebit: 950,
      statusCode: 'SETTLED',
      pspPaymentReference: 'TENDERED 1000',
    });

    // Paid in full: delivered without another touch.
    await waitFor(() => expect(api.callsOf('orders.deliver')).toHaveLength(1));
    const receipt = await screen.findByRole('article', { name: 'Receipt' });
    expect(receipt.textContent).toContain('C-0001');
    expect(receipt.textContent).toContain('Settled');
    expect(screen.getByRole('button', { name: 'Print receipt' })).toBeTruthy();
  });

  it('puts the focus in the PIN, and keeps keys typed as the login goes through for the start screen', async () => {
    const { api } = counter();
    let answer!: () => void;
    api.handle(
      'session.login',
      () => new Promise((resolve) => (answer = () => resolve({ staffId: 'anna', name: 'Anna', role: 'manager' }))),
    );
    const user = userEvent.setup();
    render(<App api={api} />);
    const pin = await screen.findByLabelText('PIN');
    await waitFor(() => expect(document.activeElement).toBe(pin));

    // Enter, then F2 before the answer: F2 waits for the start screen, where it starts a sale.
    await user.keyboard('1234{Enter}{F2}');
    expect(api.callsOf('session.login')).toEqual([{ staffId: 'anna', pin: '1234' }]);
    expect(screen.queryByRole('heading', { name: 'Products' })).toBeNull();
    act(() => answer());
    expect(await screen.findByRole('heading', { name: 'Products' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Search products')));
  });

  it('follows sync.changed and switches the counter to Dutch', async () => {
    const { api } = counter();
    const user = userEvent.setup();
    render(<App api={api} />);
    await screen.findByLabelText('PIN');
    expect(await screen.findByText('Online')).toBeTruthy();

    act(() => api.emit('sync.changed', { ...sync, online: false, state: 'offline', pending: 5, rejected: 1 }));
    expect(await screen.findByText('Offline')).toBeTruthy();
    expect(screen.getByText('Rejected: 1')).toBeTruthy();
    // The central answers but refuses the token: never "Online", and what to do beside it.
    act(() => api.emit('sync.changed', { ...sync, online: true, state: 'tokenRefused', lastError: 'sync.tokenRefused' }));
    expect(await screen.findByText('Refused: token')).toBeTruthy();
    expect(screen.getByText('A manager enters a new token')).toBeTruthy();
    expect(screen.queryByText('Online')).toBeNull();

    await user.click(within(screen.getByRole('group', { name: 'Language' })).getByRole('button', { name: 'NL Nederlands' }));
    expect(api.callsOf('session.language')).toEqual([{ languageId: 1 }]);
    expect(await screen.findByRole('button', { name: 'Inloggen' })).toBeTruthy();
    expect(screen.getByText('Geweigerd: token')).toBeTruthy();
  });
});
