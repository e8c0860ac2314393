import type { RefusalCode } from '../../../shared/refusals';
import { EventEmitter } from 'node:events';
import type { CounterDb as Database } from '../db/database';
import type { ConnectionTest, SyncStatus } from '../../../shared/ipc';
import type { CentralAnswer, CentralClient, CentralRequests } from '../central';
import type { ClockOffset } from '../central';
import { pendingCount, pendingOrders } from '../db/outbox';
import {
  clearFailures,
  countFailure,
  rejectedCount,
  requeueRefusedTimes,
  requeueRejected,
  retrySetAside,
  setAsideCount,
} from '../db/syncOrders';
import { readSetting, writeSetting } from '../db/settings';
import { pullChanges } from './pull';
import { pushOrder, type Pushed } from './push';
import { pushWaiting } from './pipeline';
import { sendSaleBatches } from './saleBatches';
import { pushDayClosures } from '../manager';
import { centralState } from './state';
import { testConnection } from './connectionTest';

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
  /** How often a counter that cannot reach the central asks whether it is back (docs/counter.md §18). */
  probeIntervalMs?: number;
  /** Runs in each round whose pull got through, before its pushes: the fleet's heartbeat. */
  beforePush?: () => Promise<void>;
  /** Runs after those pushes, in the same rounds: what had to wait for the sales (card blocks). */
  afterPush?: () => Promise<void>;
  /** The counter's clock against the central's: sales are sent on the central's time (docs/api.md §11.4). */
  clock?: ClockOffset;
  /** Whether the operator took this counter's access back (a refused token is then said as such). */
  revoked?: () => boolean;
}

const BACKOFF_BASE_MS = 500;
/** Within 5 s of the central's return, the backlog moves (docs/counter.md §18). */
const PROBE_INTERVAL_MS = 2_000;
const BACKOFF_MAX_MS = 60_000;
/**
 * Pushes whose outcomes are written down in one transaction (one disk sync). Each outcome
 * dirties a page of every table keyed by order id (sync_orders, the outbox's index, the
 * review's order_facts): the more outcomes share a commit, the more of them share a page.
 * Measured on 6,000 queued orders: 2.7 pages written per order at 256, 0.9 at 1,024. A crash
 * loses at most this many outcomes' bookkeeping, which the next push redoes (409, adopted).
 */
const COMMIT_EVERY = 1024;
/** Failed pushes (the central answered, others went through) before an order is set aside. */
export const MAX_ATTEMPTS = 5;

/** What one round did: whether anything moved, and what went wrong. */
interface RoundOutcome {
  progress: boolean;
  failure: RefusalCode | null;
  /** No request of the round was answered by the central: it cannot be reached. */
  unreachable: boolean;
}

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
      outcome = await this.work(changed);
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
   * A round pulls first, then pushes. The pull brings in what others did, and a push reads
   * the central's copy of an order it knows before changing it, so a pulled version skipped
   * because a local change waited is not lost. The versions a push leaves on the central are
   * written down from its own answers; the next round's pull passes over them (its cursor
   * follows the central's stamps, so nothing made meanwhile is missed) instead of this round
   * reading back, right after a long queue, every order it has just sent.
   */
  private async work(changed: string[]): Promise<RoundOutcome> {
    const { db, client, touchpointId } = this.options;
    const stamp = () => this.now().toISOString();
    const pulled = await pullChanges(db, client, touchpointId, stamp);
    if (pulled.kind === 'auth') return { progress: false, failure: refusedFor(pulled.status), unreachable: false };
    if (pulled.kind === 'ok') changed.push(...pulled.changed);
    this.requeueRefusedTimes();
    // The heartbeat (docs/api.md §11.2): after the pull measured the clock, before the pushes.
    if (pulled.kind === 'ok') await this.options.beforePush?.();
    const pushed = await this.pushAll(changed, stamp);
    if (pushed.stopped === 'fatal') return { progress: pushed.progress, failure: 'sync.tokenRefused', unreachable: false };
    // An order the central answered with a 5xx is its own trouble only while the central is seen
    // to work (other orders went through, or the pull did), not during an outage of its own.
    if (pushed.progress || pulled.kind === 'ok') pushed.countSuspects();
    if (pulled.kind === 'ok') await this.options.afterPush?.();
    if (pulled.kind === 'ok') await pushDayClosures(db, client, this.options.deviceId, stamp);
    const pullFailure = pulled.kind === 'ok' ? null : pulled.answered ? 'sync.centralError' : 'sync.unreachable';
    const noneAnswered = !pushed.progress && !pushed.answered;
    return {
      progress: pushed.progress || (pulled.kind === 'ok' && pulled.changed.length > 0),
      failure: pullFailure ?? pushed.failure,
      unreachable: noneAnswered && (pushed.failure === 'sync.unreachable' || (pullFailure === 'sync.unreachable' && !pushed.failure)),
    };
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

  /** Pushes every order waiting; what it did, and the 5xx answers to count against their orders once judged. */
  private async pushAll(changed: string[], stamp: () => string) {
    const { db, client, touchpointId, clock } = this.options;
    let progress = false;
    let failure: RefusalCode | null = null;
    const suspects = new Map<string, string>();
    const gotOn = (result: Pushed) => result.outcome === 'synced' || result.outcome === 'rejected';
    const centralTime = clock && ((iso: string) => clock.centralTime(iso));
    // Whole offline sales first, many a request; the rest one request per step (docs/api.md §8).
    await sendSaleBatches(
      { db, client, deviceId: this.options.deviceId, touchpointId, now: stamp, centralTime },
      (afterSeq, limit) => pendingOrders(db, limit, afterSeq),
      (orderIds) => {
        changed.push(...orderIds);
        progress ||= orderIds.length > 0;
      },
    );
    const stopped = await pushWaiting({
      next: (afterSeq, limit) => pendingOrders(db, limit, afterSeq),
      push: async (work) => {
        const noted = notingFailures(client);
        return {
          ...(await pushOrder({ db, client: noted, deviceId: this.options.deviceId, touchpointId, now: stamp, centralTime }, work)),
          noted,
        };
      },
      commit: (done) =>
        db.transaction(() => {
          for (const { work, result } of done) {
            result.commit?.();
            changed.push(work.orderId);
            if (gotOn(result)) progress = true;
            if (result.outcome !== 'unknown') {
              // A synced order's failures were cleared with its outcome, in the same write.
              if (result.outcome !== 'synced') clearFailures(db, work.orderId);
              continue;
            }
            const last = result.noted.last;
            // An order the central answered with an error is its own trouble; no answer at all is the link's.
            failure = last?.answered && failure !== 'sync.unreachable' ? 'sync.orderFailed' : 'sync.unreachable';
            if (last?.answered) suspects.set(work.orderId, last.reason);
          }
        })(),
      gotOn,
      fatal: (result) => result.outcome === 'auth',
      concurrency: this.options.concurrency ?? 32,
      commitEvery: COMMIT_EVERY,
    });
    return {
      stopped,
      progress,
      failure,
      answered: suspects.size > 0,
      countSuspects: () =>
        db.transaction(() => suspects.forEach((reason, orderId) => countFailure(db, orderId, reason, MAX_ATTEMPTS, stamp())))(),
    };
  }
}

/** A refused read of the change feed: the token (401, 403), else a central that speaks another version of the interface. */
const refusedFor = (status: number): RefusalCode => (status === 401 || status === 403 ? 'sync.tokenRefused' : 'sync.versionRefused');

/** A client that remembers the last request whose outcome it could not know: why one order's push failed. */
function notingFailures(client: CentralClient): CentralRequests & { last: Extract<CentralAnswer<unknown>, { kind: 'unknown' }> | null } {
  const noted = {
    orderBase: client.orderBase,
    last: null as Extract<CentralAnswer<unknown>, { kind: 'unknown' }> | null,
    request: (async (...args: Parameters<CentralClient['request']>) => {
      const answer = await client.request(...args);
      if (answer.kind === 'unknown') noted.last = answer;
      return answer;
    }) as CentralClient['request'],
  };
  return noted;
}
