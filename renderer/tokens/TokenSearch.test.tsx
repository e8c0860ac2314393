// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { IpcInput, LookupAnswer } from '../../shared/ipc';
import type { TransitTokenRecord } from '../../shared/schemas/reference';
import { useSale } from '../sale/saleStore';
import { tokenRecord } from '../../shared/testing/builders';
import { fakeCounter, fail, type FakeCounter } from '../testing/fakeCounter';
import { renderWith } from '../testing/render';
import { ScannerListener } from './ScannerListener';
import { TokenSearch } from './TokenSearch';

const active = tokenRecord({ transitTokenId: 880001, alias: 'Pas Jan' });
const expired = tokenRecord({
  transitTokenId: 880006,
  alias: 'Creditcard Sem',
  tokenType: { tokenTypeId: 1, name: 'EMV' },
  passNumber: null,
  tokenStatus: { tokenStatusId: 1, name: 'expired' },
  expirationDate: '2025-08-31T23:59:59Z',
});
const suspended = tokenRecord({
  transitTokenId: 880005,
  alias: 'Pas Sem',
  customerProfileId: 50003,
  tokenStatus: { tokenStatusId: 5, name: 'suspended' },
});
const replaced = tokenRecord({
  transitTokenId: 880004,
  alias: 'Oude pas Ria',
  customerProfileId: 50002,
  tokenStatus: { tokenStatusId: 3, name: 'replaced' },
  replacedByTokenId: 880003,
});
const replacement = tokenRecord({
  transitTokenId: 880003,
  alias: 'Digitale pas Ria',
  customerProfileId: 50002,
  tokenType: { tokenTypeId: 3, name: 'pass digital' },
});

type TokenQuery = IpcInput<'lookup.tokens'>;
type Answer = LookupAnswer<TransitTokenRecord>;

function counterWith(answer: (q: TokenQuery) => Answer): FakeCounter {
  return fakeCounter({ 'lookup.tokens': answer });
}

const central = (records: TransitTokenRecord[]): Answer => ({ records, source: 'central', stale: false, ageSeconds: null });

beforeEach(() => {
  useSale.setState({ screen: 'sale', scan: null, orderId: null, token: null, tokenTargetLineId: null });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('TokenSearch', () => {
  it('shows matches with type, status marks, alias, expiry and owner', async () => {
    const api = counterWith(() => central([active, expired, suspended]));
    const onUse = vi.fn();
    renderWith(<TokenSearch onUse={onUse} />, api);
    await userEvent.type(screen.getByLabelText('Search token'), '4411');
    await userEvent.click(screen.getByRole('button', { name: 'Find token' }));

    const list = await screen.findByRole('list', { name: 'Matching tokens' });
    expect(api.callsOf('lookup.tokens')).toEqual([{ lastDigits: '4411' }]);
    const jan = within(list).getByRole('article', { name: 'Pas Jan' });
    expect(jan.textContent).toContain('Active');
    expect(jan.textContent).toContain('physical pass');
    expect(jan.textContent).toContain('customer 50001');
    expect(jan.textContent).toMatch(/2099/);

    const sem = within(list).getByRole('article', { name: 'Creditcard Sem' });
    expect(sem.textContent).toContain('Expired');
    expect(sem.textContent).toContain('bank card (EMV)');
    expect(within(sem).getByRole('button', { name: 'Use token Creditcard Sem' }).hasAttribute('disabled')).toBe(true);

    const pas = within(list).getByRole('article', { name: 'Pas Sem' });
    expect(pas.textContent).toContain('Suspended');
    expect(within(pas).getByRole('button', { name: 'Use token Pas Sem' }).hasAttribute('disabled')).toBe(true);

    await userEvent.click(within(jan).getByRole('button', { name: 'Use token Pas Jan' }));
    expect(onUse).toHaveBeenCalledWith(active);
  });

  it('offers the replacement of a replaced token', async () => {
    const api = counterWith((q) => (q.transitTokenId === '880003' ? central([replacement]) : central([replaced])));
    const onUse = vi.fn();
    renderWith(<TokenSearch onUse={onUse} />, api);
    await userEvent.type(screen.getByLabelText('Search token'), '3528 0100 0000 7310{Enter}');

    const old = await screen.findByRole('article', { name: 'Oude pas Ria' });
    expect(old.textContent).toContain('Replaced');
    expect(old.textContent).toContain('Replaced by token 880003');
    expect(within(old).getByRole('button', { name: 'Use token Oude pas Ria' }).hasAttribute('disabled')).toBe(true);
    await userEvent.click(within(old).getByRole('button', { name: 'Show replacement' }));

    const next = await screen.findByRole('article', { name: 'Digitale pas Ria' });
    expect(api.callsOf('lookup.tokens')).toContainEqual({ transitTokenId: '880003' });
    expect(next.textContent).toContain('digital pass');
    await userEvent.click(within(next).getByRole('button', { name: 'Use token Digitale pas Ria' }));
    expect(onUse).toHaveBeenCalledWith(replacement);
  });

  it('says when the answer came from the stale cache, and how old it is', async () => {
    const api = counterWith(() => ({ records: [active], source: 'cache', stale: true, ageSeconds: 600 }));
    renderWith(<TokenSearch onUse={() => {}} />, api);
    await userEvent.type(screen.getByLabelText('Search token'), '5eed0000-0000-0000-0000-0000000003e9{Enter}');
    expect(await screen.findByText('Stale cache')).toBeTruthy();
    expect(screen.getByText(/10 minutes old/)).toBeTruthy();
    expect(api.callsOf('lookup.tokens')).toEqual([{ xTat: '5eed0000-0000-0000-0000-0000000003e9' }]);
  });

  it('shows a refusal of the lookup as an error, not a crash', async () => {
    const api = fakeCounter({ 'lookup.tokens': () => fail('internal', 'request.internal') });
    renderWith(<TokenSearch onUse={() => {}} />, api);
    await userEvent.type(screen.getByLabelText('Search token'), '4411{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong; nothing was changed.');
  });

  it('routes a scanner burst typed into another field to the token search, leaving that field clean', async () => {
    const api = counterWith((q) => (q.passNumber === '3528 0100 0000 4411' ? central([active]) : central([])));
    renderWith(
      <>
        <ScannerListener />
        <label htmlFor="other">Other field</label>
        <input id="other" defaultValue="" />
        <TokenSearch onUse={() => {}} />
      </>,
      api,
    );
    const other = screen.getByLabelText<HTMLInputElement>('Other field');
    // Keys 5 ms apart on the keys' own clock (jsdom stamps events with Date.now()), however long
    // this machine takes to deliver them.
    vi.useFakeTimers({ toFake: ['Date'] });
    const scanner = userEvent.setup({ delay: 5, advanceTimers: vi.advanceTimersByTime });
    await scanner.click(other);
    await scanner.keyboard('3528010000004411{Enter}');

    expect(await screen.findByRole('article', { name: 'Pas Jan' })).toBeTruthy();
    expect(other.value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('Search token').value).toBe('3528010000004411');
    expect(api.callsOf('lookup.tokens')).toEqual([{ passNumber: '3528010000004411' }, { passNumber: '3528 0100 0000 4411' }]);
  });

  it('leaves a person typing at a human pace alone', async () => {
    const api = counterWith(() => central([]));
    renderWith(
      <>
        <ScannerListener />
        <label htmlFor="other">Other field</label>
        <input id="other" defaultValue="" />
      </>,
      api,
    );
    const other = screen.getByLabelText<HTMLInputElement>('Other field');
    await userEvent.click(other);
    // 80 ms between keys on the keys' own clock: a person, whatever the machine's load.
    vi.useFakeTimers({ toFake: ['Date'] });
    const user = userEvent.setup({ delay: 80, advanceTimers: vi.advanceTimersByTime });
    await user.keyboard('123456{Enter}');
    await waitFor(() => expect(other.value).toBe('123456'));
    expect(api.callsOf('lookup.tokens')).toEqual([]);
  });
});
