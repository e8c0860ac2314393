import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countingIds } from '../../../server/testing/harness';
import { otherFixtures } from '../../../server/testing/fixtures';
import { Catalog } from '../../catalog';
import type { OpContext } from '../../order/context';
import { addLine, createOrder, removeLine } from '../../order/operations';
import { addPayment } from '../../order/payments';
import type { OrderRecord } from '../../order/record';
import { openDatabase } from './database';
import { sqliteOrderStore } from './store';

/** The SQLite order store on its own: numbering, optimistic versions, lookup rows, reference data. */

const fixtures = otherFixtures();
const catalog = new Catalog(fixtures);
const [plain, registeredOnly] = [9200, 9400].map((id) => catalog.products.get(id)!);
const token = fixtures.transitTokens[0]!;

let store: ReturnType<typeof sqliteOrderStore>;
let ctx: OpContext;
const writes: string[] = [];

beforeEach(() => {
  writes.length = 0;
  store = sqliteOrderStore(openDatabase(':memory:'), (_tx, orderId, change) => writes.push(`${change} ${orderId}`));
  ctx = { catalog, now: new Date('2031-03-02T08:30:00.000Z'), newId: countingIds('aaaaaaaa') };
});
afterEach(() => store.close());

function draft(over: { externalOrderId?: string; touchpointId?: number; withToken?: boolean } = {}): OrderRecord {
  const touchPoint = catalog.touchpoints.get(over.touchpointId ?? 501)!;
  const made = createOrder(
    {
      externalOrderId: over.externalOrderId ?? null,
      languageId: 31,
      orderLines: [
        over.withToken
          ? {
              productId: registeredOnly!.productId,
              quantity: 1,
              vouchers: [],
              customerTokens: [{ tokenTypeId: token.tokenTypeId, transitTokenId: token.transitTokenId }],
            }
          : { productId: plain!.productId, quantity: 2, vouchers: [] },
      ],
    },
    { touchPoint, customerProfileId: null, orderNumber: '' },
    ctx,
  );
  if (!made.ok) throw new Error(JSON.stringify(made.refusal));
  return made.value;
}

async function inserted(record = draft()): Promise<OrderRecord> {
  const outcome = await store.insert(record, { prefix: 'N', offset: 0, digits: 0 });
  if (!('inserted' in outcome)) throw new Error('not inserted');
  return outcome.inserted;
}

describe('sqlite order store', () => {
  it('numbers orders from the sequence inside the insert, and reads them back as written', async () => {
    const a = await inserted();
    const b = await inserted();
    expect([a.order.orderNumber, b.order.orderNumber]).toEqual(['N1', 'N2']);
    expect(await store.get(a.order.orderId)).toEqual(a);
    expect(await store.get('00000000-0000-4000-8000-00000000ffff')).toBeUndefined();
    expect(writes).toEqual([`insert ${a.order.orderId}`, `insert ${b.order.orderId}`]);
  });

  it('answers the existing order for a repeated externalOrderId on the same touchpoint only', async () => {
    const first = await inserted(draft({ externalOrderId: 'till-7' }));
    const again = await store.insert(draft({ externalOrderId: 'till-7' }), { prefix: 'N', offset: 0, digits: 0 });
    expect(again).toEqual({ duplicateOf: first.order.orderId });
    expect(await store.findByExternalId(501, 'till-7')).toBe(first.order.orderId);
    const elsewhere = await store.insert(draft({ externalOrderId: 'till-7', touchpointId: 502 }), { prefix: 'N', offset: 0, digits: 0 });
    expect('inserted' in elsewhere).toBe(true);
    // The refused insert used no order number: the sequence rolled back with it.
    expect('inserted' in elsewhere && elsewhere.inserted.order.orderNumber).toBe('N2');
  });

  it('writes an update only over the version it was made from', async () => {
    const a = await inserted();
    const changed = { ...a, order: { ...a.order, externalOrderId: null, totalAmount: 1 }, version: 1 };
    expect(await store.update(changed, 0)).toMatchObject({ version: 1, order: { totalAmount: 1 } });
    const stale = { ...a, order: { ...a.order, totalAmount: 2 }, version: 1 };
    expect(await store.update(stale, 0)).toBeNull();
    expect((await store.get(a.order.orderId))!.order.totalAmount).toBe(1);
    expect(writes.filter((w) => w.startsWith('update'))).toHaveLength(1);
  });

  it('deletes only the version it saw, and its lines and payments with it', async () => {
    const a = await inserted();
    const lineId = a.order.orderLines[0]!.orderLineId;
    expect(await store.orderIdOfPart('line', lineId)).toBe(a.order.orderId);
    expect(await store.orderIdOfPart('payment', lineId)).toBeUndefined();
    expect(await store.remove(a.order.orderId, 5)).toBe(false);
    expect(await store.remove(a.order.orderId, 0)).toBe(true);
    expect(await store.get(a.order.orderId)).toBeUndefined();
    expect(await store.orderIdOfPart('line', lineId)).toBeUndefined();
    expect(writes.at(-1)).toBe(`delete ${a.order.orderId}`);
  });

  it('keeps the lookup rows of lines, payments and tokens in step with the order', async () => {
    const a = await inserted(draft({ withToken: true }));
    const added = addLine(a, { productId: plain!.productId, quantity: 1, vouchers: [] }, ctx);
    if (!added.ok) throw new Error('line refused');
    const newLineId = added.value.order.orderLines[1]!.orderLineId;
    const firstLineId = a.order.orderLines[0]!.orderLineId;
    const removed = removeLine({ ...added.value, version: 0 }, firstLineId, ctx);
    if (!removed.ok) throw new Error('remove refused');
    const paid = addPayment(
      removed.value,
      { paymentMethodId: 41, amountDebit: plain!.amountInclTax, operatorPaymentReference: 'r', statusCode: 'PENDING' },
      ctx,
    );
    if (!paid.ok) throw new Error(JSON.stringify(paid.refusal));
    expect(await store.update({ ...paid.value.record, version: 1 }, 0)).not.toBeNull();
    expect(await store.orderIdOfPart('line', newLineId)).toBe(a.order.orderId);
    expect(await store.orderIdOfPart('line', firstLineId)).toBeUndefined();
    expect(await store.orderIdOfPart('payment', paid.value.paymentId)).toBe(a.order.orderId);
    const byToken = await store.list({ transitTokenIds: [token.transitTokenId] }, 10, null);
    expect(byToken.rows).toHaveLength(0);
  });

  it('finds orders by registered token', async () => {
    const withToken = await inserted(draft({ withToken: true }));
    await inserted();
    const page = await store.list({ transitTokenIds: [token.transitTokenId] }, 10, null);
    expect(page.rows.map((r) => (JSON.parse(r.doc) as { orderId: string }).orderId)).toEqual([withToken.order.orderId]);
    expect(page.rows[0]).toMatchObject({ statusId: 1, hasTokens: true });
    expect((await store.list({ transitTokenIds: [] }, 10, null)).rows).toEqual([]);
  });

  it('saves the reference data, a reload replacing it', async () => {
    expect(await store.loadReference()).toBeUndefined();
    await store.saveReference(fixtures, 'first.json', '2031-01-01T00:00:00.000Z');
    const smaller = { ...fixtures, products: fixtures.products.slice(0, 1) };
    await store.saveReference(smaller, 'second.json', '2031-01-02T00:00:00.000Z');
    expect(await store.loadReference()).toEqual(smaller);
  });
});
