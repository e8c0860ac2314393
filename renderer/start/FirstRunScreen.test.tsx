// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import demo from '../../assets/fixtures/demo.json';
import type { SessionStatus, StaffMember } from '../../shared/ipc';
import { refusal } from '../../shared/refusals';
import { App } from '../App';
import { settingsView, syncStatus } from '../../shared/testing/builders';
import { fakeCounter } from '../testing/fakeCounter';

afterEach(cleanup);

const petra: StaffMember = { staffId: 'p', name: 'Petra Bos', role: 'manager' };

function counter(firstRun: boolean, languageId = 2) {
  let status: SessionStatus = { firstRun, embeddedCentral: false, languageId, languages: demo.languages, timeZone: 'Europe/Amsterdam' };
  let current: StaffMember | null = null;
  return fakeCounter({
    'session.status': () => status,
    'session.current': () => current,
    'session.staff': () => (firstRun ? [] : [petra]),
    'session.setup': (input) => {
      current = { ...petra, name: input.name };
      status = { ...status, firstRun: false };
      return current;
    },
    'session.login': () => refusal('unauthenticated', 'session.wrongPin'),
    'sync.status': () => syncStatus({ embeddedCentral: false }),
    'settings.get': () => settingsView(),
    'catalog.get': () => ({ ...demo, products: [], refreshedAt: '2026-01-10T09:00:00Z', source: 'central' as const }),
  });
}

describe('the first run', () => {
  it('asks for the first manager, with a PIN of 6 to 8 digits typed twice, and logs them in', async () => {
    const user = userEvent.setup();
    const api = counter(true);
    render(<App api={api} />);
    expect(await screen.findByRole('heading', { name: 'Set up this counter' })).toBeTruthy();
    expect(screen.queryByLabelText('Staff member')).toBeNull();
    const submit = screen.getByRole('button', { name: 'Set up and log in' });
    await user.type(screen.getByLabelText('Manager’s name'), 'Petra Bos');
    await user.type(screen.getByLabelText('New PIN'), '2468');
    await user.type(screen.getByLabelText('New PIN again'), '2468');
    expect(submit.hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText('New PIN'), '10');
    expect(await screen.findByText('The two PINs are not the same.')).toBeTruthy();
    await user.type(screen.getByLabelText('New PIN again'), '10');
    await user.click(submit);
    expect(api.callsOf('session.setup')).toEqual([{ name: 'Petra Bos', pin: '246810' }]);
    expect(await screen.findByRole('button', { name: 'New sale' })).toBeTruthy();
  });
});

describe('a refusal on the Dutch screen', () => {
  it('is said in Dutch, from its code', async () => {
    const user = userEvent.setup();
    render(<App api={counter(false, 1)} />);
    await user.type(await screen.findByLabelText('Pincode'), '0000');
    await user.click(screen.getByRole('button', { name: 'Inloggen' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('De naam of pincode klopt niet.');
    expect(alert.textContent).not.toMatch(/name or PIN/);
  });
});
