import type { CounterDb as Database } from '../db/database';
import { order as orderSchema, orderList, type Order } from '../../../shared/schemas/order';
import type { ProblemError } from '../../../shared/schemas/problem';
import { localOrder, localVersion, replaceLocalOrder, takeInCentralCopy } from '../orders';
import type { CentralAnswer, CentralRequests } from '../central';
import { settle as settleOutbox, hasPending, type OutboxWork } from '../db/outbox';
import { forget, getSync, markCentral, markOutcomeUnknown, markRejected } from '../db/syncOrders';
import { owns } from '../../../domain/service';
import { paymentState } from '../../../domain/order/money';
import { currentStatus } from '../../../domain/order/settle';
import type { OrderRecord } from '../../../domain/order/record';
import { MAY } from '../../../domain/rules/statuses';
import { adoptCentral } from './adopt';
import { createBody, nextStep, type Step } from './plan';
import type { Lost, SyncOutcome } from './outcome';

export interface PushDeps {
  db: Database;
  client: CentralRequests;
  deviceId: string;
  touchpointId: number;
  now: () => string;
  /** A time of the counter's clock as the central's (docs/api.md §11.4); none: sent as it is. */
  centralTime?: (iso: string) => string;
}

/**
 * How pushing one order went. Synced: its bookkeeping (outbox settled, central id kept,
 * central's state adopted), committed by the engine for a whole batch in one transaction (one
 * disk sync per batch instead of per order; a crash before that commit only means the order is
 * pushed again, which the central answers with 409, adopted: still exactly once). Refused: the
 * order, rejected for the clerk (`commit` lets its outbox rows go), or the token, which stops
 * every push. Unknown: no answer came; the engine retries it.
 */
export type Pushed = SyncOutcome<() => void, { refused: 'order'; commit: () => void } | { refused: 'token' }>;

/** The bookkeeping a push leaves for the engine's batch transaction: a synced or rejected order's. */
export const commitOf = (pushed: Pushed): (() => void) | undefined =>
  pushed.kind === 'ok' ? pushed.value : pushed.kind === 'refused' && pushed.refused === 'order' ? pushed.commit : undefined;

/** Why a push ended before the central had the order as the counter has it. */
type Stop = Lost | { kind: 'refused'; refused: 'order' } | { kind: 'refused'; refused: 'token' };

const REJECTED = { kind: 'refused', refused: 'order' } as const;
const TOKEN_REFUSED = { kind: 'refused', refused: 'token' } as const;

type Fetched = { kind: 'found'; order: Order | null } | { kind: 'stop'; outcome: Stop };

const MAX_STEPS = 200;

/** The central refused this counter's bearer token (or its touchpoint): no order of it can get on. */
const tokenRefused = (answer: { status: number }) => answer.status === 401 || answer.status === 403;

function refusal(deps: PushDeps, orderId: string, answer: Extract<CentralAnswer<unknown>, { kind: 'refused' }>): Stop {
  if (tokenRefused(answer)) return TOKEN_REFUSED;
  const reasons: ProblemError[] =
    answer.problem.errors.length > 0 ? answer.problem.errors : [{ detail: answer.problem.detail, pointer: '' }];
  markRejected(deps.db, orderId, reasons, deps.now());
  return REJECTED;
}

/**
 * The central's copy of a local order: by the id we learnt, or by our id as its
 * externalOrderId when a request about it may have reached the central unanswered, or when
 * the order is gone here: a counter that died between the central's answer to its create
 * and writing down the central's id knows nothing of that copy, and deleting the order must
 * not leave it behind on the central.
 */
async function findCentral(deps: PushDeps, orderId: string, deleted: boolean): Promise<Fetched> {
  const sync = getSync(deps.db, orderId);
  if (sync?.centralOrderId) {
    const answer = await deps.client.request('GET', `${deps.client.orderBase}/orders/${sync.centralOrderId}`, orderSchema);
    if (answer.kind === 'ok') return { kind: 'found', order: answer.value };
    if (answer.kind === 'refused' && answer.status === 404) return { kind: 'found', order: null };
    return { kind: 'stop', outcome: answer.kind === 'unknown' ? answer : refusal(deps, orderId, answer) };
  }
  if (!sync?.outcomeUnknown && !deleted) return { kind: 'found', order: null };
  const query = new URLSearchParams({ externalOrderId: orderId, touchpointId: String(deps.touchpointId) });
  const answer = await deps.client.request('GET', `${deps.client.orderBase}/orders?${query}`, orderList);
  if (answer.kind === 'ok') return { kind: 'found', order: answer.value.orders[0] ?? null };
  return { kind: 'stop', outcome: answer.kind === 'unknown' ? answer : refusal(deps, orderId, answer) };
}

/**
 * The central would not delete its copy of an order deleted here (it was paid there, say): it
 * comes back, rejected with the central's reasons, so the clerk sees it instead of losing track
 * of a sale. A read copy is kept under the central's id: its sync row is the one just written.
 */
function keepCentralCopy(deps: PushDeps, orderId: string, central: Order, reasons: ProblemError[]): void {
  const { db } = deps;
  db.transaction(() => {
    if (!localOrder(db, central.orderId)) takeInCentralCopy(db, central);
    markCentral(db, central.orderId, central, 'central', deps.now());
    markRejected(db, central.orderId, reasons.length > 0 ? reasons : [{ detail: 'the central keeps this order', pointer: '' }], deps.now());
    if (orderId !== central.orderId) forget(db, orderId);
  })();
}

/**
 * Writes what the central did into the local copy, unless a newer local change waits. `read`
 * is the local record as the caller read it: used unless the stored version moved on since,
 * which spares reading and parsing the order again for every order a push syncs.
 */
export function adoptInto(db: Database, orderId: string, central: Order, read?: OrderRecord): boolean {
  return !hasPending(db, orderId) && adoptUnchanged(db, orderId, central, read);
}

/** adoptInto for a caller that has just seen that no local change waits. */
function adoptUnchanged(db: Database, orderId: string, central: Order, read?: OrderRecord): boolean {
  const record = read && localVersion(db, orderId) === read.version ? read : localOrder(db, orderId);
  if (!record) return false;
  // An order made elsewhere is kept under the central's own id: a read copy, which becomes
  // the central's copy as it is (lines added or changed there included). Ours keep our ids.
  const madeElsewhere = orderId === central.orderId;
  if (madeElsewhere && JSON.stringify(record.order) === JSON.stringify(central)) return false;
  const adopted = madeElsewhere ? central : adoptCentral(record.order, central);
  if (!adopted) return false;
  return replaceLocalOrder(db, record, adopted);
}

/**
 * Brings the central to the local state of one order, one request at a time. A request
 * with an unknown outcome marks the order so that the next try looks first; a 409 on
 * create means it is already there, and is adopted.
 */
export async function pushOrder(deps: PushDeps, work: OutboxWork): Promise<Pushed> {
  const outcome = await push(deps, work);
  if (typeof outcome === 'function') return { kind: 'ok', value: outcome };
  // However it was refused (the create, a step, finding it, deleting it), a rejected order
  // waits for the clerk: its outbox rows go, or the engine would push it again and again.
  if (outcome.kind === 'refused' && outcome.refused === 'order') return { ...outcome, commit: () => settleOutbox(deps.db, work) };
  return outcome;
}

async function push(deps: PushDeps, work: OutboxWork): Promise<Stop | (() => void)> {
  const { db, client } = deps;
  const { orderId } = work;
  const record = localOrder(db, orderId);
  // Changes made before this counter moved to another touchpoint: the central would refuse
  // them (403) and that refusal would stop all sync, so the order waits for the clerk instead.
  if (record && !owns({ touchpointId: deps.touchpointId, customerProfileId: null }, record)) {
    markRejected(
      db,
      orderId,
      [{ detail: `touchpoint ${record.touchpointId} owns this order; this counter may not change it`, pointer: '' }],
      deps.now(),
    );
    return REJECTED;
  }
  const local = record?.order;
  const found = await findCentral(deps, orderId, !local);
  if (found.kind === 'stop') return found.outcome;
  let central = found.order;

  if (!local) {
    if (central) {
      const prepared = await readyForDelete(deps, orderId, central);
      if (prepared.kind === 'stop') return prepared.outcome;
      central = prepared.order;
      const answer = await client.request('DELETE', `${client.orderBase}/orders/${central.orderId}`, null);
      if (answer.kind === 'unknown') return markUnknown(deps, orderId, answer);
      if (answer.kind === 'refused' && answer.status !== 404) {
        if (tokenRefused(answer)) return TOKEN_REFUSED;
        keepCentralCopy(deps, orderId, central, answer.problem.errors);
        return REJECTED;
      }
    }
    return () => {
      settleOutbox(db, work);
      forget(db, orderId);
    };
  }

  if (!central) {
    const answer = await client.request(
      'POST',
      `${client.orderBase}/orders`,
      orderSchema,
      createBody(local, deps.deviceId, deps.centralTime),
    );
    if (answer.kind === 'unknown') return markUnknown(deps, orderId, answer);
    if (answer.kind === 'refused') {
      const existing = answer.status === 409 ? answer.problem.errors.find((e) => e.orderId)?.orderId : undefined;
      if (!existing) return refusal(deps, orderId, answer);
      const again = await client.request('GET', `${client.orderBase}/orders/${existing}`, orderSchema);
      if (again.kind !== 'ok') return again.kind === 'unknown' ? markUnknown(deps, orderId, again) : refusal(deps, orderId, again);
      central = again.value;
    } else {
      central = answer.value;
    }
  }
  for (let steps = 0; ; steps++) {
    const step = nextStep(local, central);
    if (!step) break;
    // Remember the central's id before the first further step, so a retry finds it directly.
    if (steps === 0) markCentral(db, orderId, central, 'pending', deps.now());
    if (steps >= MAX_STEPS) {
      markRejected(db, orderId, [{ detail: 'the central does not take this order as the counter has it', pointer: '' }], deps.now());
      return REJECTED;
    }
    const answer = await client.request(step.method, client.orderBase + step.path, orderSchema, step.body);
    if (answer.kind === 'unknown') return markUnknown(deps, orderId, answer);
    if (answer.kind === 'ok') {
      central = answer.value;
      continue;
    }
    const judged = await judgeRefusal(deps, orderId, local, central.orderId, step, answer);
    if (judged.kind === 'stop') return judged.outcome;
    central = judged.order;
  }

  return convergedCommit(deps, work, record, central);
}

/**
 * What a push that brought the central to the local order (`record`, as read before it) writes
 * down, in the engine's batch transaction: whether one order's requests or a sale batch did it.
 */
export function convergedCommit(deps: PushDeps, work: OutboxWork, record: OrderRecord, converged: Order): () => void {
  const { db } = deps;
  const { orderId } = work;
  const overruled = cancellationOverruled(record.order, converged);
  return () => {
    settleOutbox(db, work);
    // A change made while this push was under way is still to be sent: not synced yet.
    const pending = hasPending(db, orderId);
    markCentral(db, orderId, converged, pending ? 'pending' : 'synced', deps.now(), true);
    if (!pending) adoptUnchanged(db, orderId, converged, record);
    if (overruled) markRejected(db, orderId, [overruled], deps.now());
  };
}

/**
 * The clerk cancelled, but money was taken on the central before the cancellation arrived (the
 * payment provider settled the PIN payment): the money is real, so the central's paid order is
 * taken in, and the clerk is told it must be refunded to be cancelled.
 */
function cancellationOverruled(local: Order, central: Order): ProblemError | null {
  if (currentStatus(local) !== 'cancelled' || currentStatus(central) === 'cancelled') return null;
  return {
    detail: `the order was cancelled here, but its payment was settled on the central first (status ${currentStatus(central)}): refund it to cancel it`,
    pointer: '/payments',
    orderStatusId: central.order_OrderStatuses[0]?.orderStatus.orderStatusId,
  };
}

/**
 * An order deleted here held no money any more (the counter deletes only such orders), but
 * the central may not have learnt yet that its payments ended: those outcomes died with the
 * local copy. Cancelling it there first ends its pending payments in the same step (docs/api.md
 * §7.2), which is what the central needs to allow the delete. If it still holds money (a payment
 * settled there), the DELETE is refused and the central's copy is kept (keepCentralCopy).
 */
async function readyForDelete(
  deps: PushDeps,
  orderId: string,
  central: Order,
): Promise<{ kind: 'found'; order: Order } | { kind: 'stop'; outcome: Stop }> {
  const pending = central.payments.some((p) => paymentState(p) === 'PENDING');
  if (!pending || !MAY.cancel(currentStatus(central))) return { kind: 'found', order: central };
  const answer = await deps.client.request('POST', `${deps.client.orderBase}/orders/${central.orderId}/cancellation`, orderSchema);
  if (answer.kind === 'unknown') return { kind: 'stop', outcome: markUnknown(deps, orderId, answer) };
  if (answer.kind === 'ok') return { kind: 'found', order: answer.value };
  if (tokenRefused(answer)) return { kind: 'stop', outcome: TOKEN_REFUSED };
  // Refused (settled money, or a late original cancelled it already): the DELETE judges.
  return { kind: 'found', order: central };
}

/**
 * A refused step is judged against the central's copy read again, never on the answer alone:
 * a late original (a request that reached the central after the counter gave up on it) may
 * have done the step already, so the retry is refused (a 409 for a repeated line or payment,
 * a 400 for a delivery already made). When the fresh copy no longer needs that step, the
 * refusal is explained and the push goes on from it; only a step still needed is rejected.
 */
async function judgeRefusal(
  deps: PushDeps,
  orderId: string,
  local: Order,
  centralOrderId: string,
  step: Step,
  answer: Extract<CentralAnswer<unknown>, { kind: 'refused' }>,
): Promise<{ kind: 'found'; order: Order } | { kind: 'stop'; outcome: Stop }> {
  if (tokenRefused(answer)) return { kind: 'stop', outcome: TOKEN_REFUSED };
  const again = await deps.client.request('GET', `${deps.client.orderBase}/orders/${centralOrderId}`, orderSchema);
  if (again.kind === 'unknown') return { kind: 'stop', outcome: markUnknown(deps, orderId, again) };
  if (again.kind === 'refused') return { kind: 'stop', outcome: refusal(deps, orderId, again.status === 404 ? answer : again) };
  const still = nextStep(local, again.value);
  if (still && sameStep(still, step)) return { kind: 'stop', outcome: refusal(deps, orderId, answer) };
  return { kind: 'found', order: again.value };
}

const sameStep = (a: Step, b: Step) => a.method === b.method && a.path === b.path && JSON.stringify(a.body) === JSON.stringify(b.body);

/**
 * A request that may have reached the central: the next try looks before it acts. One refused
 * at connect did not leave (a central still down after an outage): nothing to look for, so the
 * backlog goes straight to its creates once the central is back.
 */
function markUnknown(deps: PushDeps, orderId: string, answer: Lost): Lost {
  if (!answer.notSent) markOutcomeUnknown(deps.db, orderId, deps.now());
  return answer;
}
