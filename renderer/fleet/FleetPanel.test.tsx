// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { FleetStatus } from '../../shared/ipc';
import type { UpdateView } from '../../shared/ipc/fleet';
import { fail, fakeCounter } from '../testing/fakeCounter';
import { renderWith } from '../testing/render';
import { FleetPanel } from './FleetPanel';

afterEach(cleanup);

const status = (update: Partial<UpdateView>): FleetStatus => ({
  appVersion: '1.4.0',
  database: { ok: true, problems: 0, checkedAt: '2026-03-02T10:00:00.000Z' },
  clockOffsetMs: null,
  enrolment: { state: 'none', deviceId: null, touchpointId: null },
  update: { current: '1.4.0', available: true, pending: null, waitingFor: [], ...update },
});

async function shown(update: Partial<UpdateView>, lang: 'en' | 'nl' = 'en') {
  renderWith(<FleetPanel />, fakeCounter({ 'fleet.status': () => status(update) }), lang);
  const list = (await screen.findByText(lang === 'en' ? 'Version' : 'Versie')).closest('dl')!;
  return (term: string) => within(list).getByText(term).nextElementSibling?.textContent;
}

describe('FleetPanel', () => {
  it('shows the version and that no update waits', async () => {
    const value = await shown({});
    expect(value('Version')).toBe('1.4.0');
    expect(value('Update')).toBe('None waiting');
  });

  it('shows a pending update and what holds it, in words', async () => {
    const value = await shown({ pending: { version: '1.5.0', phase: 'ready' }, waitingFor: ['saleOpen', 'unknownPayment'] });
    expect(value('Update')).toBe(
      'Version 1.5.0 is ready and installs as soon as nothing holds it. It waits for: a sale that is open, a payment whose outcome the terminal has not told. Otherwise it installs when Counter is closed, and runs at the next start.',
    );
  });

  it('says when the counter has no updates at all, in Dutch too', async () => {
    const value = await shown({ available: false }, 'nl');
    expect(value('Update')).toBe('Deze balie werkt zichzelf niet bij (geen updatebron ingesteld)');
  });
});

describe('the enrolment', () => {
  const enrolled = (touchpointId: number): FleetStatus => ({
    ...status({}),
    enrolment: { state: 'enrolled', deviceId: 'a3434219-0000-4000-8000-000000000001', touchpointId },
  });
  const catalog = () => ({
    products: [],
    languages: [],
    touchpoints: [{ salesTouchpointId: 11, name: 'Balie Zuid', isActive: true, retailerId: 1 }],
    paymentMethods: [],
    refreshedAt: '',
    source: 'central' as const,
  });

  it('names the store it is enrolled for, and offers enrolling again only when asked, in both languages', async () => {
    for (const [lang, words] of [
      ['en', { enrolled: 'Enrolled for Balie Zuid', again: 'Enrol again…', form: 'Enrol with a central' }],
      ['nl', { enrolled: 'Aangemeld voor Balie Zuid', again: 'Opnieuw aanmelden…', form: 'Aanmelden bij een centrale' }],
    ] as const) {
      renderWith(<FleetPanel />, fakeCounter({ 'fleet.status': () => enrolled(11), 'catalog.get': catalog }), lang);
      expect(await screen.findByText(words.enrolled)).toBeTruthy();
      expect(screen.queryByRole('heading', { name: words.form })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: words.again }));
      expect(await screen.findByRole('heading', { name: words.form })).toBeTruthy();
      cleanup();
    }
  });

  it('says the number of a touchpoint the reference data does not list', async () => {
    renderWith(<FleetPanel />, fakeCounter({ 'fleet.status': () => enrolled(99), 'catalog.get': catalog }));
    expect(await screen.findByText('Enrolled for touchpoint 99')).toBeTruthy();
  });

  it('shows the form at once where the counter is not enrolled', async () => {
    renderWith(<FleetPanel />, fakeCounter({ 'fleet.status': () => status({}), 'catalog.get': catalog }));
    expect(await screen.findByRole('heading', { name: 'Enrol with a central' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Enrol again…' })).toBeNull();
  });
});

describe('uploading the support bundle', () => {
  it('sends it to the central and says so, in words', async () => {
    const api = fakeCounter({
      'fleet.status': () => status({}),
      'fleet.uploadSupportBundle': () => ({ receivedAt: '2026-03-02T10:00:00.000Z', bytes: 48_640 }),
    });
    renderWith(<FleetPanel />, api);
    fireEvent.click(await screen.findByRole('button', { name: 'Upload to the central' }));
    expect(await screen.findByText('Uploaded to the central (48 KB): the operator finds it there under this counter.')).toBeTruthy();
    expect(api.callsOf('fleet.uploadSupportBundle')).toEqual([{}]);
    expect(api.callsOf('fleet.supportBundle')).toEqual([]);
  });

  it('says in Dutch why nothing was sent while the central does not answer', async () => {
    renderWith(
      <FleetPanel />,
      fakeCounter({ 'fleet.status': () => status({}), 'fleet.uploadSupportBundle': () => fail('conflict', 'fleet.offline') }),
      'nl',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Naar de centrale sturen' }));
    expect(
      await screen.findByText(
        'De centrale antwoordt nu niet, dus er is niets verstuurd: probeer het later opnieuw, of maak de supportbundel als bestand.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
