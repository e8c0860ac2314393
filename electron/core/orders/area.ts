import type { Actor } from '../../../shared/manager/types';
import type { Catalog } from '../../../domain/catalog';
import { OrderService } from '../../../domain/service';
import type { CounterDb } from '../db/database';
import type { Order } from '../../../shared/schemas/order';
import { orderDesk } from './desk';
import { indexExisting } from './facts';
import { localOrderStore } from './localOrders';

/**
 * A hook another area runs inside each write of a clerk's change, in its transaction: it may
 * refuse the write by throwing (a closed day: manager/days.ts), or write beside it (the cash
 * journal, the act's audit row). docs/api.md §10.3.
 */
export type OrderWriteHook = (tx: CounterDb, order: Order | null) => void;

/**
 * The counter's orders (docs/counter.md §3): the local store with its outbox and review index,
 * the same order domain as the central, and the desk every order channel goes through. The
 * hooks run in the order given.
 */
export function ordersArea(deps: {
  db: CounterDb;
  now: () => Date;
  newId: () => string;
  deviceId: string;
  touchpointId: () => number;
  catalog: () => Catalog;
  actor: () => Actor | null;
  onWrite: OrderWriteHook[];
  closedToday: () => string | null;
  changed: (orderId: string) => void;
}) {
  const { db, now } = deps;
  indexExisting(db);
  const store = localOrderStore(db, now, deps.actor, (tx, _orderId, _change, order) => {
    for (const hook of deps.onWrite) hook(tx, order ?? null);
  });
  const prefix = `K${deps.deviceId.replace(/-/g, '').slice(0, 4).toUpperCase()}`;
  const service = new OrderService({
    store,
    catalog: deps.catalog,
    clock: now,
    newId: deps.newId,
    orderNumbering: { prefix: `${prefix}-`, offset: 0, digits: 6 },
  });
  const desk = orderDesk({ db, service, touchpointId: deps.touchpointId, closedToday: deps.closedToday, changed: deps.changed });
  return { service, desk };
}
