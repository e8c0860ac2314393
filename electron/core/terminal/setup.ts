import { readFileSync } from 'node:fs';
import type { MachineConfig } from '../config';
import { NexoDriver } from './nexo/driver';
import type { TerminalPort } from './port';

/**
 * Which terminal this counter talks to (docs/api.md §9.1): `terminal.url` a nexo endpoint,
 * `simulator` the built-in one, `none` a stand-alone terminal the clerk confirms. Unset: the
 * simulator beside the embedded demo central, none beside a real central.
 */

/** A nexo endpoint the shells' demo wiring starts (the built-in simulator, devtools/terminalSimulator). */
export interface TerminalEndpoint {
  url: string;
  poiId: string;
  /** PEM of the CA that signs its certificate. */
  ca: string;
  key: { id: string; passphrase: string; version: number } | null;
  close(): Promise<void>;
}

export interface TerminalOptions {
  /** Starts the built-in simulator; without it `simulator` cannot be used (and an unset url means none). */
  simulator?: () => Promise<TerminalEndpoint>;
  /** How long a PaymentRequest waits for its answer (150 s; tests shorten it). */
  answerMs?: number;
  /** Between two questions about an unknown outcome (3 s; tests shorten it). */
  retryMs?: number;
  /** Between two tries to record what the terminal said while the business day is closed (60 s; tests shorten it). */
  heldMs?: number;
}

export interface OpenedTerminal {
  port: TerminalPort | null;
  close(): Promise<void>;
}

export async function openTerminal(
  config: MachineConfig['terminal'],
  embeddedCentral: boolean,
  deviceId: string,
  options: TerminalOptions,
  nextServiceId: () => string,
  clock: () => Date,
): Promise<OpenedTerminal> {
  const url = config?.url ?? (embeddedCentral && options.simulator ? 'simulator' : 'none');
  if (url === 'none') return { port: null, close: async () => {} };
  const common = { saleId: config?.saleId ?? deviceId, nextServiceId, clock, answerMs: options.answerMs };
  if (url === 'simulator') {
    if (!options.simulator) throw new Error('terminal.url: "simulator" is the demo shells\' built-in terminal, not available here');
    let endpoint: TerminalEndpoint;
    try {
      endpoint = await options.simulator();
    } catch (error) {
      // Asked for by name, it must be there; as the demo's default, a counter without it still sells (PIN by hand).
      if (config?.url === 'simulator') throw error;
      console.error(`terminal: the built-in simulator did not start (${(error as Error).message}); PIN payments are confirmed by hand`);
      return { port: null, close: async () => {} };
    }
    const port = new NexoDriver({ ...common, url: endpoint.url, poiId: endpoint.poiId, ca: endpoint.ca, key: endpoint.key });
    return {
      port,
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
  return { port, close: async () => port.close() };
}
