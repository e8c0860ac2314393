import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CounterOrder, OrderSummary } from '../../shared/ipc';
import type { Order } from '../../shared/schemas/order';
import { startBrowserShell, type BrowserShell } from '../../electron/browserShell/server';
import type { CounterCore, CounterOptions } from '../../electron/core/types';

/** Where the suite finds the built renderer and the demo data. */
export const RENDERER_DIR = fileURLToPath(new URL('../../dist/renderer/', import.meta.url));
export const FIXTURES = fileURLToPath(new URL('../../assets/fixtures/demo.json', import.meta.url));
export const SCREENS_DIR = fileURLToPath(new URL('../../e2e-artifacts/screens/', import.meta.url));

export function assertRendererBuilt(): void {
  if (!existsSync(join(RENDERER_DIR, 'index.html'))) {
    throw new Error('dist/renderer is not built: run the suite with `npm run e2e`, which builds it first.');
  }
}

/** A fresh folder under the OS temp dir, removed again by the returned function. */
export async function tempDir(prefix: string): Promise<{ path: string; remove: () => Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), `counter-e2e-${prefix}-`));
  return { path, remove: () => rm(path, { recursive: true, force: true, maxRetries: 3 }) };
}

export { freePort } from '../../electron/core/testing/processes';

export interface RunningCounter {
  shell: BrowserShell;
  /** The address to open, with the shell's secret. */
  url: string;
  close(): Promise<void>;
}

/**
 * The browser shell on a fresh data folder, with its embedded demo central; or, given a core,
 * the shell over that core (the caller closes the core).
 */
export async function startCounter(options: { core?: CounterCore; terminal?: CounterOptions['terminal'] } = {}): Promise<RunningCounter> {
  assertRendererBuilt();
  if (options.core) {
    const shell = await startBrowserShell({ port: 0, rendererDir: RENDERER_DIR, core: options.core });
    return { shell, url: shell.url, close: () => shell.close() };
  }
  const data = await tempDir('data');
  let shell: BrowserShell;
  try {
    shell = await startBrowserShell({
      port: 0,
      rendererDir: RENDERER_DIR,
      dataDir: data.path,
      fixtures: FIXTURES,
      terminal: options.terminal,
    });
  } catch (error) {
    await data.remove();
    throw error;
  }
  return {
    shell,
    url: shell.url,
    async close() {
      try {
        await shell.close();
      } finally {
        await data.remove();
      }
    },
  };
}

/** The counter's own copy of an order, by its number, through the channels the renderer uses. */
export async function localOrder(core: CounterCore, orderNumber: string): Promise<Order> {
  const found = await core.dispatch('orders.search', { text: orderNumber });
  if (!found.ok) throw new Error(found.error.message);
  const summary = (found.value as OrderSummary[]).find((o) => o.orderNumber === orderNumber);
  if (!summary) throw new Error(`order ${orderNumber} is not on this counter`);
  const held = await core.dispatch('orders.get', { orderId: summary.orderId });
  if (!held.ok) throw new Error(held.error.message);
  return (held.value as CounterOrder).order;
}
