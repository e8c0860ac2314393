// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StaffMember, StaffRecord } from '../../shared/ipc';
import { fakeCounter } from '../testing/fakeCounter';
import { renderWith } from '../testing/render';
import { checkCentralUrl, settingsChange } from './checks';
import { settingsView } from '../../shared/testing/builders';
import { StaffPanel } from './StaffPanel';

afterEach(cleanup);

const petra: StaffMember = { staffId: 'p', name: 'Petra', role: 'manager' };

function counter() {
  let staff: StaffRecord[] = [
    { ...petra, active: true },
    { staffId: 's', name: 'Sem', role: 'clerk', active: true },
  ];
  return fakeCounter({
    'staff.list': () => staff,
    'staff.add': (input) => {
      const added = { staffId: 'n', name: input.name, role: input.role, active: true };
      staff = [...staff, added];
      return added;
    },
    'staff.setActive': (input) => {
      staff = staff.map((s) => (s.staffId === input.staffId ? { ...s, active: input.active } : s));
      return staff.find((s) => s.staffId === input.staffId)!;
    },
    'staff.resetPin': (input) => staff.find((s) => s.staffId === input.staffId)!,
  });
}

describe('the staff panel', () => {
  it('adds a clerk with a PIN of at least 6 digits, disables one and sets a new PIN', async () => {
    const user = userEvent.setup();
    const api = counter();
    renderWith(<StaffPanel me={petra} />, api);
    const list = await screen.findByRole('list', { name: 'Staff of this counter' });
    expect(within(list).queryByRole('button', { name: 'Disable Petra' })).toBeNull();

    await user.click(await within(list).findByRole('button', { name: 'Disable Sem' }));
    expect(api.callsOf('staff.setActive')).toEqual([{ staffId: 's', active: false }]);
    expect(await within(list).findByRole('button', { name: 'Enable Sem' })).toBeTruthy();

    await user.type(screen.getByLabelText('New PIN for Sem'), '12ab34');
    const set = within(list).getAllByRole('button', { name: 'Set new PIN' })[1]!;
    expect(set.hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText('New PIN for Sem'), '56');
    await user.click(set);
    expect(api.callsOf('staff.resetPin')).toEqual([{ staffId: 's', pin: '123456' }]);
    expect(await screen.findByText('The new PIN of Sem is set.')).toBeTruthy();

    await user.type(screen.getByLabelText('Name'), 'Lotte');
    await user.type(screen.getByLabelText('PIN'), '1234');
    const add = screen.getAllByRole('button', { name: 'Add staff member' })[0]!;
    expect(add.hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText('PIN'), '99');
    await user.click(add);
    expect(api.callsOf('staff.add')).toEqual([{ name: 'Lotte', role: 'clerk', pin: '123499' }]);
    expect(await screen.findByText('Lotte was added.')).toBeTruthy();
  });
});

describe('the central’s address, as typed', () => {
  it('follows the main process’s rule: https://, http:// only for this computer', () => {
    expect(checkCentralUrl('http://central.example.org')).toBe('insecure');
    expect(checkCentralUrl('http://127.0.0.1:8080')).toBe('ok');
    expect(checkCentralUrl('https://central.example.org')).toBe('ok');
  });

  it('sends a changed retention, and nothing for one out of range', () => {
    const view = settingsView({ retentionDays: 30 });
    const draft = { centralText: '', bearerToken: '', touchpointId: view.touchpointId };
    expect(settingsChange(view, { ...draft, retentionDays: 14 })).toEqual({ retentionDays: 14 });
    expect(settingsChange(view, { ...draft, retentionDays: 0 })).toBeNull();
    expect(settingsChange(view, { ...draft, retentionDays: 30 })).toBeNull();
  });
});
