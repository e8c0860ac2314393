import type { SyncStatus } from '../../../shared/ipc';
import type { CentralClient, ClockOffset } from '../central';
import type { CounterDb } from '../db/database';
import type { OrderDesk } from '../orders';
import { SyncEngine } from './engine';
import { syncHandlers } from './handlers';

/**
 * Sync with the central (docs/counter.md §3, docs/architecture.md §4): the engine, its channels,
 * and the hook the order desk calls after each committed change (a round starts at once).
 * `beforePush` are the other areas' hooks run in each round that reached the central.
 */
export function syncArea(deps: {
  db: CounterDb;
  client: CentralClient;
  deviceId: string;
  touchpointId: () => number;
  embeddedCentral: boolean;
  now: () => Date;
  intervalMs?: number;
  random?: () => number;
  probeIntervalMs?: number;
  clock: ClockOffset | undefined;
  revoked: () => boolean;
  beforePush: (() => Promise<unknown>)[];
  /** The areas' hooks run after those pushes, in the same rounds: what had to wait for the sales. */
  afterPush: (() => Promise<unknown>)[];
  desk: OrderDesk;
  statusChanged: (status: SyncStatus) => void;
  ordersChanged: (orderId: string) => void;
}) {
  const engine = new SyncEngine({
    db: deps.db,
    client: deps.client,
    deviceId: deps.deviceId,
    // A new enrolment with the same central applies at once.
    get touchpointId() {
      return deps.touchpointId();
    },
    embeddedCentral: deps.embeddedCentral,
    now: deps.now,
    intervalMs: deps.intervalMs,
    random: deps.random,
    probeIntervalMs: deps.probeIntervalMs,
    clock: deps.clock,
    revoked: deps.revoked,
    beforePush: async () => {
      for (const hook of deps.beforePush) await hook();
    },
    afterPush: async () => {
      for (const hook of deps.afterPush) await hook();
    },
  });
  engine.on('status', deps.statusChanged);
  engine.on('orders', (ids) => ids.forEach(deps.ordersChanged));
  deps.clock?.onChange(() => deps.statusChanged(engine.status()));
  return {
    engine,
    /** A change was committed: "to send" counts it now, not after the round it starts (seconds offline). */
    orderChanged() {
      deps.statusChanged(engine.status());
      engine.kick();
    },
    close: () => engine.stop(),
    handlers: syncHandlers({ db: deps.db, engine, desk: deps.desk }),
  };
}
