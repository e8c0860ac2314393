// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FleetStatus } from '../../shared/ipc';
import { fail, fakeCounter } from '../testing/fakeCounter';
import { renderWith } from '../testing/render';
import { EnrolForm } from './EnrolForm';

afterEach(cleanup);

const enrolled: FleetStatus = {
  appVersion: '1.4.0',
  database: { ok: true, problems: 0, checkedAt: '2026-03-02T10:00:00.000Z' },
  clockOffsetMs: null,
  update: { current: '1.4.0', available: false, pending: null, waitingFor: [] },
  enrolment: { state: 'enrolled', deviceId: 'dev-1', touchpointId: 11 },
};

async function enrolWith(answer: () => unknown) {
  const api = fakeCounter({ 'fleet.enrol': answer as never });
  renderWith(<EnrolForm />, api);
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Central’s address'), 'https://central.example.org');
  await user.type(screen.getByLabelText('Enrolment code'), 'k7mp-q2xz');
  await user.click(screen.getByRole('button', { name: 'Enrol' }));
  return api;
}

describe('EnrolForm', () => {
  it('sends the address and the code as typed, and says what comes next', async () => {
    const api = await enrolWith(() => ({ status: enrolled, restart: 'manual' }));
    expect((await screen.findByRole('status')).textContent).toBe('Enrolled for touchpoint 11. Restart Counter to connect to the central.');
    expect(api.calls.find((c) => c.channel === 'fleet.enrol')?.input).toEqual({
      centralUrl: 'https://central.example.org',
      code: 'k7mp-q2xz',
    });
  });

  it('says a refused code in words', async () => {
    await enrolWith(() => fail('unauthenticated', 'fleet.codeRefused'));
    expect(await screen.findByText(/The central did not take this enrolment code/)).toBeTruthy();
  });
});
