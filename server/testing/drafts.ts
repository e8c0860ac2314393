import { countingIds } from './harness';
import { otherFixtures } from './fixtures';
import { Catalog } from '../../domain/catalog';
import { createOrder } from '../../domain/order/operations';
import type { OrderRecord } from '../../domain/order/record';
import type { OrderStore } from '../../domain/store/types';

/** New orders for the store tests: one plain line at touchpoint 501 of the other fixtures. */

const catalog = new Catalog(otherFixtures());
const plain = catalog.products.get(9200)!;
export const DRAFT_TIME = Date.parse('2031-03-02T08:30:00.000Z');
const newId = countingIds('bbbbbbbb');

export function draftOrder(createdOn?: string): OrderRecord {
  const made = createOrder(
    {
      externalOrderId: null,
      languageId: 31,
      orderLines: [{ productId: plain.productId, quantity: 1, vouchers: [] }],
      ...(createdOn ? { createdOn } : {}),
    },
    { touchPoint: catalog.touchpoints.get(501)!, customerProfileId: null, orderNumber: '' },
    { catalog, now: new Date(DRAFT_TIME), newId },
  );
  if (!made.ok) throw new Error(JSON.stringify(made.refusal));
  return made.value;
}

export async function insertDraft(store: OrderStore, record = draftOrder()): Promise<OrderRecord> {
  const outcome = await store.insert(record, { prefix: 'N', offset: 0, digits: 0 });
  if (!('inserted' in outcome)) throw new Error('not inserted');
  return outcome.inserted;
}

/** What a pulling client gets from `since` (inclusive), every page followed. */
export async function changesSince(store: OrderStore, since: string): Promise<{ orderId: string; lastUpdatedOn: string }[]> {
  const seen: { orderId: string; lastUpdatedOn: string }[] = [];
  let after = null;
  do {
    const page = await store.list({ updatedAfter: since }, 2, after);
    seen.push(...page.rows.map((r) => JSON.parse(r.doc) as { orderId: string; lastUpdatedOn: string }));
    after = page.next;
  } while (after);
  return seen;
}
