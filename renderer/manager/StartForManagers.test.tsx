import { areas } from '../areas';
// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffMember } from '../../shared/ipc';
import type { StaleConcept } from '../../shared/manager/types';
import { useSale } from '../sale/saleStore';
import { StartScreen } from '../start/StartScreen';
import { syncStatus } from '../../shared/testing/builders';
import { fakeCounter } from '../testing/fakeCounter';
import { renderWith } from '../testing/render';
import { useManagerNav } from './navigation';

const mark: StaffMember = { staffId: 'mark', name: 'Mark Jansen', role: 'manager' };
const anna: StaffMember = { staffId: 'anna', name: 'Anna de Vries', role: 'clerk' };
const stale: StaleConcept = {
  orderId: '00000000-0000-4000-8000-000000000777',
  orderNumber: 'KAB12-000777',
  createdOn: '2026-11-20T15:00:00.000Z',
  statusId: 1,
  totalAmount: 340,
  clerk: { staffId: 'anna', name: 'Anna de Vries' },
};

// A manager's start screen draws parts of the manager's code (renderer/areas.ts): loaded first, so
// that nothing suspends inside user-event's act, which jsdom never flushes.
beforeAll(() => areas.manager.load());

beforeEach(() => {
  useSale.setState({ screen: 'start' });
  useManagerNav.setState({ part: 'orders', orderId: null });
});
afterEach(cleanup);

function counter() {
  let open = [stale];
  return fakeCounter({
    'sync.status': () => syncStatus(),
    'manager.staleConcepts': () => open,
    'orders.unfinished': () => [],
    'manager.cancelStale': ({ orderIds }) => {
      open = open.filter((o) => !orderIds.includes(o.orderId));
      return { cancelled: orderIds, refused: [] };
    },
  });
}

describe('the start screen', () => {
  it('offers a manager the manager’s day and the open orders of earlier days for cancelling', async () => {
    const user = userEvent.setup();
    const api = counter();
    renderWith(<StartScreen clerk={mark} showRejected={false} />, api);
    const offer = await screen.findByRole('region', { name: 'Open orders of earlier days: 1' });
    expect(offer.textContent).toContain('KAB12-000777');
    await user.click(within(offer).getByRole('button', { name: 'Cancel order KAB12-000777' }));
    expect(api.callsOf('manager.cancelStale')).toEqual([{ orderIds: [stale.orderId] }]);
    await screen.findByRole('button', { name: 'Manager’s day' });
    expect(screen.queryByRole('region', { name: /Open orders of earlier days/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Manager’s day' }));
    // The screen is gone to once its code is in.
    await waitFor(() => expect(useSale.getState().screen).toBe('manager'), { timeout: 8000 });
  });

  it('shows a clerk none of it, and asks the main process for none of it', async () => {
    const api = counter();
    renderWith(<StartScreen clerk={anna} showRejected={false} />, api);
    expect(await screen.findByRole('button', { name: 'New sale' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Manager’s day' })).toBeNull();
    expect(api.calls.filter((c) => c.channel.startsWith('manager.') || c.channel.startsWith('day.'))).toEqual([]);
  });
});
