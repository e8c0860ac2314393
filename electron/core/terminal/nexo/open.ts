import { readFileSync } from 'node:fs';
import type { MachineConfig } from '../../config';
import type { TerminalPort } from '../port';
import type { OpenedTerminal, TerminalEndpoint, TerminalOptions } from '../setup';
import { NexoDriver } from './driver';

/**
 * A nexo terminal (docs/api.md §9.2: JSON SaleToPOI messages over HTTPS, values from
 * @adyen/api-library): `terminal.url` its endpoint, or `simulator` the built-in one the demo
 * shells start.
 */
export async function openNexo(
  config: MachineConfig['terminal'],
  url: string,
  common: { saleId: string; nextServiceId: () => string; clock: () => Date; answerMs?: number },
  options: TerminalOptions,
): Promise<OpenedTerminal> {
  if (url === 'simulator') {
    if (!options.simulator) throw new Error('terminal.url: "simulator" is the demo shells\' built-in terminal, not available here');
    let endpoint: TerminalEndpoint;
    try {
      endpoint = await options.simulator();
    } catch (error) {
      // Asked for by name, it must be there; as the demo's default, a counter without it still sells (PIN by hand).
      if (config?.url === 'simulator') throw error;
      console.error(`terminal: the built-in simulator did not start (${(error as Error).message}); PIN payments are confirmed by hand`);
      return { port: null, brand: null, close: async () => {} };
    }
    const port: TerminalPort & { close(): void } = new NexoDriver({
      ...common,
      url: endpoint.url,
      poiId: endpoint.poiId,
      ca: endpoint.ca,
      key: endpoint.key,
    });
    return {
      port,
      brand: 'nexo',
      close: async () => {
        port.close();
        await endpoint.close();
      },
    };
  }
  // A real terminal: its CA is required, its key or `unencrypted` were checked at start (machineConfig.ts).
  if (!config?.ca) throw new Error('terminal.ca: a terminal needs the PEM of the CA that signs its certificate');
  let ca: Buffer;
  try {
    ca = readFileSync(config.ca);
  } catch (error) {
    throw new Error(`terminal.ca: ${config.ca} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`, {
      cause: error,
    });
  }
  // The schema of the whole configuration requires all three parts of a key (machineConfig.ts).
  const key = config.unencrypted ? null : ((config.key as TerminalEndpoint['key']) ?? null);
  const port = new NexoDriver({ ...common, url, poiId: config.poiId!, ca, key });
  return { port, brand: 'nexo', close: async () => port.close() };
}
