// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CardDetail } from '../../shared/ipc/cards';
import { customerToken, line, order, tokenRecord, settingsView } from '../../shared/testing/builders';
import { useSale } from '../sale/saleStore';
import { fail, fakeCounter, type FakeHandlers } from '../testing/fakeCounter';
import { renderWith } from '../testing/render';
import { CardServiceScreen } from './CardServiceScreen';
import { useCardService } from './cardStore';
import { OrderCardEvents } from './OrderCardEvents';
import { ScannerListener } from '../tokens/ScannerListener';

/** The card service screen (docs/counter.md §22) over a fake main process, in both languages. */

const jan = tokenRecord({ transitTokenId: 880001, alias: 'Pas Jan', passNumber: '3528 0100 0000 4411', lastDigits: 4411 });
const blockedJan = { ...jan, tokenStatus: { tokenStatusId: 5, name: 'Suspended' } };
const online: CardDetail = {
  card: jan,
  owner: { name: 'Jan de Vries', birthdate: '1961-03-14', photo: null },
  products: [
    {
      orderId: 'c1',
      orderNumber: 'K-1',
      orderLineId: 'l1',
      productId: 201,
      productName: 'Maandabonnement stad',
      validFrom: '2024-02-29T12:00:00.000Z',
      validUntil: '2024-03-30T12:00:00.000Z',
      amountInclTax: 9900,
      movedFrom: null,
      local: null,
    },
  ],
  events: [],
  waitingBlock: null,
  ePurse: { known: true, balance: { currency: 'EUR', amount: 1250 } },
};
/** What the detail says on the line after "E-purse balance". */
const balanceShown = (detail: HTMLElement, label: string) => within(detail).getByText(label).nextElementSibling?.textContent;

function counter(extra: FakeHandlers = {}) {
  return fakeCounter({
    'cards.find': () => ({ cards: [jan], source: 'central' }),
    'cards.detail': () => online,
    'catalog.get': () => ({ products: [], languages: [], touchpoints: [], paymentMethods: [], refreshedAt: '', source: 'central' }),
    'settings.get': () => settingsView(),
    'session.staff': () => [{ staffId: 'mark', name: 'Mark Jansen', role: 'manager', active: true }] as never,
    ...extra,
  });
}

beforeEach(() => {
  useSale.setState({ screen: 'cards' });
  useCardService.setState({ transitTokenId: null, replacing: null });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function findJan(lang: 'en' | 'nl', api = counter()) {
  renderWith(<CardServiceScreen />, api, lang);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(lang === 'en' ? 'Pass number' : 'Pasnummer'), '3528 0100 0000 4411');
  await user.click(screen.getByRole('button', { name: lang === 'en' ? 'Find card' : 'Pas zoeken' }));
  await user.click(await screen.findByRole('button', { name: /Pas Jan/ }));
  return { user, api };
}

describe('the card service', () => {
  it('finds a card by its pass number and shows its owner, status and running products (English)', async () => {
    const { api } = await findJan('en');
    expect(api.callsOf('cards.find')).toEqual([{ passNumber: '3528 0100 0000 4411' }]);
    const detail = await screen.findByRole('region', { name: 'Card Pas Jan' });
    expect(within(detail).getByText(/Jan de Vries/)).toBeTruthy();
    expect(within(detail).getByText(/Maandabonnement stad/)).toBeTruthy();
    expect(within(detail).getByRole('form', { name: 'Block card' })).toBeTruthy();
    expect(balanceShown(detail, 'E-purse balance')).toBe('€12.50');
  });

  it('says when the e-purse balance is not known, and when the card has none (Dutch)', async () => {
    let ePurse: CardDetail['ePurse'] = { known: false };
    const api = counter({ 'cards.detail': () => ({ ...online, ePurse }) });
    await findJan('nl', api);
    const detail = await screen.findByRole('region', { name: 'Pas Pas Jan' });
    expect(balanceShown(detail, 'Saldo e-purse')).toBe('Onbekend: de centrale geeft het alleen bij een open verkoop op de pas');
    cleanup();
    ePurse = { known: true, balance: null };
    await findJan('nl', api);
    const again = await screen.findByRole('region', { name: 'Pas Pas Jan' });
    expect(balanceShown(again, 'Saldo e-purse')).toBe('Geen e-purse op deze pas');
  });

  it('a block made offline says it has not reached the central yet (Dutch)', async () => {
    let blocked = false;
    const api = counter({
      'cards.detail': () => ({
        ...online,
        products: null,
        events: null,
        ePurse: { known: false },
        card: blocked ? blockedJan : jan,
        waitingBlock: blocked ? { requestId: 'r1', reason: 'STOLEN', at: '2024-05-01T08:00:00.000Z' } : null,
      }),
      'cards.block': () => {
        blocked = true;
        return { sent: false, block: { requestId: 'r1', reason: 'STOLEN', at: '2024-05-01T08:00:00.000Z' } };
      },
    });
    const { user } = await findJan('nl', api);
    const form = await screen.findByRole('form', { name: 'Pas blokkeren' });
    await user.selectOptions(within(form).getByLabelText('Reden'), 'STOLEN');
    await user.click(within(form).getByRole('button', { name: 'Pas blokkeren' }));
    expect(api.callsOf('cards.block')).toEqual([{ transitTokenId: 880001, reason: 'STOLEN' }]);
    expect(await screen.findByText(/nog niet naar de centrale verzonden/)).toBeTruthy();
    // Offline a replacement is not offered: nothing is sold.
    expect(screen.getByText(/een vervanging heeft die nodig/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Vervangingskosten verkopen/ })).toBeNull();
  });

  it('unblocking asks a manager’s PIN and shows a refusal in words (English)', async () => {
    const api = counter({
      'cards.detail': () => ({ ...online, card: blockedJan }),
      'cards.unblock': () => fail('unauthenticated', 'session.wrongPin'),
    });
    const { user } = await findJan('en', api);
    const form = await screen.findByRole('form', { name: 'Unblock found card' });
    await user.type(within(form).getByLabelText('Manager’s PIN'), '1111');
    await user.click(within(form).getByRole('button', { name: 'Unblock found card' }));
    await waitFor(() =>
      expect(api.callsOf('cards.unblock')).toEqual([{ transitTokenId: 880001, approval: { staffId: 'mark', pin: '1111' } }]),
    );
    expect(await within(form).findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('The name or PIN is not right.'));
  });
});

describe('the card’s events in an order’s detail', () => {
  it('lists each card’s events, oldest first, in words (Dutch)', async () => {
    const api = counter({
      'cards.detail': () => ({
        ...online,
        events: [
          { type: 'BLOCKED', at: '2024-05-01T08:00:00.000Z', touchpointId: 1, sub: 'counter', requestId: 'r1', reason: 'LOST' },
          { type: 'REPLACED', at: '2024-05-01T09:00:00.000Z', touchpointId: 1, sub: 'counter', requestId: 'r2', transitTokenId: 880010 },
        ],
      }),
    });
    const sold = order({ orderLines: [line({ customerTokens: [customerToken({ transitTokenId: 880001 })] })] });
    renderWith(<OrderCardEvents order={sold} />, api, 'nl');
    const events = await screen.findByRole('region', { name: 'Wat er met de pas gebeurde' });
    expect(
      within(events)
        .getAllByRole('listitem')
        .map((li) => li.textContent?.replace(/^.*?: /, '')),
    ).toEqual(['Geblokkeerd (Verloren)', 'Vervangen door pas 880010']);
  });
});

describe('a scan on the card service', () => {
  /** A keyboard-wedge scanner: keys 5 ms apart on the keys' own clock (jsdom stamps events with Date.now()). */
  function scanner() {
    vi.useFakeTimers({ toFake: ['Date'] });
    return userEvent.setup({ delay: 5, advanceTimers: vi.advanceTimersByTime });
  }

  it('into the search field finds the card by its pass number and stays on the card service (English)', async () => {
    const api = counter();
    renderWith(
      <>
        <ScannerListener />
        <CardServiceScreen />
      </>,
      api,
      'en',
    );
    const field = screen.getByLabelText<HTMLInputElement>('Pass number');
    const keys = scanner();
    await keys.click(field);
    await keys.keyboard('3528010000004411{Enter}');
    expect(await screen.findByRole('button', { name: /Pas Jan/ })).toBeTruthy();
    expect(api.callsOf('cards.find')).toEqual([{ passNumber: '3528010000004411' }]);
    expect(field.value).toBe('3528010000004411');
    expect(useSale.getState().screen).toBe('cards');
    expect(api.callsOf('orders.create')).toEqual([]);
  });

  it('into the new card’s field fills that field and searches nothing (Dutch)', async () => {
    const api = counter();
    useCardService.setState({ transitTokenId: 880001 });
    renderWith(
      <>
        <ScannerListener />
        <CardServiceScreen />
      </>,
      api,
      'nl',
    );
    const field = await screen.findByLabelText<HTMLInputElement>('Pasnummer van de nieuwe pas');
    const keys = scanner();
    await keys.click(field);
    await keys.keyboard('3528010000007777{Enter}');
    await waitFor(() => expect(field.value).toBe('3528010000007777'));
    expect(api.callsOf('cards.find')).toEqual([]);
    expect(screen.getByLabelText<HTMLInputElement>('Pasnummer').value).toBe('');
  });
});
