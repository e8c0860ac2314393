import { create } from 'zustand';
import { areas, openWhenLoaded } from '../areas';
import { focusSoon, useSale, type Screen } from '../sale/saleStore';

/**
 * The sync panel opens from the top bar's "Sync status" button on any screen, and "Back"
 * returns to the screen it was opened from (an open sale keeps its order).
 */

export const SYNC_PANEL_TITLE_ID = 'sync-panel-title';
export const SYNC_DETAILS_BUTTON_ID = 'sync-details';

const useReturnTo = create<{ screen: Screen }>()(() => ({ screen: 'start' }));

export function openSyncPanel(): void {
  openWhenLoaded(areas.sync, () => {
    const sale = useSale.getState();
    if (sale.screen !== 'sync') useReturnTo.setState({ screen: sale.screen });
    sale.goTo('sync');
    focusSoon(SYNC_PANEL_TITLE_ID);
  });
}

export function closeSyncPanel(): void {
  useSale.getState().goTo(useReturnTo.getState().screen);
  focusSoon(SYNC_DETAILS_BUTTON_ID);
}
