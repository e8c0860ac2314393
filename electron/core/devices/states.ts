import { EventEmitter } from 'node:events';
import { DEVICE_KINDS, type DeviceKind, type DeviceState, type DeviceStates } from '../../../shared/devices';

/**
 * The states of the desk's devices (docs/api.md §9, §11.2): what the top bar, the settings and
 * the heartbeat read. Each kind's driver registers itself as that kind's source; a kind nobody
 * registered is `none`. A source that tells its changes is listened to; any other (a driver
 * that only answers `state()`) is read again by `refresh()`, which the counter calls on a timer.
 */

export interface DeviceSource {
  state(): DeviceState;
  onState?(listener: (state: DeviceState) => void): () => void;
}

export class DeviceRegistry {
  private readonly sources = new Map<DeviceKind, { source: DeviceSource; off: () => void }>();
  private readonly events = new EventEmitter();
  private last: DeviceStates;

  constructor() {
    this.last = this.read();
  }

  /** Makes `source` the state of `kind` (replacing an earlier one); the answer unregisters it. */
  register(kind: DeviceKind, source: DeviceSource): () => void {
    this.sources.get(kind)?.off();
    const off = source.onState?.(() => this.refresh()) ?? (() => undefined);
    const entry = { source, off };
    this.sources.set(kind, entry);
    this.refresh();
    return () => {
      if (this.sources.get(kind) !== entry) return;
      off();
      this.sources.delete(kind);
      this.refresh();
    };
  }

  deviceStates(): DeviceStates {
    return { ...this.last };
  }

  /** Reads every source again; listeners hear of it only when a state changed. */
  refresh(): DeviceStates {
    const next = this.read();
    if (DEVICE_KINDS.some((kind) => next[kind] !== this.last[kind])) {
      this.last = next;
      this.events.emit('change', { ...next });
    }
    return this.deviceStates();
  }

  onChange(listener: (states: DeviceStates) => void): () => void {
    this.events.on('change', listener);
    return () => this.events.off('change', listener);
  }

  close(): void {
    for (const { off } of this.sources.values()) off();
    this.sources.clear();
    this.events.removeAllListeners();
  }

  private read(): DeviceStates {
    return Object.fromEntries(DEVICE_KINDS.map((kind) => [kind, this.sources.get(kind)?.source.state() ?? 'none'])) as DeviceStates;
  }
}
