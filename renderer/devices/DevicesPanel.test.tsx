// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { IpcOutputs, SettingsView } from '../../shared/ipc';
import { settingsView } from '../../shared/testing/builders';
import { fakeCounter, type FakeHandlers } from '../testing/fakeCounter';
import { renderWith } from '../testing/render';
import { DevicesPanel } from './DevicesPanel';
import { printerAddress, printerChoice, printerUrlOf } from './printerUrl';

afterEach(cleanup);

function counter(extra: FakeHandlers = {}) {
  return fakeCounter({
    'devices.states': () => ({ terminal: 'ready', printer: 'ready' }),
    'terminal.setup': () => ({ kind: 'nexo' }),
    ...extra,
  });
}

const view = (v: Partial<SettingsView> = {}) => settingsView(v);

describe('the terminal test in the settings (docs/api.md §9.2)', () => {
  const answers: [IpcOutputs['terminal.test'], string][] = [
    [{ reachable: true, error: null }, 'The terminal answered: it is ready.'],
    [{ reachable: true, error: 'Busy' }, 'The terminal answered, but said no: the terminal is busy'],
    [{ reachable: false, error: 'unreachable' }, 'The terminal did not answer: check that it is switched on and its cable or network.'],
  ];
  it.each(answers)('says the answer in words: %o', async (answer, words) => {
    const user = userEvent.setup();
    const api = counter({ 'terminal.test': () => answer });
    renderWith(<DevicesPanel view={view()} />, api);
    await user.click(await screen.findByRole('button', { name: 'Test the terminal' }));
    expect((await screen.findByText(words)).textContent).toBe(words);
    expect(api.callsOf('terminal.test')).toEqual([{}]);
  });

  it('offers no test without a terminal, and says PIN is confirmed by hand', async () => {
    renderWith(<DevicesPanel view={view()} />, counter({ 'terminal.setup': () => ({ kind: 'none' }) }));
    expect(await screen.findByText('No terminal is attached to this counter: PIN payments are confirmed by hand.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Test the terminal' })).toBeNull();
  });

  it('in Dutch too', async () => {
    const user = userEvent.setup();
    renderWith(<DevicesPanel view={view()} />, counter({ 'terminal.test': () => ({ reachable: true, error: null }) }), 'nl');
    await user.click(await screen.findByRole('button', { name: 'Pinautomaat testen' }));
    expect(await screen.findByText('De pinautomaat antwoordde: hij is klaar.')).toBeTruthy();
  });
});

describe('the receipt printer and drawer in the settings (docs/api.md §9.1)', () => {
  it('sets a network printer by its address, with the drawer on it', async () => {
    const user = userEvent.setup();
    const api = counter({ 'settings.set': (input) => view({ printerUrl: input.printerUrl!, drawer: input.drawer! }) });
    renderWith(<DevicesPanel view={view()} />, api);
    await user.selectOptions(screen.getByLabelText('Receipt printer'), 'network receipt printer (ESC/POS)');
    await user.type(screen.getByLabelText('Printer address'), '192.168.1.50');
    await user.click(screen.getByLabelText('A cash drawer hangs on this printer'));
    await user.click(screen.getByRole('button', { name: 'Save printer and drawer' }));
    expect(api.callsOf('settings.set')).toEqual([{ printerUrl: 'tcp://192.168.1.50:9100', drawer: 'printer' }]);
    expect(await screen.findByText('Saved: the next receipt goes to this printer.')).toBeTruthy();
  });

  it('refuses an address that is none, without asking the main process', async () => {
    const user = userEvent.setup();
    const api = counter();
    renderWith(<DevicesPanel view={view()} />, api);
    await user.selectOptions(screen.getByLabelText('Receipt printer'), 'network receipt printer (ESC/POS)');
    await user.type(screen.getByLabelText('Printer address'), 'http://printer/');
    expect(screen.getByLabelText('Printer address')).toHaveProperty('ariaInvalid', 'true');
    expect(screen.getByRole('button', { name: 'Save printer and drawer' })).toHaveProperty('disabled', true);
    expect(api.callsOf('settings.set')).toEqual([]);
  });

  it('shows a printer and drawer fixed by the machine’s configuration read-only, with where they are set', async () => {
    renderWith(
      <DevicesPanel
        view={view({ printerUrl: 'tcp://10.0.0.9:9100', drawer: 'printer', fixed: { printerUrl: 'environment', drawer: 'file' } })}
      />,
      counter(),
    );
    expect(screen.queryByLabelText('Receipt printer')).toBeNull();
    expect(screen.queryByLabelText('A cash drawer hangs on this printer')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save printer and drawer' })).toBeNull();
    expect(screen.getByText('10.0.0.9:9100')).toBeTruthy();
    expect(screen.getByText('Set in this computer’s environment: change it there.')).toBeTruthy();
    expect(screen.getByText('Cash drawer: on the receipt printer.')).toBeTruthy();
    expect(screen.getByText('Set in this computer’s configuration file: change it there.')).toBeTruthy();
  });
});

describe('printer.url as typed', () => {
  it('reads and writes the address of a network printer, port 9100 by default', () => {
    expect(printerUrlOf('escpos', ' 192.168.1.50 ')).toBe('tcp://192.168.1.50:9100');
    expect(printerUrlOf('escpos', 'printer.local:9101')).toBe('tcp://printer.local:9101');
    expect(printerUrlOf('escpos', '')).toBeNull();
    expect(printerUrlOf('escpos', 'host:70000')).toBeNull();
    expect(printerUrlOf('escpos', 'tcp://host')).toBeNull();
    expect(printerUrlOf('system', 'ignored')).toBe('system');
    expect(printerChoice('tcp://10.0.0.9:9100')).toBe('escpos');
    expect(printerChoice('none')).toBe('none');
    expect(printerChoice('system')).toBe('system');
    expect(printerAddress('tcp://10.0.0.9:9100')).toBe('10.0.0.9:9100');
  });
});
