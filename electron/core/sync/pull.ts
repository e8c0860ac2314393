import type { CounterDb as Database } from '../db/database';
import { z } from 'zod';
import { deletedOrderList } from '../../../shared/schemas/deleted';
import { order as orderSchema, pageFields, type Order } from '../../../shared/schemas/order';
import { dropLocalOrder, hasLocalOrder, takeInCentralCopy } from '../orders';
import type { CentralAnswer, CentralClient } from '../central';
import { hasPending } from '../db/outbox';
import { readSetting, writeSetting } from '../db/settings';
import { findByCentralId, forget, getSync, markCentral, markSeen } from '../db/syncOrders';
import { adoptInto } from './push';
import type { SyncOutcome } from './outcome';

const CURSOR = 'sync.pullUpdatedAfter';
const DELETED_CURSOR = 'sync.pullDeletedAfter';
const PAGE = 200;

/** What a pull did: the local orders it changed, the central's refusal of the read, or no usable answer. */
export type PullOutcome = SyncOutcome<string[], { reason: string; status: number }>;

/**
 * A page of changed orders, read lightly first: after a push most of them are the versions this
 * counter left there itself, so only a version it takes in is validated in full.
 */
const changedOrders = z.object({
  orders: z.array(orderSchema.pick({ orderId: true, externalOrderId: true, lastUpdatedOn: true }).loose()),
  ...pageFields,
});

/** A version of an order that is not the interface's: the page is not taken in. */
class BadOrder extends Error {}

function validated(central: unknown): Order {
  const parsed = orderSchema.safeParse(central);
  if (!parsed.success) throw new BadOrder(`the central's answer does not match the interface: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}

/** The local order a central order belongs to: ours by externalOrderId, or one adopted before. */
function localIdOf(db: Database, central: { orderId: string; externalOrderId: string | null }): string | undefined {
  if (central.externalOrderId && hasLocalOrder(db, central.externalOrderId)) return central.externalOrderId;
  return findByCentralId(db, central.orderId)?.orderId ?? (hasLocalOrder(db, central.orderId) ? central.orderId : undefined);
}

/**
 * Pulls what changed on the central for this touchpoint since the last pull, in
 * (lastUpdatedOn, orderId) order so no order sharing a time stamp is skipped. Orders the
 * counter made are brought up to date; orders made elsewhere are kept as read copies, so a
 * clerk finds them offline too. Then the deletions, from their own cursor.
 */
export async function pullChanges(db: Database, client: CentralClient, touchpointId: number, now: () => string): Promise<PullOutcome> {
  const changed: string[] = [];
  const orders = await pullFeed(db, client, { path: 'orders', cursor: CURSOR, touchpointId, schema: changedOrders }, (list) => {
    for (const seen of list.orders) {
      const localId = localIdOf(db, seen);
      if (localId === undefined) {
        // Our own order, deleted here with its deletion still to be sent: no copy to keep. (Its
        // central id may be unknown here: a counter killed before it wrote down its create's answer.)
        if (seen.externalOrderId && hasPending(db, seen.externalOrderId)) continue;
        const central = validated(seen);
        takeInCentralCopy(db, central);
        markCentral(db, central.orderId, central, 'central', now());
        changed.push(central.orderId);
      } else if (getSync(db, localId)?.centralUpdatedOn !== seen.lastUpdatedOn) {
        // A version not seen yet (most pulled orders after a push are the versions it left).
        if (adoptInto(db, localId, validated(seen))) changed.push(localId);
        if (!hasPending(db, localId)) markSeen(db, localId, seen.lastUpdatedOn);
      }
    }
    return list.orders.map((o) => o.lastUpdatedOn);
  });
  if (orders) return orders;
  const deletions = await pullFeed(
    db,
    client,
    { path: 'deletedorders', cursor: DELETED_CURSOR, touchpointId, schema: deletedOrderList },
    (list) => {
      for (const gone of list.deletedOrders) {
        const localId = localIdOf(db, gone);
        if (localId !== undefined && dropCopy(db, localId, gone)) changed.push(localId);
      }
      return list.deletedOrders.map((d) => d.deletedOn);
    },
  );
  return deletions ?? { kind: 'ok', value: changed };
}

/**
 * An order deleted on the central leaves this counter too, unless a local change of it
 * waits to be sent (that change is the clerk's, and sync settles it with the central first),
 * or the order lives on there under another copy: a push that found the known copy gone (404)
 * made the order again, and the first copy's deletion is news of the copy, not of the order.
 */
function dropCopy(db: Database, orderId: string, gone: { orderId: string; deletedOn: string }): boolean {
  if (hasPending(db, orderId)) return false;
  const known = getSync(db, orderId)?.centralOrderId;
  if (known && known !== gone.orderId) return false;
  if (!dropLocalOrder(db, orderId, gone.deletedOn)) return false;
  forget(db, orderId);
  return true;
}

interface Feed<S extends z.ZodType> {
  path: 'orders' | 'deletedorders';
  /** The setting that keeps the greatest stamp seen: the next pull asks from there. */
  cursor: string;
  touchpointId: number;
  schema: S;
}

/**
 * Reads a change feed of the central page by page, from the greatest stamp seen (inclusive:
 * the central's stamps rise in commit order, so nothing lands behind it). Each page is
 * taken in and its cursor moved in one transaction, while the next page is already on its way
 * (its link comes with the page): the counter's disk write and the round trip overlap. Answers
 * null when all went well.
 */
async function pullFeed<S extends z.ZodType>(
  db: Database,
  client: CentralClient,
  feed: Feed<S>,
  takeIn: (page: z.output<S>) => string[],
): Promise<PullOutcome | null> {
  const since = readSetting<string>(db, feed.cursor) ?? '1970-01-01T00:00:00.000Z';
  const query = new URLSearchParams({ updatedAfter: since, touchpointId: String(feed.touchpointId), limit: String(PAGE) });
  const origin = new URL(client.orderBase).origin;
  const get = (url: string): Promise<CentralAnswer<z.output<S>>> => client.request('GET', url, feed.schema);
  let coming: Promise<CentralAnswer<z.output<S>>> | null = get(`${client.orderBase}/${feed.path}?${query}`);
  let newest = since;
  while (coming) {
    const answer: CentralAnswer<z.output<S>> = await coming;
    if (answer.kind === 'unknown') return answer;
    if (answer.kind === 'refused') return { kind: 'refused', reason: answer.problem.detail, status: answer.status };
    const page = answer.value as z.output<S> & { _links: { next?: { href: string } } };
    const next = page._links.next?.href;
    // A page read ahead and then not taken in (this one is refused below) costs one read, no more.
    coming = next ? get(origin + next) : null;
    try {
      db.transaction(() => {
        for (const stamp of takeIn(page)) if (stamp > newest) newest = stamp;
        writeSetting(db, feed.cursor, newest);
      })();
    } catch (error) {
      // Nothing of the page was taken in, and the cursor stays: the next pull reads it again.
      if (error instanceof BadOrder) return { kind: 'unknown', reason: error.message, answered: true };
      throw error;
    }
  }
  return null;
}
