import { withDeviceSettings, type DevicesChanged } from './deviceSettings';
import { settingsHandlers, type SettingsDeps } from './handlers';
import { purgePersonalData, scheduleRetention } from './retention';

/**
 * This counter's settings (docs/counter.md §2): their channels, a changed printer or drawer put
 * in force by the devices' hook, and the nightly purge of personal data past the retention.
 */
export function settingsArea(deps: SettingsDeps & { devicesChanged: DevicesChanged }) {
  const { db, settings, now } = deps;
  const stopRetention = scheduleRetention(() => purgePersonalData(db, settings.retentionDays, now()));
  return { handlers: withDeviceSettings(settingsHandlers(deps), deps.devicesChanged), close: stopRetention };
}
