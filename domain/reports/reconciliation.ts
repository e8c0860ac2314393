import type { DayClosureInput, Reconciliation } from '../../shared/manager/closure';
import type { Order } from '../../shared/schemas/order';
import { methodFigures, movementsOf } from './figures';
import { dayBounds } from './timeZone';

/**
 * The central's side of a day close (docs/api.md §10.4): per payment method, the payments
 * less the refunds settled within the close's business day (in its own time zone) on the
 * touchpoint's orders, the same rule the counter's Z report follows (figures.ts), set beside
 * what the counter sent. A method either side lacks counts as 0.
 */
export function reconcile(close: Pick<DayClosureInput, 'businessDate' | 'timeZone' | 'methods'>, orders: Iterable<Order>): Reconciliation {
  const movements = [...orders].flatMap(movementsOf);
  const central = methodFigures(movements, dayBounds(close.businessDate, close.timeZone)).map((f) => ({
    paymentMethodId: f.paymentMethodId,
    net: f.payments - f.refunds,
  }));
  const counterNet = new Map(close.methods.map((m) => [m.paymentMethodId, m.payments - m.refunds]));
  const centralNet = new Map(central.map((c) => [c.paymentMethodId, c.net]));
  const ids = [...new Set([...counterNet.keys(), ...centralNet.keys()])].sort((a, b) => a - b);
  const differences = ids
    .map((paymentMethodId) => ({ paymentMethodId, counter: counterNet.get(paymentMethodId) ?? 0, central: centralNet.get(paymentMethodId) ?? 0 }))
    .filter((d) => d.counter !== d.central);
  return { matches: differences.length === 0, central, differences };
}
