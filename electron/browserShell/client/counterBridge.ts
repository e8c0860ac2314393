import type { CounterApi, EventName, IpcError, IpcEvents, IpcOutputs, IpcResult } from '../../../shared/ipc';

/**
 * CounterApi for a plain browser: the same contract as Electron's preload, over the browser
 * shell's POST /ipc and WebSocket /events. Type-only imports: with bridge.ts, this is the
 * bridge bundle's whole input.
 */

export const SECRET_KEY = 'counter.browserShellSecret';

/**
 * The shell prints http://127.0.0.1:PORT/#secret=…; the fragment never goes over the wire.
 * Kept in sessionStorage so a reload still works, and removed from the address bar so it is
 * not bookmarked, shared or left in the history.
 */
function takeSecret(): string {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const fresh = fragment.get('secret');
  if (fresh) {
    sessionStorage.setItem(SECRET_KEY, fresh);
    fragment.delete('secret');
    const rest = fragment.toString();
    history.replaceState(history.state, '', `${location.pathname}${location.search}${rest ? `#${rest}` : ''}`);
  }
  return sessionStorage.getItem(SECRET_KEY) ?? '';
}

function failure(kind: IpcError['kind'], message: string): IpcResult<never> {
  return { ok: false, error: { kind, message, errors: [] } };
}

function isResult(body: unknown): body is IpcResult<unknown> {
  return typeof body === 'object' && body !== null && typeof (body as { ok?: unknown }).ok === 'boolean';
}

type Listener = (payload: unknown) => void;

export function createBridge(): CounterApi {
  const secret = takeSecret();
  const listeners = new Map<EventName, Set<Listener>>();
  let socket: WebSocket | null = null;
  let reconnect: ReturnType<typeof setTimeout> | null = null;
  let retryDelay = 500;

  /** Like ipcRenderer.invoke behind the preload: always an IpcResult, never a thrown error. */
  async function call(channel: string, input: unknown): Promise<IpcResult<unknown>> {
    try {
      const response = await fetch('/ipc', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Counter-Secret': secret },
        body: JSON.stringify({ channel, input }),
        cache: 'no-store',
      });
      const body: unknown = await response.json().catch(() => null);
      return isResult(body) ? body : failure('internal', `The browser shell answered ${response.status}.`);
    } catch (error) {
      return failure('internal', `The browser shell cannot be reached (${error instanceof Error ? error.message : String(error)}).`);
    }
  }

  const hasListeners = () => [...listeners.values()].some((set) => set.size > 0);

  /** One WebSocket for all events, opened on the first listener and reopened (with backoff) if the shell restarts. */
  function connect(): void {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${scheme}://${location.host}/events?secret=${encodeURIComponent(secret)}`);
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
