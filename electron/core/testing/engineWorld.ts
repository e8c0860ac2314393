import { afterEach, vi } from 'vitest';
import type { SyncStatus } from '../../../shared/ipc';
import type { CentralAnswer, CentralClient } from '../central/centralClient';
import { scriptedClient, type Script } from './scriptedClient';

export type { Script, ScriptedClient as GatedClient } from './scriptedClient';
import { SyncEngine, type EngineOptions } from '../sync/engine';
import { FAST_DEVICE, fastSyncPerTest } from './fastSync';

/** No answer at all: the central cannot be reached. */
export const noAnswer: CentralAnswer<unknown> = { kind: 'unknown', reason: 'connection reset' };

/** Every feed empty, on a single page: what the central answers a pull when nothing changed. */
export const emptyFeeds: Script = (method) =>
  method === 'GET' ? { kind: 'ok', status: 200, value: { orders: [], deletedOrders: [], _links: { self: { href: '/' } } } } : undefined;

/**
 * The sync engine on a fast sync world's counter (fastSyncPerTest): engines made by the test,
 * stopped after it. Its timer and round under way are read from the engine itself.
 */
export function engineWorld(ids: string) {
  const world = fastSyncPerTest(ids);
  const engines: SyncEngine[] = [];
  afterEach(async () => {
    for (const engine of engines.splice(0)) await engine.stop();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  function engineWith(options: Partial<EngineOptions> = {}): SyncEngine {
    const engine = new SyncEngine({
      db: world.counter.test.db,
      client: world.client(),
      deviceId: FAST_DEVICE,
      touchpointId: 10,
      embeddedCentral: false,
      now: world.clock,
      random: () => 0.5,
      ...options,
    });
    engines.push(engine);
    return engine;
  }

  /** A scripted client before the counter's own (or before none). */
  const gatedClient = (inner: CentralClient | null = world.client()) => scriptedClient(inner);

  /** The statuses the engine tells, in order. */
  function told(engine: SyncEngine): SyncStatus[] {
    const statuses: SyncStatus[] = [];
    engine.on('status', (status) => statuses.push(status));
    return statuses;
  }

  /** Waits out the round under way and the rounds it asks for at once: at most `most`, so a loop of rounds ends. */
  async function idle(engine: SyncEngine, most = 8): Promise<void> {
    for (let i = 0; i < most && running(engine); i++) await running(engine);
  }

  return { world, engineWith, gatedClient, told, idle };
}

/** The delay of the engine's next round, as its timer was set (null: no round planned). */
export const plannedDelay = (engine: SyncEngine) =>
  (engine as unknown as { timer: { _idleTimeout: number } | null }).timer?._idleTimeout ?? null;
export const running = (engine: SyncEngine) => (engine as unknown as { running: Promise<void> | null }).running;
export const failures = (engine: SyncEngine) => (engine as unknown as { failures: number }).failures;
