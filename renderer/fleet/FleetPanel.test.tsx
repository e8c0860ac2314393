// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { FleetStatus } from '../../shared/ipc';
import type { UpdateView } from '../../shared/ipc/fleet';
import { fakeCounter } from '../testing/fakeCounter';
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
