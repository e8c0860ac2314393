import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { CounterApi } from '../shared/ipc';

/** preload.ts against a stand-in for Electron's renderer side: what reaches the page, and what it sends. */

const fake = await vi.hoisted(async () => {
  const { EventEmitter } = await import('node:events');
  const ipcRenderer = Object.assign(new EventEmitter(), {
    invoked: [] as unknown[][],
    invoke: async (...args: unknown[]) => {
      ipcRenderer.invoked.push(args);
      return { ok: true, value: 'answer' };
    },
  });
  const exposed = new Map<string, unknown>();
  return { ipcRenderer, exposed, contextBridge: { exposeInMainWorld: (key: string, api: unknown) => exposed.set(key, api) } };
});

vi.mock('electron', () => ({ ipcRenderer: fake.ipcRenderer, contextBridge: fake.contextBridge }));

let api: CounterApi;
beforeAll(async () => {
  await import('./preload');
  api = fake.exposed.get('counter') as CounterApi;
});

describe('preload', () => {
  it('exposes exactly CounterApi on window.counter, and no ipcRenderer', () => {
    expect([...fake.exposed.keys()]).toEqual(['counter']);
    expect(Object.keys(api).sort()).toEqual(['invoke', 'on', 'shell']);
    expect(api.shell).toBe('electron');
  });

  it('invokes counter:invoke with the channel and input', async () => {
    expect(await api.invoke('orders.get', { orderId: 'o-1' })).toEqual({ ok: true, value: 'answer' });
    expect(fake.ipcRenderer.invoked).toEqual([['counter:invoke', 'orders.get', { orderId: 'o-1' }]]);
  });

  it('passes on only the asked-for event, until unsubscribed', () => {
    const seen: unknown[] = [];
    const stop = api.on('orders.changed', (payload) => seen.push(payload));
    fake.ipcRenderer.emit('counter:event', {}, 'sync.changed', { pending: 1 });
    fake.ipcRenderer.emit('counter:event', {}, 'orders.changed', { orderId: 'o-1' });
    stop();
    fake.ipcRenderer.emit('counter:event', {}, 'orders.changed', { orderId: 'o-2' });
    expect(seen).toEqual([{ orderId: 'o-1' }]);
    expect(fake.ipcRenderer.listenerCount('counter:event')).toBe(0);
  });
});
