import { areas, openWhenLoaded } from '../areas';
import { focusSoon, useSale } from '../sale/saleStore';

/** The way into the settings (from the start screen, for managers) and back. */

export const SETTINGS_OPEN_ID = 'settings-open';
export const SETTINGS_TITLE_ID = 'settings-title';

export function openSettings(): void {
  openWhenLoaded(areas.settings, () => {
    useSale.getState().goTo('settings');
    focusSoon(SETTINGS_TITLE_ID);
  });
}
