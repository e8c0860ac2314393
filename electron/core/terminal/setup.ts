import type { TerminalBrand } from '../../../shared/ipc/terminal';
import type { MachineConfig } from '../config';
import { openNexo } from './nexo/open';
import type { TerminalPort } from './port';

/**
 * Which terminal this counter talks to (docs/api.md §9.1): `terminal.brand` names the driver
 * (a folder of its own: nexo/; nexo when unset), `terminal.url` its endpoint, `simulator` the
 * built-in one, `none` a stand-alone terminal the clerk confirms. Unset: the simulator beside the
 * embedded demo central, none beside a real central. A second brand adds its folder, its name to
 * TERMINAL_BRANDS (shared/ipc/terminal.ts) and its opener below.
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
  /** The brand whose driver talks to it; null: no terminal. */
  brand: TerminalBrand | null;
  close(): Promise<void>;
}

/** Each brand's driver, opened by its own folder. */
const OPENERS: Record<TerminalBrand, typeof openNexo> = { nexo: openNexo };

export async function openTerminal(
  config: MachineConfig['terminal'],
  embeddedCentral: boolean,
  deviceId: string,
  options: TerminalOptions,
  nextServiceId: () => string,
  clock: () => Date,
): Promise<OpenedTerminal> {
  const url = config?.url ?? (embeddedCentral && options.simulator ? 'simulator' : 'none');
  if (url === 'none') return { port: null, brand: null, close: async () => {} };
  const common = { saleId: config?.saleId ?? deviceId, nextServiceId, clock, answerMs: options.answerMs };
  return OPENERS[config?.brand ?? 'nexo'](config, url, common, options);
}
