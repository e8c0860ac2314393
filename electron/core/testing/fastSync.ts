import { afterEach, beforeEach } from 'vitest';
import { demoFixturesPath, loadFixturesFile } from '../../../domain/fixtures';
import type { Order } from '../../../shared/schemas/order';
import { API, expectOrder, harness, type Harness } from '../../../server/testing/harness';
import { countingIds, testClock, type TestClock } from './clock';
import { clerk, openCounter, type TestCounter } from './counter';
import { counterCopy, type CounterCopy } from './counterTemplate';
import { FaultyProxy } from './faultyProxy';
import { createBody, nextStep, type Step } from '../sync/plan';
import type { PushDeps } from '../sync/push';
import { CentralClient, type CentralRequests } from '../central/centralClient';
import { TOUCHPOINT } from './central';

/** The one moment both sides live in: the central's clock is frozen there, the counter's starts there. */
export const FAST_NOW = '2024-05-01T08:00:00.000Z';

/**
 * Sync in milliseconds: the central's HTTP app on an in-memory store with a frozen clock
 * (server/testing/harness), listening in this process; a FaultyProxy before it; a counter on
 * a copy of a prepared database (memory-backed where there is /dev/shm) behind that, its engine
 * not started and Anna logged in. Each test gets
 * fresh ones; the test drives `counter.test.engine.settle()` itself.
 */
export interface FastSync {
  central: Harness;
  proxy: FaultyProxy;
  counter: TestCounter;
  clock: TestClock;
  anna: ReturnType<typeof clerk>;
  /** The central's copy of a counter's order, found by its externalOrderId (undefined if none). */
  centralCopy(localOrderId: string): Promise<Order | undefined>;
  /** Creates an order on the central directly (another channel of the touchpoint): one line of product 600. */
  madeElsewhere(extra?: Record<string, unknown>): Promise<Order>;
  /** The central's copy of a local order as its create (sync's create body) makes it. */
  created(order: Order): Promise<Order>;
  /** Sends one planned step to the central; answers its copy after it (a refusal fails the test). */
  send(step: Step): Promise<Order>;
  /**
   * Plans (nextStep) and sends steps until the central's copy agrees with `order`: the steps
   * sent in order, as method and path with the central's order id shown as C.
   */
  converge(order: Order, central: Order): Promise<{ steps: string[]; central: Order }>;
  /** A clerk's order of one line paid by PIN (pending) and the central's copy of it, made by planned steps. */
  pendingPin(): Promise<{ order: Order; local: Order; central: Order }>;
  /** A client of the central through the proxy, as the counter's own, with this bearer token (default the counter's). */
  client(token?: string): CentralClient;
  /** What pushing an order needs, for a push driven by the test (`pushOrder`) through `client`. */
  pushDeps(client?: CentralRequests, touchpointId?: number): PushDeps;
  /** The requests the proxy passed on since the last call, as `METHOD path` (query included). */
  requests(): string[];
}

/** The device id the create bodies of `created` name for the counter. */
export const FAST_DEVICE = 'counter-device-fast';

export function fastSyncPerTest(ids: string): FastSync {
  const world: Partial<FastSync> = {};
  let folder: CounterCopy;
  const clients: CentralClient[] = [];
  beforeEach(async () => {
    folder = await counterCopy('counter-fast-sync-', FAST_NOW);
    const central = await harness({ fixtures: loadFixturesFile(demoFixturesPath()), now: FAST_NOW });
    await central.app.listen({ host: '127.0.0.1', port: 0 });
    const address = central.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const proxy = await new FaultyProxy({ target: `http://127.0.0.1:${port}` }).start();
    const clock = testClock(FAST_NOW);
    const token = await central.token();
    const counter = await openCounter({
      dataDir: folder.dir,
      database: folder.database,
      clock,
      newId: countingIds(ids),
      central: { url: proxy.url, bearerToken: token },
      autoSync: false,
      random: () => 0,
    });
    const anna = clerk(counter);
    const send = async (step: Step) => {
      const answer = await central.call(step.method, API + step.path, step.body === undefined ? {} : { body: step.body });
      return expectOrder(answer, answer.status === 201 ? 201 : 200);
    };
    await anna.login();
    Object.assign(world, {
      central,
      proxy,
      counter,
      clock,
      anna,
      async centralCopy(localOrderId: string) {
        const answer = await central.call<{ orders: Order[] }>('GET', `${API}/orders?externalOrderId=${localOrderId}`);
        return answer.body.orders[0];
      },
      async madeElsewhere(extra: Record<string, unknown> = {}) {
        const body = { externalOrderId: null, languageId: 1, orderLines: [{ productId: 600, quantity: 1, vouchers: [] }], ...extra };
        return expectOrder(await central.call('POST', `${API}/orders`, { body }), 201);
      },
      async created(order: Order) {
        return expectOrder(await central.call('POST', `${API}/orders`, { body: createBody(order, FAST_DEVICE) }), 201);
      },
      send,
      async converge(order: Order, there: Order) {
        const steps: string[] = [];
        for (let step = nextStep(order, there); step; step = nextStep(order, there)) {
          if (steps.length > 20) throw new Error(`no end to the steps: ${steps.join(', ')}`);
          steps.push(`${step.method} ${step.path.replace(there.orderId, 'C')}`);
          there = await send(step);
        }
        return { steps, central: there };
      },
      async pendingPin() {
        const order = await anna.create([{ productId: 600, quantity: 1 }]);
        const local = await anna.pay(order.orderId, order.totalAmount, 'pin');
        const { central: there } = await world.converge!(local, await world.created!(order));
        return { order, local, central: there };
      },
      client(bearer = token) {
        const client = new CentralClient({ baseUrl: proxy.url, token: () => bearer });
        clients.push(client);
        return client;
      },
      pushDeps(client, touchpointId = TOUCHPOINT) {
        return { db: counter.test.db, client: client ?? world.client!(), deviceId: FAST_DEVICE, touchpointId, now: () => clock.iso() };
      },
      requests() {
        return proxy.log.splice(0).map((r) => `${r.method} ${r.path}`);
      },
    } satisfies FastSync);
  });
  afterEach(async () => {
    for (const client of clients.splice(0)) client.close();
    await world.counter?.close();
    await world.proxy?.close();
    await world.central?.close();
    folder?.remove();
    for (const key of Object.keys(world) as (keyof FastSync)[]) delete world[key];
  });
  return world as FastSync;
}
