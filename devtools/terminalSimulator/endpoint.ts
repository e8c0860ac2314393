import type { TerminalSimulator } from './simulator';

/**
 * The simulator as the counter is given a terminal (electron/core/terminal/setup.ts's
 * TerminalEndpoint, by shape: devtools/ imports no product code). `owned`: closing the counter
 * closes the simulator too (the demo); a test closes its own.
 */
export function endpointOf(sim: TerminalSimulator, owned = false) {
  return {
    url: sim.url,
    poiId: sim.poiId,
    ca: sim.ca,
    key: sim.key ?? null,
    close: async () => {
      if (owned) await sim.close();
    },
  };
}
