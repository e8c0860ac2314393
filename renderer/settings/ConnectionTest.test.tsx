// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConnectionTest as Tested } from '../../shared/ipc';
import { fakeCounter } from '../testing/fakeCounter';
import { renderWith } from '../testing/render';
import { ConnectionTest } from './ConnectionTest';

afterEach(cleanup);

const refusedToken: Tested = {
  url: 'https://central.example.nl',
  embeddedCentral: false,
  steps: [
    { step: 'reach', outcome: 'ok', reason: null },
    { step: 'tls', outcome: 'ok', reason: null },
    { step: 'token', outcome: 'failed', reason: 'tokenRefused' },
    { step: 'clock', outcome: 'failed', reason: 'clockOff', offsetMs: 3 * 3_600_000 },
  ],
};

describe('test connection (docs/counter.md §20)', () => {
  it('lists each step with its outcome and, where it failed, what to do', async () => {
    const user = userEvent.setup();
    const api = fakeCounter({ 'sync.testConnection': () => refusedToken });
    renderWith(<ConnectionTest />, api);
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('Not every check passed: see what to do below.')).toBeTruthy();
    const steps = within(screen.getByRole('list', { name: 'Connection checks' })).getAllByRole('listitem');
    expect(steps.map((li) => li.textContent)).toEqual([
      'Reaching the central OK The central answered at https://central.example.nl.',
      'Secure connection OK The central’s certificate is valid.',
      'This counter’s token Failed The central refuses this token (a central started again with another key does so): enter a valid token from the operator.',
      expect.stringMatching(/^Clock Failed .*3 hours.* Set this computer’s clock right\.$/),
    ]);
    expect(api.callsOf('sync.testConnection')).toEqual([{}]);
  });

  it('speaks Dutch, and says when every check passed', async () => {
    const user = userEvent.setup();
    const passed: Tested = {
      ...refusedToken,
      embeddedCentral: true,
      steps: refusedToken.steps.map((s) => ({ ...s, outcome: 'ok', reason: null })),
    };
    renderWith(<ConnectionTest />, fakeCounter({ 'sync.testConnection': () => passed }), 'nl');
    await user.click(screen.getByRole('button', { name: 'Verbinding testen' }));
    expect(await screen.findByText('Alle controles geslaagd: de centrale neemt de verkopen van deze balie aan.')).toBeTruthy();
    expect(screen.getByText('De demo-centrale op deze computer antwoordde.', { exact: false })).toBeTruthy();
  });
});
