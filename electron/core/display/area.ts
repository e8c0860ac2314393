import type { CustomerView } from '../../../shared/ipc/display';
import type { ReceiptOrder } from '../../../domain/receipts/receipt';
import { CustomerDisplay } from './display';
import { displayHandlers } from './handlers';

/**
 * The customer display (docs/api.md §9.4): its channels, and the hooks it offers: a changed
 * order shown again, nothing shown once nobody is logged in.
 */
export function displayArea(deps: {
  loadOrder: (orderId: string) => Promise<ReceiptOrder | null>;
  cashRounding: () => boolean;
  changed: (view: CustomerView | null) => void;
}) {
  const display = new CustomerDisplay(deps.loadOrder, deps.cashRounding);
  display.onChange(deps.changed);
  return {
    display,
    handlers: displayHandlers(display),
    orderChanged: (orderId: string) => void display.orderChanged(orderId),
    clear: () => display.show(null),
  };
}
