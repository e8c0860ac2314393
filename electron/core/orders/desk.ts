import type { CounterOrder, IpcResult } from '../../../shared/ipc';
import { ok, refusal, type RefusalCode } from '../../../shared/refusals';
import type { Order } from '../../../shared/schemas/order';
import type { Refusal, Result } from '../../../domain/result';
import { owns, type Caller, type OrderService } from '../../../domain/service';
import type { CounterDb } from '../db/database';
import { getSync, syncView } from '../db/syncOrders';
import { cashRoundingsOf } from '../cash';

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
  /** Runs a change; every change is refused while the business day is closed (docs/api.md §10.2). */
  change(run: () => Promise<Result<Order>>): Promise<IpcResult<CounterOrder>>;
  /** Runs a deletion, refused like a change while the business day is closed. */
  remove(run: () => Promise<Result<true>>, orderId: string): Promise<IpcResult<true>>;
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

/** Thrown inside a write's transaction when its business day is closed: the write is undone. */
export class DayClosed extends Error {
  constructor(readonly businessDate: string) {
    super(`the business day ${businessDate} is closed`);
  }
}

export function orderDesk(deps: {
  db: CounterDb;
  service: OrderService;
  touchpointId: () => number;
  closedToday: () => string | null;
  changed: (orderId: string) => void;
}): OrderDesk {
  const caller = (): Caller => ({ touchpointId: deps.touchpointId(), customerProfileId: null });
  const refused = (r: Refusal) => refusal(r.kind, DOMAIN_CODES[r.kind], {}, 'errors' in r ? r.errors : []);
  const dayClosed = (businessDate: string) => refusal('conflict', 'day.closed', { businessDate });
  /**
   * The closed day is asked twice: before the change, for a clear answer, and by the write's
   * own transaction (counter.ts), which throws DayClosed, so a close committed in between wins.
   */
  async function guarded<T>(run: () => Promise<Result<T>>): Promise<IpcResult<T>> {
    const closed = deps.closedToday();
    if (closed !== null) return dayClosed(closed);
    try {
      const result = await run();
      return result.ok ? ok(result.value) : refused(result.refusal);
    } catch (error) {
      if (error instanceof DayClosed) return dayClosed(error.businessDate);
      throw error;
    }
  }
  const view = (order: Order): CounterOrder => ({
    order,
    sync: syncView(getSync(deps.db, order.orderId)),
    readOnly: !owns(caller(), { touchpointId: order.touchPoint.salesTouchpointId }),
    cashRounding: cashRoundingsOf(deps.db, order.orderId),
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
    async change(run) {
      const result = await guarded(run);
      if (!result.ok) return result;
      deps.changed(result.value.orderId);
      return ok(view(result.value));
    },
    async remove(run, orderId) {
      const result = await guarded(run);
      if (!result.ok) return result;
      deps.changed(orderId);
      return ok(true as const);
    },
  };
}
