import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffMember } from '../../shared/ipc';
import { makeDispatch } from './dispatch';
import type { Handlers } from './handlers';

/** The gate's last step, which access.test.ts's real handlers never reach: a handler that throws. */
describe('dispatch', () => {
  afterEach(() => vi.restoreAllMocks());
  const clerk = { role: 'clerk' } as StaffMember;

  it('answers a handler that throws as an internal refusal, and logs the channel and error but not the input', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const handlers = {
      'catalog.get': async () => {
        throw new Error('disk on fire');
      },
    } as unknown as Handlers;
    const answer = await makeDispatch(handlers, () => clerk)('catalog.get', {});
    expect(answer).toMatchObject({ ok: false, error: { kind: 'internal', code: 'request.internal' } });
    expect(log.mock.calls).toEqual([['counter: catalog.get failed: disk on fire']]);
  });
});
