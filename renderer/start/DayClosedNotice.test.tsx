// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { StaffMember } from '../../shared/ipc';
import { syncStatus } from '../../shared/testing/builders';
import { fakeCounter } from '../testing/fakeCounter';
import { renderWith } from '../testing/render';
import { StartScreen } from './StartScreen';

afterEach(cleanup);

const anna: StaffMember = { staffId: 'anna', name: 'Anna de Vries', role: 'clerk' };

const counter = (closed: boolean) =>
  fakeCounter({
    'sync.status': () => syncStatus(),
    'orders.unfinished': () => [],
    'cash.today': () => ({ businessDate: '2026-11-27', closed }),
  });

describe('the clerk’s start screen after the day close', () => {
  it('says the day is closed and offers no new sale, before any sale is tried', async () => {
    const api = counter(true);
    renderWith(<StartScreen clerk={anna} showRejected={false} />, api);
    expect((await screen.findByText(/is closed/)).textContent).toBe(
      'The day 27 Nov 2026 is closed: no sale can be made until the next day.',
    );
    const newSale = screen.getByRole('button', { name: 'New sale' });
    expect(newSale).toHaveProperty('disabled', true);
    expect(newSale.getAttribute('aria-describedby')).toBe('day-closed-note');
    expect(api.callsOf('orders.create')).toEqual([]);
  });

  it('says nothing of the kind on an open day', async () => {
    const api = counter(false);
    renderWith(<StartScreen clerk={anna} showRejected={false} />, api);
    await screen.findByRole('button', { name: 'New sale' });
    await expect.poll(() => api.callsOf('cash.today').length).toBe(1);
    expect(screen.queryByText(/is closed/)).toBeNull();
    expect(screen.getByRole('button', { name: 'New sale' })).toHaveProperty('disabled', false);
  });
});
