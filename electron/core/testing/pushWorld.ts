import { scriptedClient, type Script } from './scriptedClient';
import type { CentralRequests } from '../central/centralClient';
import { pendingOrders } from '../db/outbox';
import { getSync } from '../db/syncOrders';
import { API, expectOrder } from '../../../server/testing/harness';
import { fastSyncPerTest } from './fastSync';

/**
 * What the push tests (electron/core/sync/push.*.test.ts) share: a fast sync world per test
 * (the central's HTTP app in this process on an in-memory store with a frozen clock, a proxy
 * that loses answers on purpose, a counter) and the ways they set up an order's history.
 */
export function pushWorld(ids: string) {
  const world = fastSyncPerTest(ids);
  const settle = () => world.counter.test.engine.settle();
  const db = () => world.counter.test.db;
  const centralCall = async (method: string, path: string, body?: unknown) =>
    expectOrder(await world.central.call(method, API + path, body === undefined ? {} : { body }));
  return {
    world,
    settle,
    db,
    sync: (orderId: string) => getSync(db(), orderId),
    /** The requests of the last rounds, the pull's left out. */
    pushed: () => world.requests().filter((r) => !r.includes('updatedAfter=')),
    lookup: (orderId: string) => `GET /api/2.0/orders?externalOrderId=${orderId}&touchpointId=10`,
    centralCall,

    /** Makes the proxy lose the answer of the first request that `matches`, after the central carried it out. */
    loseFirst(matches: (method: string, path: string) => boolean) {
      let lost = false;
      world.proxy.decide = ({ method, path }) => {
        if (lost || !matches(method, path)) return undefined;
        lost = true;
        return 'drop';
      };
    },

    /** An order synced, then paid in full on the central by another channel (a web shop's card payment). */
    async paidThereAfterSync(quantity: number) {
      const order = await world.anna.create([{ productId: 600, quantity }]);
      await settle();
      const central = (await world.centralCopy(order.orderId))!;
      const body = { paymentMethodId: 4, amountDebit: order.totalAmount, operatorPaymentReference: 'web-1', statusCode: 'SETTLED' };
      await centralCall('POST', `/orders/${central.orderId}/payments`, body);
      return { order, central };
    },

    /** An order paid by PIN (pending) and synced, then cancelled and deleted here: its outbox work. */
    async deletedWithPendingPinThere() {
      const order = await world.anna.create([{ productId: 600, quantity: 1 }]);
      await world.anna.pay(order.orderId, order.totalAmount, 'pin');
      await settle();
      await world.anna.cancel(order.orderId);
      await world.anna.remove(order.orderId);
      const [work] = pendingOrders(db(), 10);
      return { order, work };
    },

    /** A client that answers as `script` says for the requests it picks, and passes the rest to the central. */
    scripted: (script: Script) => scriptedClient(world.client(), script),

    /**
     * A client through which the first request that `matches` reaches the central twice: its
     * late original (sent earlier, answer lost) lands just before the request itself.
     */
    lateOriginal(matches: (method: string, url: string) => boolean) {
      const client = scriptedClient(world.client());
      const passOn = client.request;
      let landed = false;
      client.request = (async (method, url, schema, body) => {
        if (!landed && matches(method, url)) {
          landed = true;
          await world.central.call(method, url.slice(url.indexOf(API)), body === undefined ? {} : { body });
        }
        return passOn(method, url, schema, body);
      }) as CentralRequests['request'];
      return client;
    },
  };
}

/** A refusal in the central's problem shape, as a scripted client answers it. */
export const problem = (status: number, detail: string, errors: { detail: string; pointer: string }[] = []) => ({
  kind: 'refused' as const,
  status,
  problem: { type: 'urn:problem:test', title: 'Refused', detail, instance: 'urn:uuid:00000000-0000-4000-8000-000000000009', errors },
});
