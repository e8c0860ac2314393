import type { StaffMember } from '../../../shared/ipc';
import type { Actor } from '../../../shared/manager/types';
import type { Order } from '../../../shared/schemas/order';
import type { CounterDb } from '../db/database';
import { CashDrawer, type DrawerDay } from './drawer';
import { cashHandlers } from './handlers';
import { cashRoundingsOf, journalOrderMoney } from './orderMoney';

/**
 * The cash drawer (docs/api.md §10.2, docs/counter.md §17): its sessions and movements, and the
 * cash journal (tables cash_sessions, cash_movements, cash_journal, cash_roundings). It offers
 * the order store's hook that journals an order's money in the order's own write, and the
 * roundings a receipt shows.
 */
export function cashArea(deps: {
  db: CounterDb;
  days: DrawerDay;
  timeZone: string;
  now: () => Date;
  newId: () => string;
  who: () => StaffMember | null;
  actor: () => Actor | null;
  cashRounding: () => boolean;
  openDrawer: (reason: string) => Promise<unknown>;
}) {
  const { db, now } = deps;
  const drawer = new CashDrawer(db, deps.days, deps.timeZone, now, deps.newId);
  return {
    handlers: cashHandlers({ drawer, who: deps.who, openDrawer: deps.openDrawer }),
    /** In each order write: the order's cash movements journaled in its transaction. */
    onOrderWrite: (tx: CounterDb, order: Order | null) => {
      if (order) journalOrderMoney(tx, order, deps.actor(), now().toISOString(), deps.cashRounding());
    },
    roundingsOf: (orderId: string) => cashRoundingsOf(db, orderId),
  };
}
