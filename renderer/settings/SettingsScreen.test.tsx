// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { channels, type CatalogView, type SettingsView, type StaffMember } from '../../shared/ipc';
import { useSale } from '../sale/saleStore';
import { StartScreen } from '../start/StartScreen';
import { settingsView, syncStatus } from '../../shared/testing/builders';
import { fail, fakeCounter, type FakeHandlers } from '../testing/fakeCounter';
import { renderWith } from '../testing/render';
import { useCentralAtStart } from './centralAtStart';
import { checkBearerToken, checkCentralUrl, settingsChange } from './checks';
import { SettingsScreen } from './SettingsScreen';
import { areas } from '../areas';

const manager: StaffMember = { staffId: 'anna', name: 'Anna', role: 'manager' };
const clerk: StaffMember = { staffId: 'bram', name: 'Bram', role: 'clerk' };

const catalog: CatalogView = {
  products: [],
  languages: [
    { languageId: 1, name: 'Nederlands', iso639Code: 'nl', ietfCode: 'nl-NL' },
    { languageId: 2, name: 'English', iso639Code: 'en', ietfCode: 'en-GB' },
  ],
  touchpoints: [
    { salesTouchpointId: 10, name: 'Balie Centraal Station', isActive: true, retailerId: 1 },
    { salesTouchpointId: 11, name: 'Balie Zuid', isActive: true, retailerId: 1 },
    { salesTouchpointId: 99, name: 'Balie Oost (gesloten)', isActive: false, retailerId: 1 },
  ],
  paymentMethods: [],
  refreshedAt: '2026-01-10T09:00:00Z',
  source: 'bundled demo',
};

const TOKEN = 'sEcReT-bearer-7f3a9c';

function counter(view: SettingsView = settingsView(), extra: FakeHandlers = {}) {
  let current = view;
  return fakeCounter({
    'staff.list': () => [],
    'settings.history': () => [],
    'devices.states': () => ({ terminal: 'none', printer: 'ready' }),
    'terminal.setup': () => ({ kind: 'none' }),
    'settings.get': () => current,
    'settings.set': (input) => {
      current = {
        ...current,
        ...(input.centralUrl !== undefined ? { centralUrl: input.centralUrl } : {}),
        ...(input.touchpointId !== undefined ? { touchpointId: input.touchpointId } : {}),
        ...(input.bearerToken !== undefined ? { hasBearerToken: true, tokenStorage: 'memory-only' as const } : {}),
      };
      return current;
    },
    'catalog.get': () => catalog,
    'sync.status': () => syncStatus(),
    'orders.search': () => [],
    ...extra,
  });
}

const centralField = () => screen.getByRole('textbox', { name: 'Central address' }) as HTMLInputElement;
const tokenField = () => screen.getByLabelText('Bearer token') as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: 'Save settings' });

beforeEach(() => {
  useSale.setState({ screen: 'start', orderId: null, token: null, scan: null, editing: null });
  useCentralAtStart.setState({ url: undefined });
});
afterEach(cleanup);

describe('the way in', () => {
  it('shows the Settings button on the start screen to managers only', async () => {
    const user = userEvent.setup();
    renderWith(<StartScreen clerk={clerk} showRejected={false} />, counter());
    expect(screen.getByRole('button', { name: 'New sale' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Settings' })).toBeNull();
    cleanup();

    // The manager's ways in come with the manager's code (renderer/areas.ts): loaded before the render, as the manager's tests do.
    await areas.manager.load();
    renderWith(<StartScreen clerk={manager} showRejected={false} />, counter());
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    // The screen is gone to once its code is in.
    await waitFor(() => expect(useSale.getState().screen).toBe('settings'));
  });

  it('keeps a clerk out of the screen itself', () => {
    const api = counter();
    renderWith(<SettingsScreen clerk={clerk} />, api);
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeTruthy();
    expect(screen.getByText(/Only a manager/)).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Central address' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save settings' })).toBeNull();
    expect(api.callsOf('settings.get')).toEqual([]);
  });

  it('goes back to the start', async () => {
    const user = userEvent.setup();
    useSale.setState({ screen: 'settings' });
    renderWith(<SettingsScreen clerk={manager} />, counter());
    await user.click(screen.getByRole('button', { name: 'Back to start' }));
    expect(useSale.getState().screen).toBe('start');
  });
});

describe('what the screen shows', () => {
  it('shows the embedded demo central, the device id, the language and the active touchpoints', async () => {
    renderWith(<SettingsScreen clerk={manager} />, counter());
    const facts = await screen.findByRole('region', { name: 'This counter' });
    expect(facts.textContent).toContain('the embedded demo central on this computer');
    expect(facts.textContent).toContain('5eed0000-0000-0000-0000-000000000001');
    expect(facts.textContent).toContain('English');
    expect(facts.textContent).toContain('Not needed: the embedded demo central has its own.');
    expect(screen.getByText('A change of central applies at the next start of the app.')).toBeTruthy();

    const touchpoint = screen.getByRole('combobox', { name: 'Touchpoint' }) as HTMLSelectElement;
    expect(touchpoint.value).toBe('10');
    expect(
      within(touchpoint)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Balie Centraal Station', 'Balie Zuid']);
    expect(centralField().value).toBe('');
    expect(tokenField().type).toBe('password');
    expect(tokenField().value).toBe('');
  });

  it('says where the token is kept, and warns when only in memory', async () => {
    renderWith(
      <SettingsScreen clerk={manager} />,
      counter(settingsView({ centralUrl: 'https://central.example.org', embeddedCentral: false, tokenStorage: 'safeStorage' })),
    );
    expect(await screen.findByText(/kept encrypted in the operating system's keychain/)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'This counter' }).textContent).toContain('https://central.example.org');
    cleanup();

    renderWith(
      <SettingsScreen clerk={manager} />,
      counter(settingsView({ centralUrl: 'https://central.example.org', embeddedCentral: false, tokenStorage: 'memory-only' })),
    );
    const warning = await screen.findByText(/kept in memory only/);
    expect(warning.className).toContain('note-warn');
    cleanup();

    // The browser shell seals it with a key in its data folder: said, without a warning.
    renderWith(
      <SettingsScreen clerk={manager} />,
      counter(settingsView({ centralUrl: 'https://central.example.org', embeddedCentral: false, tokenStorage: 'dataFolder' })),
    );
    const sealed = await screen.findByText("A bearer token is set. It is kept encrypted in this counter's data folder.");
    expect(sealed.className).not.toContain('note-warn');
    cleanup();

    renderWith(
      <SettingsScreen clerk={manager} />,
      counter(settingsView({ centralUrl: 'https://central.example.org', embeddedCentral: false, hasBearerToken: false })),
    );
    expect(await screen.findByText('No bearer token is set.')).toBeTruthy();
  });

  it('names the id the central lists an enrolled counter by apart from its installation id, in both languages', async () => {
    const view = settingsView({
      centralDeviceId: 'a3434219-0000-4000-8000-00000000000b',
      deviceId: '6b53b684-0000-4000-8000-000000000001',
    });
    renderWith(<SettingsScreen clerk={manager} />, counter(view));
    const facts = await screen.findByRole('region', { name: 'This counter' });
    const fact = (term: string) => within(facts).getByText(term).nextElementSibling?.textContent;
    expect(fact('Device id at the central')).toBe('a3434219-0000-4000-8000-00000000000b');
    expect(fact('Installation id (on its orders)')).toBe('6b53b684-0000-4000-8000-000000000001');
    cleanup();

    renderWith(<SettingsScreen clerk={manager} />, counter(view), 'nl');
    const feiten = await screen.findByRole('region', { name: 'Deze balie' });
    expect(within(feiten).getByText('Apparaat-id bij de centrale').nextElementSibling?.textContent).toBe(
      'a3434219-0000-4000-8000-00000000000b',
    );
    expect(within(feiten).getByText('Installatie-id (op de orders)').nextElementSibling?.textContent).toBe(
      '6b53b684-0000-4000-8000-000000000001',
    );
    cleanup();

    // Not enrolled: there is no central id to name.
    renderWith(<SettingsScreen clerk={manager} />, counter());
    const plain = await screen.findByRole('region', { name: 'This counter' });
    expect(within(plain).queryByText('Device id at the central')).toBeNull();
  });

  it('keeps showing a current touchpoint that is no longer active', async () => {
    renderWith(<SettingsScreen clerk={manager} />, counter(settingsView({ touchpointId: 99 })));
    const touchpoint = (await screen.findByRole('combobox', { name: 'Touchpoint' })) as HTMLSelectElement;
    expect(touchpoint.value).toBe('99');
    expect(touchpoint.selectedOptions[0]?.textContent).toBe('Balie Oost (gesloten) (inactive)');
  });

  it('speaks Dutch', async () => {
    renderWith(<SettingsScreen clerk={manager} />, counter(), 'nl');
    expect(await screen.findByRole('textbox', { name: 'Adres van de centrale' })).toBeTruthy();
    expect(screen.getByLabelText('Bearer-token')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Verkooppunt' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Instellingen opslaan' })).toBeTruthy();
    expect(screen.getByText('Een andere centrale gaat in bij de volgende start van de app.')).toBeTruthy();
  });
});

describe('checks as typed', () => {
  it('checks the central address while it is typed', async () => {
    const user = userEvent.setup();
    renderWith(<SettingsScreen clerk={manager} />, counter());
    await screen.findByRole('textbox', { name: 'Central address' });
    expect(screen.getByText('Empty: the embedded demo central.')).toBeTruthy();

    await user.type(centralField(), 'http');
    expect(screen.getByText('Not complete yet: type the address after https://.')).toBeTruthy();
    expect(centralField().getAttribute('aria-invalid')).toBeNull();
    expect(saveButton().hasAttribute('disabled')).toBe(true);

    await user.clear(centralField());
    await user.type(centralField(), 'ftp://central.example.org');
    const problem = screen.getByText('The address must start with https:// or http://.');
    expect(problem.className).toBe('field-error');
    expect(centralField().getAttribute('aria-invalid')).toBe('true');
    expect(centralField().getAttribute('aria-describedby')).toContain(problem.id);
    expect(saveButton().hasAttribute('disabled')).toBe(true);

    await user.clear(centralField());
    await user.type(centralField(), 'https://central.example.org');
    expect(screen.getByText('The address is valid.')).toBeTruthy();
    expect(centralField().getAttribute('aria-invalid')).toBeNull();
    expect(saveButton().hasAttribute('disabled')).toBe(false);

    await user.type(centralField(), ' /x y');
    expect(screen.getByText('This is not a valid web address.')).toBeTruthy();
  });

  it('checks the length of a bearer token', async () => {
    const user = userEvent.setup();
    renderWith(<SettingsScreen clerk={manager} />, counter());
    await user.type(await screen.findByLabelText('Bearer token'), 'short');
    expect(screen.getByText('A bearer token has at least 10 characters (5 typed).')).toBeTruthy();
    expect(tokenField().getAttribute('aria-invalid')).toBe('true');
    expect(saveButton().hasAttribute('disabled')).toBe(true);
    await user.type(tokenField(), '-enough');
    expect(screen.getByText('The token will be saved with the settings.')).toBeTruthy();
    expect(saveButton().hasAttribute('disabled')).toBe(false);
  });

  it('accepts exactly the central addresses that settings.set accepts', () => {
    const addresses = [
      'https://central.example.org:8443/api',
      'HTTPS://CENTRAL.EXAMPLE.ORG',
      'http://localhost:3000',
      'http://127.0.0.1:41234',
      'http://[::1]:8080',
      'http://central.example.org',
      'https://user:pw@central.example.org',
      'https://user@central.example.org',
      'ftp://central.example.org',
      'central.example.org',
    ];
    for (const address of addresses) {
      const mainAccepts = channels['settings.set'].input.safeParse({ centralUrl: address }).success;
      expect(checkCentralUrl(address) === 'ok', address).toBe(mainAccepts);
    }
  });

  it('names what is wrong with an address or token as typed, and sends only what changed', () => {
    expect(checkCentralUrl('  https://central.example.org:8443/api  ')).toBe('ok');
    expect(checkCentralUrl('http://localhost:3000')).toBe('ok');
    expect(checkCentralUrl('HTTPS://CENTRAL.EXAMPLE.ORG')).toBe('ok');
    expect(checkCentralUrl('https:/')).toBe('incomplete');
    expect(checkCentralUrl('https://')).toBe('incomplete');
    expect(checkCentralUrl('central.example.org')).toBe('scheme');
    expect(checkCentralUrl('https:central.example.org')).toBe('scheme');
    expect(checkCentralUrl('https://exa mple.org')).toBe('invalid');
    expect(checkCentralUrl('https://user:pw@central.example.org')).toBe('credentials');
    expect(checkBearerToken('')).toBe('empty');
    expect(checkBearerToken('123456789')).toBe('short');
    expect(checkBearerToken('x'.repeat(4001))).toBe('long');
    const view = settingsView({ centralUrl: 'https://a.example', embeddedCentral: false });
    expect(settingsChange(view, { centralText: 'https://a.example', bearerToken: '', touchpointId: 10 })).toBeNull();
    expect(settingsChange(view, { centralText: '', bearerToken: '', touchpointId: 10 })).toEqual({ centralUrl: null });
    expect(settingsChange(view, { centralText: 'https://a.example', bearerToken: '  0123456789 ', touchpointId: 11 })).toEqual({
      bearerToken: '0123456789',
      touchpointId: 11,
    });
  });
});

describe('saving', () => {
  it('sends only what changed, and never shows the token back', async () => {
    const user = userEvent.setup();
    const api = counter();
    renderWith(<SettingsScreen clerk={manager} />, api);
    await user.type(await screen.findByRole('textbox', { name: 'Central address' }), 'https://central.example.org');
    await user.type(tokenField(), TOKEN);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Touchpoint' }), 'Balie Zuid');
    await user.click(saveButton());

    expect(api.callsOf('settings.set')).toEqual([{ centralUrl: 'https://central.example.org', bearerToken: TOKEN, touchpointId: 11 }]);
    const status = await screen.findByText('Settings saved.');
    expect(status.closest('[role="status"]')?.textContent).toContain('The new central is used from the next start of the app');
    expect(screen.getByText('The bearer token is kept in memory only: it is lost when the app closes.')).toBeTruthy();
    // Still synced with the embedded demo central until the app starts again.
    const facts = screen.getByRole('region', { name: 'This counter' });
    expect(facts.textContent).toContain('the embedded demo central on this computer');
    expect(facts.textContent).toContain('From the next start of the app: https://central.example.org.');

    expect(tokenField().value).toBe('');
    expect(document.body.textContent).not.toContain(TOKEN);
    for (const input of document.querySelectorAll('input')) expect(input.value).not.toContain(TOKEN);
    expect(centralField().value).toBe('https://central.example.org');
    expect(saveButton().hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Nothing has been changed yet.')).toBeTruthy();
  });

  it('sends only the token when only the token changes', async () => {
    const user = userEvent.setup();
    const api = counter(settingsView({ centralUrl: 'https://central.example.org', embeddedCentral: false, hasBearerToken: false }));
    renderWith(<SettingsScreen clerk={manager} />, api);
    await user.type(await screen.findByLabelText('Bearer token'), TOKEN);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(api.callsOf('settings.set')).toEqual([{ bearerToken: TOKEN }]));
    expect(await screen.findByText('Settings saved.')).toBeTruthy();
    expect(screen.queryByText(/The new central is used/)).toBeNull();
  });

  it('goes back to the embedded demo central when the address is emptied', async () => {
    const user = userEvent.setup();
    const api = counter(settingsView({ centralUrl: 'https://central.example.org', embeddedCentral: false, tokenStorage: 'safeStorage' }));
    renderWith(<SettingsScreen clerk={manager} />, api);
    await user.clear(await screen.findByRole('textbox', { name: 'Central address' }));
    await user.click(saveButton());
    expect(api.callsOf('settings.set')).toEqual([{ centralUrl: null }]);
    const facts = screen.getByRole('region', { name: 'This counter' });
    await waitFor(() => expect(facts.textContent).toContain('From the next start of the app: the embedded demo central on this computer.'));
    expect(facts.textContent).toContain('https://central.example.org');
  });

  it('shows a refusal with its message and its errors', async () => {
    const user = userEvent.setup();
    const api = counter(settingsView(), {
      'settings.set': () =>
        fail('forbidden', 'session.managerOnly', {}, [
          { detail: 'not allowed for this session', pointer: '/centralUrl' },
          { detail: 'something else', pointer: '/other' },
        ]),
    });
    renderWith(<SettingsScreen clerk={manager} />, api);
    await user.type(await screen.findByRole('textbox', { name: 'Central address' }), 'https://central.example.org');
    await user.type(tokenField(), TOKEN);
    await user.click(saveButton());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Not allowed:');
    expect(alert.textContent).toContain('Only a manager may do this.');
    expect(within(alert).getByText('Central address: not allowed for this session')).toBeTruthy();
    expect(within(alert).getByText('something else')).toBeTruthy();
    expect(centralField().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Settings saved.')).toBeNull();
    expect(document.body.textContent).not.toContain(TOKEN);
  });
});
