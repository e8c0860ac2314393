import type { CentralAnswer, CentralClient } from '../central/centralClient';

/** How a scripted client answers a request it picks (undefined: passed on). */
export type Script = (method: string, url: string, body: unknown) => CentralAnswer<unknown> | undefined;

/** A client that remembers each request, holds them while a gate is shut, and answers as its script says. */
export interface ScriptedClient extends CentralClient {
  /** Each request as `METHOD path`, the order base left out, in the order they were sent. */
  sent: string[];
  script: Script | null;
  /** Requests from now on wait until `open()`. */
  shut(): void;
  open(): void;
}

/**
 * A client before `inner` (or before none: every request then needs the script's answer),
 * answering what its script picks in the central's shapes and passing the rest on: for answers
 * the central cannot be made to give on purpose.
 */
export function scriptedClient(inner: CentralClient | null, script: Script | null = null): ScriptedClient {
  const base = inner?.orderBase ?? 'http://central.invalid/api/2.0';
  let gate: Promise<void> | null = null;
  let release = () => {};
  const client: Pick<ScriptedClient, 'orderBase' | 'sent' | 'script' | 'shut' | 'open' | 'request' | 'probe'> = {
    orderBase: base,
    probe: (timeoutMs) => inner?.probe(timeoutMs) ?? Promise.resolve('down'),
    sent: [],
    script,
    shut() {
      gate = new Promise((resolve) => (release = resolve));
    },
    open() {
      gate = null;
      release();
    },
    request: (async (method: string, url: string, schema: unknown, body?: unknown) => {
      client.sent.push(`${method} ${url.slice(base.length)}`);
      if (gate) await gate;
      const scripted = client.script?.(method, url, body);
      if (scripted) return scripted;
      if (!inner) throw new Error(`unscripted request ${method} ${url}`);
      return inner.request(method as 'GET', url, schema as null, body);
    }) as CentralClient['request'],
  };
  return client as unknown as ScriptedClient;
}
