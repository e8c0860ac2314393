import type { RefusalCode } from '../../../shared/refusals';
import type { CounterDb as Database } from '../db/database';
import type { CentralClient, ClockOffset } from '../central';
import { pendingOrders } from '../db/outbox';
import { clearFailures, countFailure } from '../db/syncOrders';
import { pushDayClosures } from '../manager';
import { pullChanges } from './pull';
import { commitOf, pushOrder, type Pushed } from './push';
import { pushWaiting } from './pipeline';
import { sendSaleBatches } from './saleBatches';

/** What a round needs: the counter's database, the central, and what runs around its pushes. */
export interface RoundDeps {
  db: Database;
  client: CentralClient;
  deviceId: string;
  touchpointId: number;
  /** Orders pushed at once: different orders never depend on each other. */
  concurrency?: number;
  /** Runs in each round whose pull got through, before its pushes: the fleet's heartbeat. */
  beforePush?: () => Promise<void>;
  /** Runs after those pushes, in the same rounds: what had to wait for the sales (card blocks). */
  afterPush?: () => Promise<void>;
  /** The counter's clock against the central's: sales are sent on the central's time (docs/api.md §11.4). */
  clock?: ClockOffset;
}

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
export interface RoundOutcome {
  progress: boolean;
  failure: RefusalCode | null;
  /** No request of the round was answered by the central: it cannot be reached. */
  unreachable: boolean;
}

/**
 * A round pulls first, then pushes. The pull brings in what others did, and a push reads
 * the central's copy of an order it knows before changing it, so a pulled version skipped
 * because a local change waited is not lost. The versions a push leaves on the central are
 * written down from its own answers; the next round's pull passes over them (its cursor
 * follows the central's stamps, so nothing made meanwhile is missed) instead of this round
 * reading back, right after a long queue, every order it has just sent. `afterPull` runs
 * between the two; `changed` hears every local order the round changed.
 */
export async function syncRound(deps: RoundDeps, stamp: () => string, afterPull: () => void, changed: string[]): Promise<RoundOutcome> {
  const { db, client, touchpointId } = deps;
  const pulled = await pullChanges(db, client, touchpointId, stamp);
  if (pulled.kind === 'refused') return { progress: false, failure: refusedFor(pulled.status), unreachable: false };
  if (pulled.kind === 'ok') changed.push(...pulled.value);
  afterPull();
  // The heartbeat (docs/api.md §11.2): after the pull measured the clock, before the pushes.
  if (pulled.kind === 'ok') await deps.beforePush?.();
  const pushed = await pushAll(deps, changed, stamp);
  if (pushed.stopped === 'fatal') return { progress: pushed.progress, failure: 'sync.tokenRefused', unreachable: false };
  // An order the central answered with a 5xx is its own trouble only while the central is seen
  // to work (other orders went through, or the pull did), not during an outage of its own.
  if (pushed.progress || pulled.kind === 'ok') pushed.countSuspects();
  if (pulled.kind === 'ok') await deps.afterPush?.();
  if (pulled.kind === 'ok') await pushDayClosures(db, client, deps.deviceId, stamp);
  const pullFailure = pulled.kind === 'ok' ? null : pulled.answered ? 'sync.centralError' : 'sync.unreachable';
  const noneAnswered = !pushed.progress && !pushed.answered;
  return {
    progress: pushed.progress || (pulled.kind === 'ok' && pulled.value.length > 0),
    failure: pullFailure ?? pushed.failure,
    unreachable: noneAnswered && (pushed.failure === 'sync.unreachable' || (pullFailure === 'sync.unreachable' && !pushed.failure)),
  };
}

/** A push that moved its order on: synced, or rejected for the clerk. */
const gotOn = (result: Pushed) => result.kind === 'ok' || (result.kind === 'refused' && result.refused === 'order');

/** Pushes every order waiting; what it did, and the 5xx answers to count against their orders once judged. */
async function pushAll(deps: RoundDeps, changed: string[], stamp: () => string) {
  const { db, client, touchpointId, clock } = deps;
  let progress = false;
  let failure: RefusalCode | null = null;
  let answered = false;
  const suspects = new Map<string, string>();
  const centralTime = clock && ((iso: string) => clock.centralTime(iso));
  const pushDeps = { db, client, deviceId: deps.deviceId, touchpointId, now: stamp, centralTime };
  // Whole offline sales first, many a request; the rest one request per step (docs/api.md §8).
  const shed = await sendSaleBatches(
    pushDeps,
    (afterSeq, limit) => pendingOrders(db, limit, afterSeq),
    (orderIds) => {
      changed.push(...orderIds);
      progress ||= orderIds.length > 0;
    },
  );
  // The central is shedding load: more requests now would only be turned away too.
  if (shed) return { stopped: null, progress, failure: 'sync.centralError' as RefusalCode, answered: true, countSuspects: () => undefined };
  const stopped = await pushWaiting({
    next: (afterSeq, limit) => pendingOrders(db, limit, afterSeq),
    push: (work) => pushOrder(pushDeps, work),
    commit: (done) =>
      db.transaction(() => {
        for (const { work, result } of done) {
          commitOf(result)?.();
          changed.push(work.orderId);
          if (gotOn(result)) progress = true;
          if (result.kind !== 'unknown') {
            // A synced order's failures were cleared with its outcome, in the same write.
            if (result.kind !== 'ok') clearFailures(db, work.orderId);
            continue;
          }
          // An order the central answered with an error is its own trouble, one it turned away
          // unread (503, shedding load) the central's; no answer at all is the link's.
          answered ||= result.answered === true;
          if (!result.answered) failure = 'sync.unreachable';
          else if (failure !== 'sync.unreachable') failure = result.notSent ? (failure ?? 'sync.centralError') : 'sync.orderFailed';
          if (result.answered && !result.notSent) suspects.set(work.orderId, result.reason);
        }
      })(),
    gotOn,
    fatal: (result) => result.kind === 'refused' && result.refused === 'token',
    concurrency: deps.concurrency ?? 32,
    commitEvery: COMMIT_EVERY,
  });
  return {
    stopped,
    progress,
    failure,
    answered,
    countSuspects: () =>
      db.transaction(() => suspects.forEach((reason, orderId) => countFailure(db, orderId, reason, MAX_ATTEMPTS, stamp())))(),
  };
}

/** A refused read of the change feed: the token (401, 403), else a central that speaks another version of the interface. */
const refusedFor = (status: number): RefusalCode => (status === 401 || status === 403 ? 'sync.tokenRefused' : 'sync.versionRefused');
