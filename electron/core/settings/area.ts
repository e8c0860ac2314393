import type { CatalogCache } from '../catalog';
import type { CounterDb } from '../db/database';
import type { Staff } from '../staff';
import { withDeviceSettings, type DevicesChanged } from './deviceSettings';
import { settingsHandlers } from './handlers';
import { purgePersonalData, scheduleRetention } from './retention';
import type { CounterSettings } from './settings';

/**
 * This counter's settings (docs/counter.md §2): their channels, a changed printer or drawer put
 * in force by the devices' hook, and the nightly purge of personal data past the retention.
 */
export function settingsArea(deps: {
  db: CounterDb;
  settings: CounterSettings;
  catalog: CatalogCache;
  staff: Staff;
  embeddedCentral: boolean;
  now: () => Date;
  centralDeviceId: () => string | null;
  devicesChanged: DevicesChanged;
}) {
  const { db, settings, now } = deps;
  const stopRetention = scheduleRetention(() => purgePersonalData(db, settings.retentionDays, now()));
  return { handlers: withDeviceSettings(settingsHandlers(deps), deps.devicesChanged), close: stopRetention };
}
