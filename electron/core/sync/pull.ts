import type { Database } from 'better-sqlite3';
import { orderList, type Order } from '../../../shared/schemas/order';
import { getOrder, insertOrder } from '../../../domain/store/orders';
import type { CentralClient } from '../centralClient';
import { readSetting, writeSetting } from '../db/settings';
import { findByCentralId, markCentral } from '../db/syncOrders';
import { adoptInto } from './push';

const CURSOR = 'sync.pullUpdatedAfter';
const PAGE = 200;

export type PullOutcome = { kind: 'ok'; changed: string[] } | { kind: 'unknown'; reason: string } | { kind: 'auth'; reason: string };

/** The local order a central order belongs to: ours by externalOrderId, or one adopted before. */
function localIdOf(db: Database, central: Order): string | undefined {
  if (central.externalOrderId && getOrder(db, central.externalOrderId)) return central.externalOrderId;
  return findByCentralId(db, central.orderId)?.orderId ?? (getOrder(db, central.orderId) ? central.orderId : undefined);
}

/**
 * Pulls what changed on the central for this touchpoint since the last pull, in
 * (lastUpdatedOn, orderId) order so no order sharing a time stamp is skipped. Orders the
 * counter made are brought up to date; orders made elsewhere are kept as read copies, so a
 * clerk finds them offline too.
 */
export async function pullChanges(db: Database, client: CentralClient, touchpointId: number, now: () => string): Promise<PullOutcome> {
  const since = readSetting<string>(db, CURSOR) ?? '1970-01-01T00:00:00.000Z';
  const query = new URLSearchParams({ updatedAfter: since, touchpointId: String(touchpointId), limit: String(PAGE) });
  let url: string | null = `${client.orderBase}/orders?${query}`;
  const origin = new URL(client.orderBase).origin;
  const changed: string[] = [];
  let newest = since;
  while (url) {
    const answer: Awaited<ReturnType<typeof client.request<typeof orderList>>> = await client.request('GET', url, orderList);
    if (answer.kind === 'unknown') return { kind: 'unknown', reason: answer.reason };
    if (answer.kind === 'refused') return { kind: 'auth', reason: answer.problem.detail };
    db.transaction(() => {
      for (const central of answer.value.orders) {
        const localId = localIdOf(db, central);
        if (localId === undefined) {
          insertOrder(db, { order: central, touchpointId: central.touchPoint.salesTouchpointId, customerFixed: true, version: 0 });
          markCentral(db, central.orderId, central, 'central', now());
          changed.push(central.orderId);
        } else if (adoptInto(db, localId, central)) {
          changed.push(localId);
        }
        if (central.lastUpdatedOn > newest) newest = central.lastUpdatedOn;
      }
      writeSetting(db, CURSOR, newest);
    })();
    const next: string | undefined = answer.value._links.next?.href;
    url = next ? origin + next : null;
  }
  return { kind: 'ok', changed };
}
