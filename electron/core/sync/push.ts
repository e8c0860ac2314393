import type { Database } from 'better-sqlite3';
import { order as orderSchema, orderList, type Order } from '../../../shared/schemas/order';
import type { ProblemError } from '../../../shared/schemas/problem';
import { getOrder, insertOrder, updateOrder } from '../../../domain/store/orders';
import type { CentralAnswer, CentralClient } from '../centralClient';
import { settle as settleOutbox, hasPending, type OutboxWork } from '../db/outbox';
import { forget, getSync, markCentral, markOutcomeUnknown, markRejected } from '../db/syncOrders';
import { owns } from '../../../domain/service';
import { adoptCentral } from './adopt';
import { createBody, nextStep } from './plan';

export interface PushDeps {
  db: Database;
  client: CentralClient;
  deviceId: string;
  touchpointId: number;
  now: () => string;
}

/** How pushing one order went: the engine retries `unknown`, stops everything on `auth`. */
export type PushOutcome = 'synced' | 'rejected' | 'unknown' | 'auth';

/**
 * A pushed order's bookkeeping (outbox settled, central id kept, central's state adopted),
 * committed by the engine for a whole batch in one transaction: one disk sync per batch
 * instead of per order. A crash before that commit only means the order is pushed again,
 * which the central answers with 409, adopted: still exactly once.
 */
export interface Pushed {
  outcome: PushOutcome;
  commit?: () => void;
}

type Fetched = { kind: 'found'; order: Order | null } | { kind: 'stop'; outcome: PushOutcome };

const MAX_STEPS = 200;

function refusal(deps: PushDeps, orderId: string, answer: Extract<CentralAnswer<unknown>, { kind: 'refused' }>): PushOutcome {
  if (answer.status === 401 || answer.status === 403) return 'auth';
  const reasons: ProblemError[] = answer.problem.errors.length > 0
    ? answer.problem.errors
    : [{ detail: answer.problem.detail, pointer: '' }];
  markRejected(deps.db, orderId, reasons, deps.now());
  return 'rejected';
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
    return answer.kind === 'unknown' ? { kind: 'stop', outcome: 'unknown' } : { kind: 'stop', outcome: refusal(deps, orderId, answer) };
  }
  if (!sync?.outcomeUnknown && !deleted) return { kind: 'found', order: null };
  const query = new URLSearchParams({ externalOrderId: orderId, touchpointId: String(deps.touchpointId) });
  const answer = await deps.client.request('GET', `${deps.client.orderBase}/orders?${query}`, orderList);
  if (answer.kind === 'ok') return { kind: 'found', order: answer.value.orders[0] ?? null };
  return answer.kind === 'unknown' ? { kind: 'stop', outcome: 'unknown' } : { kind: 'stop', outcome: refusal(deps, orderId, answer) };
}

/**
 * The central would not delete its copy of an order deleted here (it was paid there, say):
 * the central's copy comes back to the counter, marked rejected with the central's reasons,
 * so the clerk sees it instead of losing track of a sale.
 */
function keepCentralCopy(deps: PushDeps, orderId: string, central: Order, reasons: ProblemError[]): void {
  const { db } = deps;
  db.transaction(() => {
    if (!getOrder(db, central.orderId)) {
      insertOrder(db, { order: central, touchpointId: central.touchPoint.salesTouchpointId, customerFixed: true, version: 0 });
    }
    markCentral(db, central.orderId, central, 'central', deps.now());
    markRejected(db, central.orderId, reasons.length > 0 ? reasons : [{ detail: 'the central keeps this order', pointer: '' }], deps.now());
    forget(db, orderId);
  })();
}

/** Writes what the central did into the local copy, unless a newer local change waits. */
export function adoptInto(db: Database, orderId: string, central: Order): boolean {
  if (hasPending(db, orderId)) return false;
  const record = getOrder(db, orderId);
  if (!record) return false;
  // An order made elsewhere is kept under the central's own id: a read copy, which becomes
  // the central's copy as it is (lines added or changed there included). Ours keep our ids.
  const madeElsewhere = orderId === central.orderId;
  if (madeElsewhere && JSON.stringify(record.order) === JSON.stringify(central)) return false;
  const adopted = madeElsewhere ? central : adoptCentral(record.order, central);
  if (!adopted) return false;
  return updateOrder(db, { ...record, order: adopted, version: record.version + 1 }, record.version);
}

/**
 * Brings the central to the local state of one order, one request at a time. A request
 * with an unknown outcome marks the order so that the next try looks first; a 409 on
 * create means it is already there, and is adopted.
 */
export async function pushOrder(deps: PushDeps, work: OutboxWork): Promise<Pushed> {
  const outcome = await push(deps, work);
  if (typeof outcome === 'function') return { outcome: 'synced', commit: outcome };
  // However it was refused (the create, a step, finding it, deleting it), a rejected order
  // waits for the clerk: its outbox rows go, or the engine would push it again and again.
  if (outcome === 'rejected') return { outcome, commit: () => settleOutbox(deps.db, work) };
  return { outcome };
}

async function push(deps: PushDeps, work: OutboxWork): Promise<PushOutcome | (() => void)> {
  const { db, client } = deps;
  const { orderId } = work;
  const record = getOrder(db, orderId);
  // Changes made before this counter moved to another touchpoint: the central would refuse
  // them (403) and that refusal would stop all sync, so the order waits for the clerk instead.
  if (record && !owns({ touchpointId: deps.touchpointId, customerProfileId: null }, record)) {
    markRejected(db, orderId, [{ detail: `touchpoint ${record.touchpointId} owns this order; this counter may not change it`, pointer: '' }], deps.now());
    return 'rejected';
  }
  const local = record?.order;
  const found = await findCentral(deps, orderId, !local);
  if (found.kind === 'stop') return found.outcome;
  let central = found.order;

  if (!local) {
    if (central) {
      const answer = await client.request('DELETE', `${client.orderBase}/orders/${central.orderId}`, null);
      if (answer.kind === 'unknown') return markUnknown(deps, orderId);
      if (answer.kind === 'refused' && answer.status !== 404) {
        if (answer.status === 401 || answer.status === 403) return 'auth';
        keepCentralCopy(deps, orderId, central, answer.problem.errors);
        return 'rejected';
      }
    }
    return () => {
      settleOutbox(db, work);
      forget(db, orderId);
    };
  }

  if (!central) {
    const answer = await client.request('POST', `${client.orderBase}/orders`, orderSchema, createBody(local, deps.deviceId));
    if (answer.kind === 'unknown') return markUnknown(deps, orderId);
    if (answer.kind === 'refused') {
      const existing = answer.status === 409 ? answer.problem.errors.find((e) => e.orderId)?.orderId : undefined;
      if (!existing) return refusal(deps, orderId, answer);
      const again = await client.request('GET', `${client.orderBase}/orders/${existing}`, orderSchema);
      if (again.kind !== 'ok') return again.kind === 'unknown' ? markUnknown(deps, orderId) : refusal(deps, orderId, again);
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
      return 'rejected';
    }
    const answer = await client.request(step.method, client.orderBase + step.path, orderSchema, step.body);
    if (answer.kind === 'unknown') return markUnknown(deps, orderId);
    if (answer.kind === 'refused') return refusal(deps, orderId, answer);
    central = answer.value;
  }

  const converged = central;
  return () => {
    settleOutbox(db, work);
    // A change made while this push was under way is still to be sent: not synced yet.
    markCentral(db, orderId, converged, hasPending(db, orderId) ? 'pending' : 'synced', deps.now());
    adoptInto(db, orderId, converged);
  };
}

function markUnknown(deps: PushDeps, orderId: string): PushOutcome {
  markOutcomeUnknown(deps.db, orderId, deps.now());
  return 'unknown';
}
