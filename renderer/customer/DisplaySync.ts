import { useEffect } from 'react';
import { useCounter } from '../api/counter';
import { useSale } from '../sale/saleStore';

/** The screens that hold a sale in progress: the customer display shows it there, and nothing elsewhere. */
const SALE_SCREENS = new Set(['sale', 'checkout', 'receipt']);

/**
 * Tells the main process which sale the clerk has open, so the customer display follows the
 * clerk's screen (docs/api.md §9.4). A component of its own that draws nothing: the open order
 * changes with a sale's first touch, and only this re-renders for it, not the whole workspace.
 */
export function DisplaySync(): null {
  const api = useCounter();
  const orderId = useSale((s) => (SALE_SCREENS.has(s.screen) ? s.orderId : null));
  useEffect(() => {
    void api.invoke('display.show', { orderId });
  }, [api, orderId]);
  return null;
}
