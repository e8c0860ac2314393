import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import type { CounterApi, EventName, IpcEvents } from '../shared/ipc';
import { EVENT_CHANNEL, INVOKE_CHANNEL } from './shell/ipcNames';

/**
 * window.counter for the Electron renderer: exactly CounterApi, built from closures so the page
 * never gets ipcRenderer itself (it could otherwise send on any channel). Bundled by
 * build-main into one CJS file, because a sandboxed preload can only require 'electron'.
 */

const api: CounterApi = {
  invoke: (channel, input) => ipcRenderer.invoke(INVOKE_CHANNEL, channel, input),
  on<E extends EventName>(event: E, listener: (payload: IpcEvents[E]) => void) {
    const forward = (_ipc: IpcRendererEvent, name: unknown, payload: unknown) => {
      if (name === event) listener(payload as IpcEvents[E]);
    };
    ipcRenderer.on(EVENT_CHANNEL, forward);
    return () => {
      ipcRenderer.removeListener(EVENT_CHANNEL, forward);
    };
  },
  shell: 'electron',
};

contextBridge.exposeInMainWorld('counter', api);
