import type { HandlersOf } from '../../../shared/ipc';
import type { settingsChannels, SettingsView } from '../../../shared/ipc/settings';
import { ok, refusal } from '../../../shared/refusals';
import type { CatalogCache } from '../catalog';
import type { CounterDb } from '../db/database';
import type { Staff } from '../staff';
import { purgePersonalData } from './retention';
import type { CounterSettings } from './settings';

export interface SettingsDeps {
  db: CounterDb;
  settings: CounterSettings;
  catalog: CatalogCache;
  staff: Staff;
  embeddedCentral: boolean;
  now: () => Date;
  /** The enrolment's device id, the one the central knows this counter by (docs/counter.md §18, Enrolment and heartbeat). */
  centralDeviceId: () => string | null;
}

export const unknownLanguage = (languageId: number) =>
  refusal('invalid', 'settings.unknownLanguage', { languageId }, [{ detail: 'unknown language', pointer: '/languageId' }]);

/** This counter's settings: anyone reads them, a manager changes them (docs/counter.md §2). */
export function settingsHandlers({
  db,
  settings,
  catalog,
  staff,
  embeddedCentral,
  now,
  centralDeviceId,
}: SettingsDeps): HandlersOf<typeof settingsChannels> {
  const view = (): SettingsView => ({ ...settings.view(embeddedCentral), centralDeviceId: centralDeviceId() });
  return {
    'settings.get': async () => ok(view()),
    'settings.set': async (change) => {
      // Whatever the configuration fixes (Settings.fixedSettings) is refused here, one list for both.
      const fixedNames = Object.keys(settings.fixedSettings) as (keyof SettingsView['fixed'])[];
      const fixed = fixedNames.find((name) => change[name] !== undefined);
      if (fixed) {
        return refusal('conflict', 'settings.fixed', { setting: fixed }, [
          { detail: "fixed by the machine's configuration", pointer: `/${fixed}` },
        ]);
      }
      const known = catalog.current();
      if (change.languageId !== undefined && !known.languages.has(change.languageId)) return unknownLanguage(change.languageId);
      if (change.touchpointId !== undefined && !known.touchpoints.get(change.touchpointId)?.isActive) {
        return refusal('invalid', 'settings.unknownTouchpoint', { touchpointId: change.touchpointId }, [
          { detail: 'unknown touchpoint', pointer: '/touchpointId' },
        ]);
      }
      const unknownProducts = (change.quickKeys ?? []).filter((id) => id !== null && !known.products.has(id));
      if (unknownProducts.length > 0) {
        return refusal('invalid', 'settings.unknownProduct', { productId: unknownProducts.join(', ') }, [
          { detail: 'unknown product', pointer: '/quickKeys' },
        ]);
      }
      settings.update(change, staff.who());
      // A shorter retention applies at once, not at the next daily run.
      if (change.retentionDays !== undefined) purgePersonalData(db, settings.retentionDays, now());
      return ok(view());
    },
    'settings.history': async () => ok(settings.history()),
  };
}
