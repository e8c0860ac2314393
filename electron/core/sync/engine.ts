import type { RefusalCode } from '../../../shared/refusals';
import { EventEmitter } from 'node:events';
import type { ConnectionTest, SyncStatus } from '../../../shared/ipc';
import { pendingCount } from '../db/outbox';
import { rejectedCount, requeueRefusedTimes, requeueRejected, retrySetAside, setAsideCount } from '../db/syncOrders';
import { readSetting, writeSetting } from '../db/settings';
import { syncRound, type RoundDeps, type RoundOutcome } from './round';
import { centralState } from './state';
import { testConnection } from './connectionTest';

export interface EngineOptions extends RoundDeps {
  embeddedCentral: boolean;
  now?: () => Date;
  /** How often to pull when nothing happens. */
  intervalMs?: number;
  random?: () => number;
  /** How often a counter that cannot reach the central asks whether it is back (docs/counter.md §18). */
  probeIntervalMs?: number;
  /** Whether the operator took this counter's access back (a refused token is then said as such). */
  revoked?: () => boolean;
}

const BACKOFF_BASE_MS = 500;
/** Within 5 s of the central's return, the backlog moves (docs/counter.md §18). */
const PROBE_INTERVAL_MS = 2_000;
const BACKOFF_MAX_MS = 60_000;
/**
 * Runs sync: pull the central's changes, then push every order with outbox rows, batch after
 * batch while batches get on; again whenever a local change is committed (`kick`), a
 * round made progress and work remains, or the interval passes. Only a round that made no
 * progress backs off (exponentially, with full jitter). An order that keeps failing while
 * others go through is set aside after MAX_ATTEMPTS, for a manager to retry. Everything it
 * needs to resume lives in SQLite.
 */
export class SyncEngine extends EventEmitter<{ status: [SyncStatus]; orders: [string[]]; probe: ['up' | 'erring' | 'down'] }> {
  private online = false;
  private lastError: RefusalCode | null = null;
  private failures = 0;
  private lastProgress = false;
  private timer: NodeJS.Timeout | null = null;
  private probeTimer: NodeJS.Timeout | null = null;
  private probing = false;
  private running: Promise<void> | null = null;
  private again = false;
  /** Until start(): a counter may be built, used and tested without syncing. */
  private stopped = true;
  /** The clock measure whose correction the orders refused for their time were last sent again with. */
  private clockRequeued = 0;
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
      setAside: setAsideCount(db),
      lastSuccessAt: readSetting<string>(db, 'sync.lastSuccessAt') ?? null,
      lastError: this.lastError,
      embeddedCentral: this.options.embeddedCentral,
      clockOffsetMs: this.options.clock?.ms ?? null,
      state: centralState({
        reachable: this.online,
        lastError: this.lastError,
        revoked: this.options.revoked?.() ?? false,
        clockOffsetMs: this.options.clock?.ms ?? null,
      }),
    };
  }

  /** "Test connection" against the central this engine sends to, with its token (docs/counter.md §20). */
  testConnection(): Promise<ConnectionTest> {
    const { client, touchpointId, embeddedCentral } = this.options;
    return testConnection({
      baseUrl: client.baseUrl,
      orderBase: client.orderBase,
      token: client.bearerToken(),
      touchpointId,
      embeddedCentral,
      now: this.now,
    });
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
    // Backing off: the change waits for the retry already planned rather than every clerk's change
    // hammering a central in trouble (`settle` still forces); one that did not answer is probed now.
    if (this.failures > 0 && this.timer) {
      if (!this.online) void this.probe();
      return;
    }
    this.clearTimer();
    this.stopProbing();
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
   * Runs rounds, the first starting after this call, until nothing is pending or a round makes no progress (the central cannot
   * be reached, refuses the token, or every order left fails): for tests and `sync.now`.
   * Asking again at once after a round that got nowhere would only repeat it, for ever.
   */
  async settle(): Promise<SyncStatus> {
    for (;;) {
      // A round under way may have pulled before the caller's reason to ask: one more, of our own.
      while (this.running) await this.running;
      this.clearTimer();
      this.running = this.round().finally(() => (this.running = null));
      await this.running;
      const status = this.status();
      if (status.pending === 0 || !this.lastProgress || this.stopped) {
        if (!this.stopped) this.schedule();
        return status;
      }
    }
  }

  /** Why the last round did not get through, if it did not. */
  get lastFailure(): RefusalCode | null {
    return this.lastError;
  }

  /** Puts a set-aside or refused order (or all of them) back in line and starts a round for it. */
  retry(orderId: string | null): number {
    const count = retrySetAside(this.options.db, orderId) + requeueRejected(this.options.db, orderId, this.now().toISOString());
    if (count > 0) {
      this.failures = 0;
      this.clearTimer();
      this.kick();
    }
    return count;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.clearTimer();
    this.stopProbing();
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
    if (this.failures > 0 && !this.online) this.probeSoon();
  }

  private stopProbing() {
    if (this.probeTimer) clearTimeout(this.probeTimer);
    this.probeTimer = null;
  }

  private probeSoon() {
    this.stopProbing();
    this.probeTimer = setTimeout(() => {
      this.probeTimer = null;
      void this.probe();
    }, this.options.probeIntervalMs ?? PROBE_INTERVAL_MS);
    this.probeTimer.unref();
  }

  /**
   * While the central cannot be reached, a cheap question (no token, no body) every
   * probeIntervalMs: the moment it answers, the back-off is over and a round starts. A central
   * that answers with errors keeps the back-off, which protects it.
   */
  private async probe(): Promise<void> {
    if (this.probing || this.stopped) return;
    this.stopProbing();
    this.probing = true;
    let answer: 'up' | 'erring' | 'down';
    try {
      answer = await this.options.client.probe(this.options.probeIntervalMs ?? PROBE_INTERVAL_MS);
    } finally {
      this.probing = false;
    }
    this.emit('probe', answer);
    // A round started meanwhile (the back-off ran out) has its own say.
    if (this.stopped || this.running || this.failures === 0) return;
    if (answer !== 'up') {
      this.probeSoon();
      return;
    }
    this.failures = 0;
    this.clearTimer();
    this.kick();
  }

  private async round(): Promise<void> {
    const { db } = this.options;
    const changed: string[] = [];
    let outcome: RoundOutcome;
    try {
      outcome = await syncRound(
        this.options,
        () => this.now().toISOString(),
        () => this.requeueRefusedTimes(),
        changed,
      );
    } catch (error) {
      console.error(`counter: sync failed: ${(error as Error).message}`);
      outcome = { progress: false, failure: 'sync.failed', unreachable: false };
    }
    const { progress, failure, unreachable } = outcome;
    this.online = !unreachable;
    this.lastError = failure;
    this.lastProgress = progress;
    // Back off only from a round that got nowhere; one that got on goes on while work remains.
    this.failures = progress || !failure ? 0 : this.failures + 1;
    if (progress && (failure || pendingCount(db) > 0)) this.again = true;
    if (!failure) writeSetting(db, 'sync.lastSuccessAt', this.now().toISOString());
    if (changed.length > 0) this.emit('orders', [...new Set(changed)]);
    this.emit('status', this.status());
  }

  /**
   * Orders the central refused for a `createdOn` in its future go again once the clock's
   * offset is measured, and again after each change of it (not every round: one the
   * correction does not help waits for the next measure or a manager's retry).
   */
  private requeueRefusedTimes(): void {
    const clock = this.options.clock;
    if (!clock || clock.ms === null || clock.version === this.clockRequeued) return;
    this.clockRequeued = clock.version;
    requeueRefusedTimes(this.options.db, this.now().toISOString());
  }
}
