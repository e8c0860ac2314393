import { describe, expect, it } from 'vitest';
import { centralState } from './state';

const facts = { reachable: true, lastError: null, revoked: false, clockOffsetMs: 0 } as const;

describe('the sync state the top bar shows (docs/counter.md §20)', () => {
  it('is offline when nothing answered, whatever else is known', () => {
    expect(centralState({ ...facts, reachable: false, lastError: 'sync.tokenRefused', clockOffsetMs: 600_000 })).toBe('offline');
  });

  it('is refused, never online, while the central refuses the token, the device or the version', () => {
    expect(centralState({ ...facts, lastError: 'sync.tokenRefused' })).toBe('tokenRefused');
    expect(centralState({ ...facts, lastError: 'sync.tokenRefused', revoked: true })).toBe('revoked');
    expect(centralState({ ...facts, lastError: 'sync.versionRefused' })).toBe('versionRefused');
  });

  it('says a clock more than 2 minutes off either way, and online within them', () => {
    expect(centralState({ ...facts, clockOffsetMs: 120_001 })).toBe('clockOff');
    expect(centralState({ ...facts, clockOffsetMs: -120_001 })).toBe('clockOff');
    expect(centralState({ ...facts, clockOffsetMs: 120_000 })).toBe('online');
    expect(centralState({ ...facts, clockOffsetMs: null, lastError: 'sync.orderFailed' })).toBe('online');
  });
});
