import type { OutboxWork } from '../db/outbox';
import { getSync, markOutcomeUnknown } from '../db/syncOrders';
import { localOrder } from '../orders';
import { owns } from '../../../domain/service';
import { paymentState } from '../../../domain/order/money';
import { currentStatus } from '../../../domain/order/settle';
import type { OrderRecord } from '../../../domain/order/record';
import { MAX_BATCH_SALES, saleBatchAnswer, type SaleInput } from '../../../shared/schemas/saleBatch';
import { convergedCommit, type PushDeps } from './push';
import { createBody, nextStep, paymentBody } from './plan';

/** Batches under way at once: the central's group commits fill from one while the next travels. */
const IN_FLIGHT = 2;
const PAGE = 512;
/**
 * How long the central may work on a batch before its answer counts as lost: a batch is 200
 * sales' work, not one request's, and a lost answer costs each of its sales a look-up
 * (docs/api.md §8), so the single requests' 10 s would turn a slow moment of the central's
 * into a far slower push.
 */
const BATCH_TIMEOUT_MS = 60_000;

interface Batched {
  work: OutboxWork;
  record: OrderRecord;
  sale: SaleInput;
}

/**
 * A waiting order whose whole story goes as one sale (docs/api.md §4, §8): never sent before
 * (no central id, no request of unknown outcome), ours, paid in settled payments only (cash),
 * perhaps delivered, without a customer or customer tokens (a photo would swell the batch).
 * Every other order keeps the path of one request per step (push.ts).
 */
function wholeSale(deps: PushDeps, work: OutboxWork): Batched | null {
  const sync = getSync(deps.db, work.orderId);
  if (sync && (sync.centralOrderId || sync.outcomeUnknown || sync.state === 'rejected')) return null;
  const record = localOrder(deps.db, work.orderId);
  if (!record || !owns({ touchpointId: deps.touchpointId, customerProfileId: null }, record)) return null;
  const { order } = record;
  const status = currentStatus(order);
  if (status !== 'paid' && status !== 'delivered') return null;
  if (order.orderCustomer || order.orderLines.some((l) => l.customerTokens?.length)) return null;
  if (order.payments.some((p) => p.isRefund || paymentState(p) !== 'SETTLED')) return null;
  const sale = {
    order: createBody(order, deps.deviceId, deps.centralTime),
    payments: order.payments.map(paymentBody),
    deliver: status === 'delivered',
  };
  return { work, record, sale };
}

/** How a batch went: answered (its sales written down), stop batching this round, or turned away unread (503). */
type Sent = 'answered' | 'stop' | 'shed';

/**
 * Sends one batch and writes down, in one transaction, each sale the central answered with
 * the order as it is here. A sale refused, or answered otherwise, is left waiting: the push of
 * one request per step meets the same answer and treats it as it always does (a 409 is
 * adopted, a 400 rejects). A batch without an answer marks its sales so that their next try
 * looks on the central first (§8); one the central shed (503: not carried out, §11.3) leaves
 * them as they were, to go in a batch again.
 */
async function sendBatch(deps: PushDeps, batch: Batched[], synced: (orderIds: string[]) => void): Promise<Sent> {
  const { client, db } = deps;
  const sales = batch.map((b) => b.sale);
  const answer = await client.request('POST', `${client.orderBase}/salebatches`, saleBatchAnswer, { sales }, BATCH_TIMEOUT_MS);
  if (answer.kind === 'unknown') {
    if (!answer.notSent) db.transaction(() => batch.forEach((b) => markOutcomeUnknown(db, b.work.orderId, deps.now())))();
    return answer.notSent && answer.answered ? 'shed' : 'stop';
  }
  // A central without this route (404), a refused token (401, 403), a body it will not take.
  if (answer.kind === 'refused' || answer.value.results.length !== batch.length) return 'stop';
  const results = answer.value.results;
  const commits = batch.flatMap((b, i) => {
    const result = results[i]!;
    if (result.status !== 200 || nextStep(b.record.order, result.order)) return [];
    return [{ orderId: b.work.orderId, commit: convergedCommit(deps, b.work, b.record, result.order) }];
  });
  db.transaction(() => commits.forEach((c) => c.commit()))();
  synced(commits.map((c) => c.orderId));
  return 'answered';
}

/**
 * Sends the waiting orders that are whole offline sales, MAX_BATCH_SALES a request, before the
 * push of one order at a time takes what is left (docs/api.md §8). `synced` hears the orders
 * written down as synced. True: the central shed a batch (503), so the round sends nothing
 * more, one order at a time least of all; the next round, after the engine's back-off, does.
 */
export async function sendSaleBatches(
  deps: PushDeps,
  next: (afterSeq: number, limit: number) => (OutboxWork & { firstSeq: number })[],
  synced: (orderIds: string[]) => void,
): Promise<boolean> {
  let going = true;
  let shed = false;
  const inFlight = new Set<Promise<void>>();
  const launch = async (batch: Batched[]) => {
    while (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
    if (!going) return;
    const sent: Promise<void> = sendBatch(deps, batch, synced).then((how) => {
      going &&= how === 'answered';
      shed ||= how === 'shed';
      inFlight.delete(sent);
    });
    inFlight.add(sent);
  };
  let batch: Batched[] = [];
  for (let afterSeq = 0, more = true; more && going;) {
    const page = next(afterSeq, PAGE);
    more = page.length === PAGE;
    afterSeq = page.at(-1)?.firstSeq ?? afterSeq;
    for (const work of page) {
      const whole = wholeSale(deps, work);
      if (whole) batch.push(whole);
      if (batch.length === MAX_BATCH_SALES) {
        await launch(batch);
        batch = [];
      }
    }
  }
  if (batch.length > 0) await launch(batch);
  await Promise.all(inFlight);
  return shed;
}
