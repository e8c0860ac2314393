import type { FleetStatus, HandlersOf } from '../../../shared/ipc';
import type { fleetChannels } from '../../../shared/ipc/fleet';
import { ok } from '../../../shared/refusals';

/** What the fleet's channels need of the counter (docs/counter.md §18). */
export interface FleetDeps {
  status(): FleetStatus;
}

export function fleetHandlers(fleet: FleetDeps): HandlersOf<typeof fleetChannels> {
  return {
    'fleet.status': async () => ok(fleet.status()),
  };
}
