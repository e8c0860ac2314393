import type { HandlersOf } from '../../../shared/ipc';
import type { syncChannels } from '../../../shared/ipc/sync';
import { ok, refusal } from '../../../shared/refusals';
import type { CounterDb } from '../db/database';
import { rejectedIds, setAsideOrders, unsentOrders } from '../db/syncOrders';
import { syncProblems } from '../manager';
import type { OrderDesk } from '../orders';
import type { SyncEngine } from './engine';

/** Sync with the central as the screens see it (docs/counter.md §3). */
export function syncHandlers({
  db,
  engine,
  desk,
}: {
  db: CounterDb;
  engine: SyncEngine;
  desk: OrderDesk;
}): HandlersOf<typeof syncChannels> {
  return {
    'sync.status': async () => ok(engine.status()),
    'sync.now': async () => ok(await engine.settle()),
    'sync.unsent': async () => ok(unsentOrders(db, engine.lastFailure)),
    'sync.rejected': async () => {
      const orders = await Promise.all(rejectedIds(db).map((id) => desk.get(id)));
      return ok(orders.flatMap((r) => (r.ok ? [r.value] : [])));
    },
    'sync.setAside': async () => {
      const held = await Promise.all(setAsideOrders(db).map(async (s) => ({ ...s, found: await desk.get(s.orderId) })));
      return ok(held.flatMap(({ found, attempts, lastError }) => (found.ok ? [{ order: found.value.order, attempts, lastError }] : [])));
    },
    'sync.retry': async ({ orderId }) => {
      if (engine.retry(orderId ?? null) === 0 && orderId !== undefined) return refusal('not-found', 'sync.notSetAside', { orderId });
      return ok(engine.status());
    },
    'sync.problems': async () => ok(syncProblems(db)),
    'sync.testConnection': async () => ok(await engine.testConnection()),
  };
}
