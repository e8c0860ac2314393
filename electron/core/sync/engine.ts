import type { RefusalCode } from '../../../shared/refusals';
import { EventEmitter } from 'node:events';
import type { Database } from 'better-sqlite3';
import type { SyncStatus } from '../../../shared/ipc';
import type { CentralClient } from '../centralClient';
import { pendingCount, pendingOrders } from '../db/outbox';
import { rejectedCount } from '../db/syncOrders';
import { readSetting, writeSetting } from '../db/settings';
import { pullChanges } from './pull';
import { pushOrder, type PushDeps } from './push';

export interface EngineOptions {
  db: Database;
  client: CentralClient;
  deviceId: string;
  touchpointId: number;
  embeddedCentral: boolean;
  now?: () => Date;
  /** How often to pull when nothing happens. */
  intervalMs?: number;
  /** Orders pushed at once: different orders never depend on each other. */
  concurrency?: number;
  random?: () => number;
}

const BACKOFF_BASE_MS = 500;
const BACKOFF_MAX_MS = 60_000;
const BATCH = 256;

/**
 * Runs sync: push every order with outbox rows, then pull the central's changes; again
 * whenever a local change is committed (`kick`) or the interval passes. Network errors and
 * 5xx back off exponentially with full jitter; everything it needs to resume lives in SQLite.
 */
export class SyncEngine extends EventEmitter<{ status: [SyncStatus]; orders: [string[]] }> {
  private online = false;
  private lastError: RefusalCode | null = null;
  private failures = 0;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  /** Until start(): a counter may be built, used and tested without syncing. */
  private stopped = true;
  private readonly now: () => Date;

  constructor(private readonly options: EngineOptions) {
    super();
    this.now = options.now ?? (() => new Date());
  }

  status(): SyncStatus {
    const { db } = this.options;
    return {
      online: this.online,
      pending: pendingCount(db),
      rejected: rejectedCount(db),
      lastSuccessAt: readSetting<string>(db, 'sync.lastSuccessAt') ?? null,
      lastError: this.lastError,
      embeddedCentral: this.options.embeddedCentral,
    };
  }

  start(): void {
    this.stopped = false;
    this.kick();
  }

  /** Asks for a sync round soon; rounds never overlap. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    // Backing off: the change waits in the outbox for the retry already planned, rather
    // than every clerk's change hammering an unreachable central (`settle` still forces).
    if (this.failures > 0 && this.timer) return;
    this.clearTimer();
    this.running = this.round().finally(() => {
      this.running = null;
      if (this.stopped) return;
      if (this.again && this.failures === 0) {
        this.again = false;
        this.kick();
      } else {
        this.again = false;
        this.schedule();
      }
    });
  }

  /**
   * Runs rounds until nothing is pending or a round fails (the central cannot be reached,
   * refuses the token, or sync broke): for tests and `sync.now`. Asking again at once after
   * a failure would only repeat it, for ever.
   */
  async settle(): Promise<SyncStatus> {
    for (;;) {
      if (this.running) await this.running;
      else {
        this.clearTimer();
        this.running = this.round().finally(() => (this.running = null));
        await this.running;
      }
      const status = this.status();
      if (status.pending === 0 || status.lastError !== null || this.stopped) {
        if (!this.stopped) this.schedule();
        return status;
      }
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.clearTimer();
    if (this.running) await this.running;
  }

  private clearTimer() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule() {
    this.clearTimer();
    const random = this.options.random ?? Math.random;
    const delay =
      this.failures === 0
        ? (this.options.intervalMs ?? 5_000)
        : random() * Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.min(this.failures, 16));
    this.timer = setTimeout(() => {
      this.timer = null;
      this.kick();
    }, delay);
    this.timer.unref();
  }

  private async round(): Promise<void> {
    const { db, client, touchpointId } = this.options;
    const stamp = () => this.now().toISOString();
    const deps: PushDeps = { db, client, deviceId: this.options.deviceId, touchpointId, now: stamp };
    let failure: RefusalCode | null = null;
    let unreachable = false;
    const changed: string[] = [];
    try {
      for (;;) {
        const work = pendingOrders(db, BATCH);
        if (work.length === 0) break;
        const pushed = await mapLimited(work, this.options.concurrency ?? 32, (w) => pushOrder(deps, w));
        db.transaction(() => pushed.forEach((p) => p.commit?.()))();
        const outcomes = pushed.map((p) => p.outcome);
        changed.push(...work.map((w) => w.orderId));
        if (outcomes.includes('auth')) failure = 'sync.tokenRefused';
        else if (outcomes.includes('unknown')) {
          failure = 'sync.unreachable';
          unreachable = true;
        }
        if (failure || outcomes.every((o) => o === 'rejected')) break;
      }
      if (!failure) {
        const pulled = await pullChanges(db, client, touchpointId, stamp);
        if (pulled.kind === 'ok') changed.push(...pulled.changed);
        else {
          failure = pulled.kind === 'auth' ? 'sync.tokenRefused' : 'sync.unreachable';
          unreachable = pulled.kind === 'unknown';
        }
      }
    } catch (error) {
      console.error(`counter: sync failed: ${(error as Error).message}`);
      failure = 'sync.failed';
    }
    this.online = !unreachable;
    this.lastError = failure;
    this.failures = failure ? this.failures + 1 : 0;
    if (!failure) writeSetting(db, 'sync.lastSuccessAt', stamp());
    if (changed.length > 0) this.emit('orders', [...new Set(changed)]);
    this.emit('status', this.status());
  }
}

async function mapLimited<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
