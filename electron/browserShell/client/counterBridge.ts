import type { CounterApi, EventName, IpcEvents, IpcOutputs, IpcResult } from '../../../shared/ipc';
import type { RefusalCode } from '../../../shared/refusals';

/**
 * CounterApi for a plain browser: the same contract as Electron's preload, over the browser
 * shell's POST /ipc and WebSocket /events. Type-only imports: with bridge.ts, this is the
 * bridge bundle's whole input.
 */

/**
 * The session secret is an HttpOnly cookie the shell set when the printed (one-time) address
 * was opened: this script never sees it, fetch and the WebSocket carry it on their own.
 */

/** A refusal of the bridge itself; the renderer words it from its code (no runtime import here, see bridgeScript.ts). */
function failure(code: RefusalCode): IpcResult<never> {
  return { ok: false, error: { kind: 'internal', code, params: {}, message: code, errors: [] } };
}

function isResult(body: unknown): body is IpcResult<unknown> {
  return typeof body === 'object' && body !== null && typeof (body as { ok?: unknown }).ok === 'boolean';
}

type Listener = (payload: unknown) => void;

export function createBridge(): CounterApi {
  const listeners = new Map<EventName, Set<Listener>>();
  let socket: WebSocket | null = null;
  let reconnect: ReturnType<typeof setTimeout> | null = null;
  let retryDelay = 500;

  /** Like ipcRenderer.invoke behind the preload: always an IpcResult, never a thrown error. */
  async function call(channel: string, input: unknown): Promise<IpcResult<unknown>> {
    try {
      const response = await fetch('/ipc', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({ channel, input }),
        cache: 'no-store',
      });
      const body: unknown = await response.json().catch(() => null);
      return isResult(body) ? body : failure('shell.badAnswer');
    } catch {
      return failure('shell.unreachable');
    }
  }

  const hasListeners = () => [...listeners.values()].some((set) => set.size > 0);

  /** One WebSocket for all events, opened on the first listener and reopened (with backoff) if the shell restarts. */
  function connect(): void {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${scheme}://${location.host}/events`);
    socket = ws;
    ws.onopen = () => {
      retryDelay = 500;
    };
    ws.onmessage = (message) => {
      let event: { event?: unknown; payload?: unknown };
      try {
        event = JSON.parse(String(message.data)) as typeof event;
      } catch {
        return;
      }
      for (const listener of listeners.get(event.event as EventName) ?? []) listener(event.payload);
    };
    ws.onclose = () => {
      socket = null;
      if (!hasListeners()) return;
      reconnect = setTimeout(() => {
        reconnect = null;
        connect();
      }, retryDelay);
      retryDelay = Math.min(retryDelay * 2, 10_000);
    };
  }

  return {
    invoke: (channel, input) => call(channel, input) as Promise<IpcResult<IpcOutputs[typeof channel]>>,
    on<E extends EventName>(event: E, listener: (payload: IpcEvents[E]) => void) {
      const forward: Listener = (payload) => listener(payload as IpcEvents[E]);
      const set = listeners.get(event) ?? new Set<Listener>();
      listeners.set(event, set.add(forward));
      if (!socket && !reconnect) connect();
      return () => {
        set.delete(forward);
      };
    },
    shell: 'browser',
  };
}
