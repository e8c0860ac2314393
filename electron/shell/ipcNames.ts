import type { EventName } from '../../shared/ipc';

/**
 * The names on the wire between the shells and the renderer. The preload imports this file,
 * so it must stay free of runtime imports: a sandboxed preload can only require 'electron'.
 */

/** ipcRenderer.invoke(INVOKE_CHANNEL, channel, input) → IpcResult. */
export const INVOKE_CHANNEL = 'counter:invoke';
/** webContents.send(EVENT_CHANNEL, eventName, payload). */
export const EVENT_CHANNEL = 'counter:event';

/** Every event the core emits: a Record over EventName, so a new event fails to compile until listed. */
const everyEvent: Record<EventName, true> = {
  'sync.changed': true,
  'orders.changed': true,
  'catalog.changed': true,
  'terminal.progress': true,
  'devices.changed': true,
  'receipt.changed': true,
  'display.changed': true,
};
export const EVENT_NAMES = Object.keys(everyEvent) as EventName[];
