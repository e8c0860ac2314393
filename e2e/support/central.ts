import type { Order } from '../../shared/schemas/order';
import type { BrowserShell } from '../../electron/browserShell/server';
import type { CounterTestHooks } from '../../electron/core/counter';

/** The central's order interface, read the way any sales channel reads it: HTTP with a bearer token. */
export interface CentralAccess {
  url: string;
  token: string;
}

export async function centralOrders(central: CentralAccess, query: Record<string, string>): Promise<Order[]> {
  const response = await fetch(`${central.url}/api/2.0/orders?${new URLSearchParams(query)}`, {
    headers: { Authorization: `Bearer ${central.token}`, Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`GET /orders answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { orders: Order[] }).orders;
}

/** The embedded demo central of a shell that made its own core (createCounter's test hooks). */
export function embeddedCentral(shell: BrowserShell): CentralAccess {
  const hooks = (shell.core as unknown as { test?: CounterTestHooks }).test;
  const embedded = hooks?.embedded;
  if (!embedded?.devToken) throw new Error('this counter has no embedded central');
  return { url: embedded.url, token: embedded.devToken };
}
