import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IpcResult, SyncStatus } from '../../../shared/ipc';
import type { Order } from '../../../shared/schemas/order';
import { startCentral, type Central } from '../../../server/central';
import { tempDir } from '../../../server/testing/fixtures';
import { centralCall, centralOrders, counterToken, TEST_SECRET, TOUCHPOINT } from '../testing/central';
import { clerk, NOTHING_WRONG, openCounter, reconcile, settleFully, STATUS, statusOf, value, type TestCounter } from '../testing/counter';
import { freePort } from '../testing/processes';

/**
 * docs/api.md §7 and §8 in sync: refunds travel between counter and central exactly once, either
 * way; a change to an order another touchpoint owns is never sent.
 */

let folder: ReturnType<typeof tempDir>;
let central: Central | null = null;
let counter: TestCounter;
let token: string;
let port: number;

const startTheCentral = async () => {
  central = await startCentral({ db: join(folder.dir, 'central.sqlite'), port, jwtSecret: TEST_SECRET, logger: false });
};
const stopTheCentral = async () => {
  await central?.close();
  central = null;
};
const url = () => `http://127.0.0.1:${port}`;

beforeEach(async () => {
  folder = tempDir('counter-refunds-');
  token = await counterToken();
  port = await freePort();
  await startTheCentral();
  counter = await openCounter({
    dataDir: folder.dir,
    database: join(folder.dir, 'counter.sqlite'),
    central: { url: url(), bearerToken: token },
  });
  await clerk(counter).login('mark', '9999');
});
afterEach(async () => {
  await counter.close();
  await stopTheCentral();
  folder.remove();
});

const refundsOf = (o: Order) => o.payments.filter((p) => p.isRefund);

describe('refunds and sync', () => {
  it('a refund made while the central is down reaches it once when it returns', async () => {
    const mark = clerk(counter);
    const order = await mark.create([{ productId: 600, quantity: 2 }]);
    await mark.pay(order.orderId, order.totalAmount);
    expect((await settleFully(counter)).status).toMatchObject({ pending: 0, rejected: 0 });

    await stopTheCentral();
    const partly = await mark.refund(order.orderId, 100, 'one ticket too many');
    const refunded = await mark.refund(order.orderId, order.totalAmount - 100, 'trip cancelled', 'PENDING');
    expect(statusOf(refunded)).toBe(STATUS.paid);
    const offline = value((await counter.dispatch('sync.now', {})) as IpcResult<SyncStatus>);
    expect(offline).toMatchObject({ online: false, pending: 1 });
    const pendingRefund = refundsOf(refunded)[1]!;
    await mark.paymentStatus(pendingRefund.paymentId, 'SETTLED');

    await startTheCentral();
    expect((await settleFully(counter)).status).toMatchObject({ online: true, pending: 0, rejected: 0 });
    // Another round finds nothing left to send.
    expect((await settleFully(counter)).status.pending).toBe(0);

    const [there] = await centralOrders(url(), token);
    expect(refundsOf(there!).map((p) => [p.operatorPaymentReference, p.amountDebit, p.paymentStatuses[0]!.statusCode])).toEqual([
      [refundsOf(partly)[0]!.paymentId, 100, 'SETTLED'],
      [pendingRefund.paymentId, order.totalAmount - 100, 'SETTLED'],
    ]);
    expect(refundsOf(there!).map((p) => p.paymentStatuses.at(-1)!.statusDescription)).toEqual(['one ticket too many', 'trip cancelled']);
    expect(statusOf(there!)).toBe(STATUS.cancelled);
    const local = (await mark.get(order.orderId)).order;
    expect(reconcile([local], [there!])).toEqual(NOTHING_WRONG);
  });

  it('a refund made on the central reaches the counter, and nothing goes back', async () => {
    const mark = clerk(counter);
    const order = await mark.create([{ productId: 600, quantity: 1 }]);
    await mark.pay(order.orderId, order.totalAmount);
    await settleFully(counter);
    const [there] = await centralOrders(url(), token);

    const refund = {
      paymentMethodId: 1,
      amountDebit: order.totalAmount,
      operatorPaymentReference: 'desk-2',
      reason: 'refunded at the main desk',
    };
    const answer = await centralCall<Order>(url(), token, 'POST', `/orders/${there!.orderId}/refunds`, refund);
    expect(answer.status).toBe(200);
    expect(statusOf(answer.body)).toBe(STATUS.cancelled);

    const status = value((await counter.dispatch('sync.now', {})) as IpcResult<SyncStatus>);
    expect(status).toMatchObject({ online: true, pending: 0, rejected: 0 });
    const local = await mark.get(order.orderId);
    expect(statusOf(local.order)).toBe(STATUS.cancelled);
    expect(refundsOf(local.order).map((p) => [p.amountDebit, p.operatorPaymentReference])).toEqual([[order.totalAmount, 'desk-2']]);
    expect(local.sync.state).toBe('synced');
    const [after] = await centralOrders(url(), token);
    expect(refundsOf(after!)).toHaveLength(1);
  });

  it('never sends a change made before the counter moved to another touchpoint: that order waits as rejected', async () => {
    await stopTheCentral();
    const before = await clerk(counter).create([{ productId: 600, quantity: 1 }]);
    const moved = await counterToken(11);
    value(await counter.dispatch('settings.set', { touchpointId: 11 }));
    await counter.close();
    counter = await openCounter({
      dataDir: folder.dir,
      database: join(folder.dir, 'counter.sqlite'),
      central: { url: url(), bearerToken: moved },
    });
    const mark = clerk(counter);
    await mark.login('mark', '9999');
    expect((await mark.get(before.orderId)).readOnly).toBe(true);
    const after = await mark.create([{ productId: 600, quantity: 2 }]);

    await startTheCentral();
    const { status } = await settleFully(counter);
    expect(status).toMatchObject({ online: true, pending: 0, rejected: 1, lastError: null });
    expect((await centralOrders(url(), moved, 11)).map((o) => o.externalOrderId)).toEqual([after.orderId]);
    expect(await centralOrders(url(), token, TOUCHPOINT)).toEqual([]);
    const waiting = await mark.get(before.orderId);
    expect(waiting.sync.state).toBe('rejected');
    expect(waiting.sync.reasons[0]!.detail).toContain(`touchpoint ${TOUCHPOINT} owns this order`);
  });
});
