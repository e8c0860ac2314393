import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { readerPool, type ReaderPool } from '../domain/store/sqlite/readers';
import { SMALL_PAGE } from '../domain/store/sqlite/store';
import { openDatabase } from '../domain/store/sqlite/database';
import { listOrders } from '../domain/store/sqlite/orders';
import { orderList, type Order } from '../shared/schemas/order';
import { scenarios, tempDir } from './testing/fixtures';
import { API, expectOrder, harness, type Harness } from './testing/harness';
import { createOrder, line, pay, registered } from './testing/orders';

/**
 * The central's list reads on reader threads (readers.ts): the same pages as on the event
 * loop, every committed write seen, and a slow list holding no other request.
 */

const { fixtures, now: NOW } = scenarios()[0]!;
const tmp = tempDir('readers-');
afterAll(() => tmp.remove());

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const ids = (text: string) => orderList.parse(JSON.parse(text)).orders.map((o) => o.orderId);

describe('reader threads', () => {
  it('answer the pages the event loop would, and see every write committed before the read', async () => {
    const file = join(tmp.dir, 'same.sqlite');
    h = await harness({ fixtures, now: NOW, db: file, readers: (f) => readerPool(f, 2) });
    const made: Order[] = [];
    const { plain, needsRegistered, registeredToken } = h.roles;
    for (let i = 0; i < 5; i++) {
      h.clock.advance(60_000);
      // The third holds a registered token, which the answer presents with its reference record.
      const lines = i === 2 ? [line(needsRegistered, { customerTokens: [registered(registeredToken)] })] : [line(plain)];
      made.push(await createOrder(h, lines));
    }
    await pay(h, made[1]!, { statusCode: 'SETTLED' });
    // The same queries on a connection of the event loop's own.
    const inline = openDatabase(file);
    onTestFinished(() => {
      inline.close();
    });
    // Pages above SMALL_PAGE: smaller ones are read on the event loop (store.ts).
    for (const query of [
      'limit=21',
      'orderStatusId=1,4',
      `updatedAfter=${NOW}&limit=30`,
      `touchpointId=${h.roles.touchpoint.salesTouchpointId}`,
    ]) {
      const res = await h.call('GET', `${API}/orders?${query}`);
      expect(res.status, res.text).toBe(200);
      const params = Object.fromEntries(new URLSearchParams(query));
      const filter = {
        ...(params.orderStatusId ? { orderStatusId: params.orderStatusId.split(',').map(Number) } : {}),
        ...(params.updatedAfter ? { updatedAfter: params.updatedAfter } : {}),
        ...(params.touchpointId ? { touchpointId: Number(params.touchpointId) } : {}),
      };
      const onLoop = listOrders(inline, filter, Number(params.limit ?? 100), null).rows.map((r) => JSON.parse(r.doc).orderId);
      expect(ids(res.text)).toEqual(onLoop);
    }
    // Each order of a page is answered as the event loop would: the open one with its token's record.
    const page = orderList.parse(JSON.parse((await h.call('GET', `${API}/orders?limit=100`)).text)).orders;
    expect(page).toHaveLength(5);
    for (const order of page) expect(order).toEqual(expectOrder(await h.call('GET', `${API}/orders/${order.orderId}`), 200));
    expect(page.find((o) => o.orderId === made[2]!.orderId)!.orderLines[0]!.customerTokens![0]!.transitToken?.transitTokenId).toBe(
      registeredToken.transitTokenId,
    );
    // A write answered is on disk, and the next read, on any thread, sees it.
    for (let i = 0; i < 4; i++) {
      const fresh = await createOrder(h, [line(h.roles.plain)]);
      const res = await h.call('GET', `${API}/orders?orderId=${fresh.orderId}`);
      expect(ids(res.text)).toEqual([fresh.orderId]);
    }
  });

  it('a slow list holds no other request: the central answers while it is in flight, small pages and point lookups on the event loop', async () => {
    const file = join(tmp.dir, 'held.sqlite');
    const gate = new Int32Array(new SharedArrayBuffer(4));
    let dispatched!: () => void;
    let toReader = 0;
    const reached = new Promise<void>((resolve) => (dispatched = resolve));
    // A reader held at each read until the gate opens; the pool tells when a list was handed to it.
    const held = (f: string): ReaderPool => {
      const pool = readerPool(f, 1, {
        entry: new URL('../domain/store/sqlite/testing/heldReaderThread.ts', import.meta.url),
        data: { gate: gate.buffer },
      });
      return {
        ...pool,
        listJoined: (...args) => {
          const page = pool.listJoined(...args);
          toReader++;
          dispatched();
          return page;
        },
      };
    };
    h = await harness({ fixtures, now: NOW, db: file, readers: held });
    const order = await createOrder(h, [line(h.roles.plain)]);
    let settled = false;
    const slow = h.call('GET', `${API}/orders?limit=1000`).finally(() => (settled = true));
    await reached;
    // The list is on the reader thread, held; the event loop serves a read and a write meanwhile.
    const one = await h.call('GET', `${API}/orders/${order.orderId}`);
    expect(one.status).toBe(200);
    // A list by order id or number, and a page of at most SMALL_PAGE orders, are read on the event
    // loop, not behind the held reader (docs/operations.md §2); the held list is the reader's only one.
    expect(ids((await h.call('GET', `${API}/orders?orderId=${order.orderId}`)).text)).toEqual([order.orderId]);
    expect(ids((await h.call('GET', `${API}/orders?orderNumber=${order.orderNumber}&limit=1000`)).text)).toEqual([order.orderId]);
    expect(ids((await h.call('GET', `${API}/orders?limit=${SMALL_PAGE}`)).text)).toEqual([order.orderId]);
    expect(toReader).toBe(1);
    const another = await createOrder(h, [line(h.roles.plain)]);
    expect(settled).toBe(false);
    Atomics.store(gate, 0, 1);
    Atomics.notify(gate, 0);
    const page = await slow;
    expect(page.status, page.text).toBe(200);
    // The held read ran once released, after both writes had committed: it sees them.
    expect(ids(page.text).sort()).toEqual([order.orderId, another.orderId].sort());
  });
});
