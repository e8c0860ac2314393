// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CounterApi } from '../../../shared/ipc';
import { createBridge } from './counterBridge';

/** Stands in for the browser's WebSocket: records what the bridge opens and lets the test speak for the server. */
class FakeSocket {
  static opened: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.opened.push(this);
  }
  close(): void {
    this.onclose?.();
  }
}

const fetchMock = vi.fn<typeof fetch>();

/** A page load at `address`, with a fresh bridge. */
function loadBridge(address: string): CounterApi {
  history.replaceState(null, '', address);
  return createBridge();
}

beforeEach(() => {
  sessionStorage.clear();
  FakeSocket.opened = [];
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the browser shell’s bridge', () => {
  it('never holds the session secret: it is an HttpOnly cookie, sent by the browser itself', async () => {
    const api = loadBridge('/');
    expect(api.shell).toBe('browser');
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ ok: true, value: [] })));
    await api.invoke('session.staff', {});
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('same-origin');
    expect([...new Headers(init?.headers).keys()]).toEqual(['content-type']);
    expect(sessionStorage.length).toBe(0);
  });

  it('posts {channel, input} to /ipc and answers the shell’s IpcResult', async () => {
    const api = loadBridge('/');
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ ok: true, value: { pending: 0 } })));
    const result = await api.invoke('orders.get', { orderId: 'o-1' });
    expect(result).toEqual({ ok: true, value: { pending: 0 } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/ipc');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ channel: 'orders.get', input: { orderId: 'o-1' } });
  });

  it('never throws: refusals, odd answers and a dead shell all become IpcResults', async () => {
    const api = loadBridge('/');
    const refusal = { ok: false, error: { kind: 'unauthenticated', code: 'shell.noSession', params: {}, message: 'no', errors: [] } };
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(refusal), { status: 401 }));
    expect(await api.invoke('sync.status', {})).toEqual(refusal);
    fetchMock.mockResolvedValueOnce(new Response('<html>bad gateway</html>', { status: 502 }));
    expect(await api.invoke('sync.status', {})).toMatchObject({ ok: false, error: { kind: 'internal', code: 'shell.badAnswer' } });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    // The network's own words never reach the screen: a code only.
    expect(await api.invoke('sync.status', {})).toMatchObject({ ok: false, error: { kind: 'internal', code: 'shell.unreachable' } });
  });

  it('delivers events from one WebSocket to the listeners of that event until they unsubscribe', async () => {
    const api = loadBridge('/');
    const orders: unknown[] = [];
    const syncs: unknown[] = [];
    const stopOrders = api.on('orders.changed', (payload) => orders.push(payload));
    api.on('sync.changed', (payload) => syncs.push(payload));
    expect(FakeSocket.opened).toHaveLength(1);
    const socket = FakeSocket.opened[0]!;
    expect(socket.url).toBe(`ws://${location.host}/events`);

    socket.onmessage?.({ data: JSON.stringify({ event: 'orders.changed', payload: { orderId: 'o-1' } }) });
    socket.onmessage?.({ data: 'not json' });
    stopOrders();
    socket.onmessage?.({ data: JSON.stringify({ event: 'orders.changed', payload: { orderId: 'o-2' } }) });
    expect(orders).toEqual([{ orderId: 'o-1' }]);
    expect(syncs).toEqual([]);
  });

  it('reopens the event socket when the shell drops it', async () => {
    vi.useFakeTimers();
    try {
      const api = loadBridge('/');
      api.on('catalog.changed', () => undefined);
      FakeSocket.opened[0]!.close();
      expect(FakeSocket.opened).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(500);
      expect(FakeSocket.opened).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is installed as a read-only window.counter by the bridge script', async () => {
    history.replaceState(null, '', '/');
    await import('./bridge');
    const api = (window as unknown as { counter: CounterApi }).counter;
    expect(api.shell).toBe('browser');
    expect(Object.isFrozen(api)).toBe(true);
    expect(() => {
      (window as unknown as { counter: unknown }).counter = {};
    }).toThrow(TypeError);
  });
});
