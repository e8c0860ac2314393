// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { FleetStatus } from '../../shared/ipc';
import { fakeCounter } from '../testing/fakeCounter';
import { renderWith } from '../testing/render';
import { FleetNotices } from './FleetNotices';

afterEach(cleanup);

const status = (ok: boolean, enrolment: FleetStatus['enrolment']['state'] = 'none'): FleetStatus => ({
  appVersion: '1.4.0',
  database: { ok, problems: ok ? 0 : 3, checkedAt: '2026-03-02T10:00:00.000Z' },
  clockOffsetMs: null,
  enrolment: { state: enrolment, deviceId: null, touchpointId: null },
  update: { current: '1.4.0', available: false, pending: null, waitingFor: [] },
});

describe('FleetNotices', () => {
  it('says a damaged database, with what to do, in the screen’s language', async () => {
    renderWith(<FleetNotices />, fakeCounter({ 'fleet.status': () => status(false) }), 'nl');
    expect((await screen.findByRole('alert')).textContent).toMatch(/^De database van deze balie is beschadigd\. Verkoop niet verder/);
  });

  it('says nothing of a sound one', async () => {
    const api = fakeCounter({ 'fleet.status': () => status(true) });
    renderWith(<FleetNotices />, api);
    await screen.findByText((_, el) => el === document.body);
    await expect.poll(() => api.calls.some((c) => c.channel === 'fleet.status')).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a counter taken out of the fleet keeps selling, and who enrols it again', async () => {
    renderWith(<FleetNotices />, fakeCounter({ 'fleet.status': () => status(true, 'revoked') }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The operator has taken this counter out of the fleet. It keeps selling and keeps its sales; a manager enrols it again in the settings with a new code.',
    );
  });
});
