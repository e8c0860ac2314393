// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SettingsView } from '../../shared/ipc';
import { settingsView } from '../../shared/testing/builders';
import { fakeCounter } from '../testing/fakeCounter';
import { renderWith } from '../testing/render';
import { CashSettings } from './CashSettings';

afterEach(cleanup);

const counter = () => fakeCounter({ 'settings.set': (change) => settingsView(change as Partial<SettingsView>) });

describe('the cash settings on the settings screen', () => {
  it('turns rounding off and offers 1 cent coins in a count', async () => {
    const user = userEvent.setup();
    const api = counter();
    renderWith(<CashSettings view={settingsView()} />, api);
    const rounding = screen.getByLabelText('Round cash payments and refunds to the nearest €0.05');
    expect(rounding).toHaveProperty('checked', true);
    expect(screen.getByLabelText('€0.01 coins')).toHaveProperty('checked', false);
    await user.click(rounding);
    await user.click(screen.getByLabelText('€0.01 coins'));
    await user.click(screen.getByLabelText('€500.00 notes'));
    await user.click(screen.getByRole('button', { name: 'Save cash settings' }));
    expect(api.callsOf('settings.set')).toEqual([
      { cashRounding: false, denominations: [20000, 10000, 5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5, 1] },
    ]);
    expect((await screen.findByRole('status')).textContent).toBe('The cash settings are saved.');
  });

  it('shows what the machine’s configuration fixes read-only, and sends only the rest', async () => {
    const user = userEvent.setup();
    const api = counter();
    renderWith(<CashSettings view={settingsView({ cashRounding: false, fixed: { cashRounding: 'environment' } })} />, api);
    expect(screen.getByLabelText('Round cash payments and refunds to the nearest €0.05')).toHaveProperty('disabled', true);
    expect(screen.getByText('Set by this computer’s environment: it cannot be changed here.')).toBeTruthy();
    await user.click(screen.getByLabelText('€0.05 coins'));
    await user.click(screen.getByRole('button', { name: 'Save cash settings' }));
    expect(api.callsOf('settings.set')).toEqual([{ denominations: [50000, 20000, 10000, 5000, 2000, 1000, 500, 200, 100, 50, 20, 10] }]);
  });

  it('speaks Dutch, and a fixed list of notes and coins cannot be changed', () => {
    renderWith(<CashSettings view={settingsView({ fixed: { denominations: 'file' } })} />, counter(), 'nl');
    expect(screen.getByLabelText('Biljetten van € 50,00')).toHaveProperty('disabled', true);
    expect(screen.getByText('Ingesteld door het configuratiebestand van deze computer: hier niet te wijzigen.')).toBeTruthy();
  });
});
