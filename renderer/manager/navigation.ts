import { create } from 'zustand';
import { areas, openWhenLoaded } from '../areas';
import { focusSoon, useSale } from '../sale/saleStore';

/** Where a manager is in the manager's screens: which part, which order's detail is open. */

export const MANAGER_PARTS = ['orders', 'day', 'reports', 'audit'] as const;
export type ManagerPart = (typeof MANAGER_PARTS)[number];

export const MANAGER_TITLE_ID = 'manager-title';
export const MANAGER_OPEN_ID = 'manager-open';

interface ManagerNav {
  part: ManagerPart;
  /** The order whose detail is shown beside the list. */
  orderId: string | null;
}

export const useManagerNav = create<ManagerNav>()(() => ({ part: 'orders', orderId: null }));

/** To the manager's screens at `part`; with `orderId`, that order's detail is open beside the list. */
export function openManager(part: ManagerPart = useManagerNav.getState().part, orderId: string | null = null): void {
  openWhenLoaded(areas.manager, () => {
    useManagerNav.setState({ part });
    useSale.getState().goTo('manager');
    focusSoon(MANAGER_TITLE_ID);
    if (orderId) showOrderDetail(orderId);
  });
}

export function showOrderDetail(orderId: string | null): void {
  useManagerNav.setState({ orderId });
  if (orderId) focusSoon('order-detail-title');
}
