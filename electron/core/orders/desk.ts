import type { CounterOrder, IpcResult } from '../../../shared/ipc';
import { ok, refusal, type RefusalCode } from '../../../shared/refusals';
import type { Order } from '../../../shared/schemas/order';
import type { Refusal, Result } from '../../../domain/result';
import { owns, type Caller, type OrderService } from '../../../domain/service';
import type { CounterDb } from '../db/database';
import { getSync, syncView } from '../db/syncOrders';

/**
 * What every area that changes orders at the counter shares: the order service as this counter
 * calls it (its touchpoint, no customer), an order as the screens see it, and a change that is
 * refused on a closed day, and tells sync and the screens once it is committed.
 */
export interface OrderDesk {
  service: OrderService;
  caller(): Caller;
  view(order: Order): CounterOrder;
  get(orderId: string): Promise<IpcResult<CounterOrder>>;
  /** Runs a change; `sells` (it adds money or lines to today) is refused while today is closed. */
  change(run: () => Promise<Result<Order>>, sells?: boolean): Promise<IpcResult<CounterOrder>>;
  refused(r: Refusal): IpcResult<never>;
  /** Tells sync and the screens that an order changed (after its commit). */
  changed(orderId: string): void;
}

const DOMAIN_CODES: Record<Refusal['kind'], RefusalCode> = {
  invalid: 'order.invalid',
  'not-found': 'order.notFound',
  conflict: 'order.conflict',
  forbidden: 'order.forbidden',
};

export function orderDesk(deps: {
  db: CounterDb;
  service: OrderService;
  touchpointId: () => number;
  closedToday: () => string | null;
  changed: (orderId: string) => void;
}): OrderDesk {
  const caller = (): Caller => ({ touchpointId: deps.touchpointId(), customerProfileId: null });
  const refused = (r: Refusal) => refusal(r.kind, DOMAIN_CODES[r.kind], {}, 'errors' in r ? r.errors : []);
  const view = (order: Order): CounterOrder => ({
    order,
    sync: syncView(getSync(deps.db, order.orderId)),
    readOnly: !owns(caller(), { touchpointId: order.touchPoint.salesTouchpointId }),
  });
  return {
    service: deps.service,
    caller,
    view,
    refused,
    changed: deps.changed,
    async get(orderId) {
      const result = await deps.service.get(orderId, caller());
      return result.ok ? ok(view(result.value)) : refused(result.refusal);
    },
    async change(run, sells = true) {
      const closed = sells ? deps.closedToday() : null;
      if (closed !== null) return refusal('conflict', 'day.closed', { businessDate: closed });
      const result = await run();
      if (!result.ok) return refused(result.refusal);
      deps.changed(result.value.orderId);
      return ok(view(result.value));
    },
  };
}
