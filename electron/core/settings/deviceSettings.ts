import type { HandlersOf } from '../../../shared/ipc';
import type { settingsChannels } from '../../../shared/ipc/settings';

/** The devices' area puts a changed printer or drawer in force (devices/devices.ts `configure`). */
export type DevicesChanged = (setup: { printerUrl: string; drawer: 'printer' | 'none' }) => void;

/** The settings' channels with a change of the receipt printer or the drawer put in force at once (docs/api.md §9.1). */
export function withDeviceSettings(
  handlers: HandlersOf<typeof settingsChannels>,
  devicesChanged: DevicesChanged,
): HandlersOf<typeof settingsChannels> {
  return {
    ...handlers,
    'settings.set': async (change) => {
      const answer = await handlers['settings.set'](change);
      if (answer.ok && (change.printerUrl !== undefined || change.drawer !== undefined)) {
        devicesChanged({ printerUrl: answer.value.printerUrl, drawer: answer.value.drawer });
      }
      return answer;
    },
  };
}
