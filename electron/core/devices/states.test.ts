import { describe, expect, it } from 'vitest';
import type { DeviceState } from '../../../shared/devices';
import { DeviceRegistry } from './states';

/** The registry the top bar, the settings and the heartbeat read (docs/api.md §11.2). */

describe('the device registry', () => {
  it('a kind nobody registered is none', () => {
    expect(new DeviceRegistry().deviceStates()).toEqual({ terminal: 'none', printer: 'none' });
  });

  it('a source that tells its changes is heard at once; listeners hear only real changes', () => {
    const registry = new DeviceRegistry();
    let state: DeviceState = 'ready';
    const listeners: ((s: DeviceState) => void)[] = [];
    const heard: unknown[] = [];
    registry.onChange((states) => heard.push(states));
    registry.register('printer', { state: () => state, onState: (l) => (listeners.push(l), () => undefined) });
    state = 'paperOut';
    listeners.forEach((l) => l(state));
    listeners.forEach((l) => l(state));
    expect(heard).toEqual([
      { terminal: 'none', printer: 'ready' },
      { terminal: 'none', printer: 'paperOut' },
    ]);
  });

  it('a source that only answers state() (the terminal) is read again by refresh()', () => {
    const registry = new DeviceRegistry();
    let state: DeviceState = 'busy';
    registry.register('terminal', { state: () => state });
    expect(registry.deviceStates().terminal).toBe('busy');
    state = 'offline';
    expect(registry.deviceStates().terminal).toBe('busy');
    expect(registry.refresh().terminal).toBe('offline');
  });

  it('unregistering brings the kind back to none; an older registration cannot remove a newer one', () => {
    const registry = new DeviceRegistry();
    const first = registry.register('terminal', { state: () => 'ready' });
    const second = registry.register('terminal', { state: () => 'busy' });
    first();
    expect(registry.deviceStates().terminal).toBe('busy');
    second();
    expect(registry.deviceStates().terminal).toBe('none');
  });
});
