import type { CounterOrder, IpcResult } from '../../../shared/ipc';
import type { Order } from '../../../shared/schemas/order';
import { join } from 'node:path';
import { createCounter } from '../counter';
import { countingIds, testClock } from './clock';
import type { CounterOptions } from '../types';

export type TestCounter = Awaited<ReturnType<typeof createCounter>>;

/** The value of an ok result; a refusal fails the test with its reason. */
export function value<T>(result: IpcResult<T>, what = 'the call'): T {
  if (!result.ok)
    throw new Error(`${what} was refused: ${result.error.kind}: ${result.error.message} ${JSON.stringify(result.error.errors)}`);
  return result.value;
}

export const STATUS = { concept: 1, awaitingPayment: 2, pendingPayment: 3, paid: 4, delivered: 5, cancelled: 6 } as const;
export const statusOf = (order: Order) => order.order_OrderStatuses[0]!.orderStatus.orderStatusId;
export const latestPayment = (p: Order['payments'][number]) => p.paymentStatuses[0]!.statusCode;

/**
 * A counter with what every test here wants: no timer-driven sync to race the test, and its
 * (frozen, 2024) clock taken as it is rather than measured against the central's real one.
 */
export async function openCounter(options: Partial<CounterOptions> & { dataDir: string }): Promise<TestCounter> {
  return createCounter({ vault: null, intervalMs: 3_600_000, demoStaff: true, measureClock: false, ...options });
}

/**
 * A counter on `dir`'s counter.sqlite syncing with the central at `url`, its clock fixed
 * at 2024-02-29 12:00 and its ids counting up from `idPrefix`.
 */
export function counterSyncingWith(dir: string, url: string, bearerToken: string, idPrefix: string, options: Partial<CounterOptions> = {}) {
  return openCounter({
    dataDir: dir,
    database: join(dir, 'counter.sqlite'),
    clock: testClock('2024-02-29T12:00:00.000Z'),
    newId: countingIds(idPrefix),
    central: { url, bearerToken },
    ...options,
  });
}

/** Clerk actions that must succeed. */
export function clerk(counter: TestCounter) {
  // Each payment and refund its own reference: a repeated one is the same payment again (docs/api.md §8).
  let references = 0;
  const call = async <T>(channel: string, input: unknown) => value((await counter.dispatch(channel, input)) as IpcResult<T>, channel);
  return {
    login: (staffId = 'anna', pin = '1234') => call('session.login', { staffId, pin }),
    create: (lines: { productId: number; quantity: number; validFrom?: string }[], languageId = 1) =>
      call<CounterOrder>('orders.create', { languageId, orderLines: lines }).then((o) => o.order),
    addLine: (orderId: string, line: { productId: number; quantity: number; validFrom?: string }) =>
      call<CounterOrder>('lines.add', { orderId, line }).then((o) => o.order),
    removeLine: (orderLineId: string) => call<CounterOrder>('lines.remove', { orderLineId }).then((o) => o.order),
    pay: (orderId: string, amountDebit: number, how: 'cash' | 'pin' = 'cash', reference = `till-${++references}`) =>
      call<CounterOrder>('payments.add', {
        orderId,
        payment: {
          paymentMethodId: how === 'cash' ? 1 : 2,
          amountDebit,
          operatorPaymentReference: reference,
          statusCode: how === 'cash' ? 'SETTLED' : 'PENDING',
        },
      }).then((o) => o.order),
    paymentStatus: (paymentId: string, statusCode: 'SETTLED' | 'FAILED' | 'CANCELLED') =>
      call<CounterOrder>('payments.setStatus', { paymentId, status: { statusCode } }).then((o) => o.order),
    /** A settled cash refund (a manager's act). */
    refund: (orderId: string, amountDebit: number, reason = 'ticket not used', statusCode: 'SETTLED' | 'PENDING' = 'SETTLED') =>
      call<CounterOrder>('payments.refund', {
        orderId,
        refund: { paymentMethodId: 1, amountDebit, operatorPaymentReference: `refund-${++references}`, reason, statusCode },
      }).then((o) => o.order),
    deliver: (orderId: string) => call<CounterOrder>('orders.deliver', { orderId }).then((o) => o.order),
    cancel: (orderId: string) => call<CounterOrder>('orders.cancel', { orderId }).then((o) => o.order),
    remove: (orderId: string) => call<true>('orders.delete', { orderId }),
    get: (orderId: string) => call<CounterOrder>('orders.get', { orderId }),
  };
}

/** The counter's own copies of these orders. */
export function localOrders(counter: TestCounter, orderIds: Iterable<string>): Promise<Order[]> {
  const { get } = clerk(counter);
  return Promise.all([...orderIds].map(async (orderId) => (await get(orderId)).order));
}

/**
 * Runs sync until nothing is pending: `settle()` gives up on a round whose outcome was
 * unknown, so a faulty network needs several. Bounded: fails after `maxRounds`.
 */
export async function settleFully(counter: TestCounter, maxRounds = 200) {
  let status = await counter.test.engine.settle();
  let rounds = 1;
  while (status.pending > 0) {
    if (rounds >= maxRounds) throw new Error(`still ${status.pending} orders pending after ${rounds} settles: ${status.lastError}`);
    status = await counter.test.engine.settle();
    rounds++;
  }
  return { status, rounds };
}

export interface Reconciliation {
  /** Local orders the central does not hold. */
  missing: string[];
  /** Local orders the central holds more than once (with how many). */
  duplicated: string[];
  /** Central orders of the touchpoint that no local order accounts for. */
  unexpected: string[];
  /** Local orders whose central copy differs: what differs. */
  different: string[];
}

const sorted = (items: (string | null | undefined)[]) => items.map(String).sort();

/**
 * Compares the counter's orders with the central's copies, found by externalOrderId: each
 * exactly once, with the same createdOn, status, lines (by externalOrderLineId, product and
 * quantity) and payments (by operatorPaymentReference, amount and latest status).
 */
export function reconcile(local: Order[], central: Order[], options: { allowUnexpected?: boolean } = {}): Reconciliation {
  const byExternal = new Map<string, Order[]>();
  for (const c of central) {
    const key = c.externalOrderId ?? `(none:${c.orderId})`;
    byExternal.set(key, [...(byExternal.get(key) ?? []), c]);
  }
  const result: Reconciliation = { missing: [], duplicated: [], unexpected: [], different: [] };
  const localIds = new Set(local.map((o) => o.orderId));
  for (const order of local) {
    const copies = byExternal.get(order.orderId) ?? [];
    if (copies.length === 0) {
      result.missing.push(order.orderId);
      continue;
    }
    if (copies.length > 1) result.duplicated.push(`${order.orderId} x${copies.length}`);
    const c = copies[0]!;
    const differences: string[] = [];
    if (c.createdOn !== order.createdOn) differences.push(`createdOn ${c.createdOn} != ${order.createdOn}`);
    if (statusOf(c) !== statusOf(order)) differences.push(`status ${statusOf(c)} != ${statusOf(order)}`);
    const lines = (o: Order, id: (l: Order['orderLines'][number]) => string | null) =>
      sorted(o.orderLines.map((l) => `${id(l)}:${l.productId}x${l.quantity}:${l.orderLineStatus.orderLineStatusId}`));
    const centralLines = lines(c, (l) => l.externalOrderLineId);
    const localLines = lines(order, (l) => l.orderLineId);
    if (JSON.stringify(centralLines) !== JSON.stringify(localLines)) {
      differences.push(`lines ${c.orderLines.length} [${centralLines}] != ${order.orderLines.length} [${localLines}]`);
    }
    const centralPayments = sorted(c.payments.map((p) => `${p.operatorPaymentReference}:${p.amountDebit}:${latestPayment(p)}`));
    const localPayments = sorted(order.payments.map((p) => `${p.paymentId}:${p.amountDebit}:${latestPayment(p)}`));
    if (JSON.stringify(centralPayments) !== JSON.stringify(localPayments)) {
      differences.push(`payments ${c.payments.length} [${centralPayments}] != ${order.payments.length} [${localPayments}]`);
    }
    if (c.totalAmount !== order.totalAmount) differences.push(`total ${c.totalAmount} != ${order.totalAmount}`);
    if (differences.length > 0) result.different.push(`${order.orderId}: ${differences.join('; ')}`);
  }
  if (!options.allowUnexpected) {
    for (const [key, copies] of byExternal) if (!localIds.has(key)) result.unexpected.push(`${key} x${copies.length}`);
  }
  return result;
}

export const NOTHING_WRONG: Reconciliation = { missing: [], duplicated: [], unexpected: [], different: [] };
