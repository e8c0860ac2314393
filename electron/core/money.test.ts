import { beforeEach, describe, expect, it } from 'vitest';
import type { CounterOrder, IpcResult } from '../../shared/ipc';
import { getOrder, insertOrder } from '../../domain/store/sqlite/orders';
import { clerk, STATUS, statusOf, value, type TestCounter } from './testing/counter';
import { offlineCounterPerTest } from './testing/offlineCounter';

/**
 * docs/api.md §7 at the counter: the same domain judges money offline as the central does, and
 * an order another touchpoint owns is shown but never changed (nor queued for the central).
 */

const current = offlineCounterPerTest('money', 'c1c1c1c1');
let counter: TestCounter;
beforeEach(() => {
  counter = current();
});

const outboxRows = () => (counter.test.db.prepare('SELECT COUNT(*) AS n FROM outbox').get() as { n: number }).n;
const dispatch = (channel: string, input: unknown) => counter.dispatch(channel, input) as Promise<IpcResult<CounterOrder | true>>;

describe('money at the counter, offline', () => {
  it('a manager refunds; a clerk may not; a full refund cancels the paid order', async () => {
    const anna = clerk(counter);
    await anna.login();
    const order = await anna.create([{ productId: 600, quantity: 2 }]);
    const paid = await anna.pay(order.orderId, order.totalAmount);
    const refund = { paymentMethodId: 1, amountDebit: 1, operatorPaymentReference: 'till', reason: 'wrong zone' };
    expect(await dispatch('payments.refund', { orderId: order.orderId, refund })).toMatchObject({
      ok: false,
      error: { kind: 'forbidden' },
    });

    const mark = clerk(counter);
    await mark.login('mark', '9999');
    const noReason = await dispatch('payments.refund', { orderId: order.orderId, refund: { ...refund, reason: ' ' } });
    expect(noReason).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    const tooMuch = await dispatch('payments.refund', { orderId: order.orderId, refund: { ...refund, amountDebit: paid.totalAmount + 1 } });
    expect(tooMuch).toMatchObject({
      ok: false,
      error: { kind: 'invalid', errors: [expect.objectContaining({ pointer: '/amountDebit' })] },
    });

    const partly = await mark.refund(order.orderId, 100);
    expect(statusOf(partly)).toBe(STATUS.paid);
    const all = await mark.refund(order.orderId, paid.totalAmount - 100);
    expect(statusOf(all)).toBe(STATUS.cancelled);
    expect(all.payments.filter((p) => p.isRefund).map((p) => p.amountDebit)).toEqual([100, paid.totalAmount - 100]);
    // The order held money: it stays on record.
    expect(await dispatch('orders.delete', { orderId: order.orderId })).toMatchObject({ ok: false, error: { kind: 'invalid' } });
  });

  it('refuses to cancel or delete an order holding settled money, and cancels pending payments with the order', async () => {
    const anna = clerk(counter);
    await anna.login();
    const order = await anna.create([{ productId: 600, quantity: 3 }]);
    await anna.pay(order.orderId, 100);
    const cancel = await dispatch('orders.cancel', { orderId: order.orderId });
    expect(cancel).toMatchObject({ ok: false, error: { kind: 'invalid', errors: [expect.objectContaining({ amount: 100 })] } });
    expect(await dispatch('orders.delete', { orderId: order.orderId })).toMatchObject({ ok: false });

    const other = await anna.create([{ productId: 600, quantity: 1 }]);
    const pending = await anna.pay(other.orderId, 50, 'pin');
    const cancelled = await anna.cancel(other.orderId);
    expect(cancelled.payments.map((p) => p.paymentStatuses[0]!.statusCode)).toEqual(['CANCELLED']);
    const late = await dispatch('payments.setStatus', { paymentId: pending.payments[0]!.paymentId, status: { statusCode: 'SETTLED' } });
    expect(late).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    await anna.remove(other.orderId);
  });

  it('shows an order of another touchpoint read-only: every write is refused and nothing is queued', async () => {
    const anna = clerk(counter);
    await anna.login();
    const own = await anna.create([
      { productId: 600, quantity: 1 },
      { productId: 600, quantity: 2 },
    ]);
    const ownPaid = await anna.pay(own.orderId, 10, 'pin');
    // A copy of a web shop's order (touchpoint 90), as a lookup elsewhere would bring it in.
    const webShop = { salesTouchpointId: 90, name: 'Webwinkel', isActive: true, retailerId: 2 };
    const foreignId = 'f0f0f0f0-0000-4000-8000-000000000001';
    const record = getOrder(counter.test.db, own.orderId)!;
    insertOrder(counter.test.db, {
      ...record,
      touchpointId: 90,
      order: {
        ...ownPaid,
        orderId: foreignId,
        externalOrderId: null,
        orderNumber: 'W-1',
        touchPoint: webShop,
        orderLines: ownPaid.orderLines.map((l, i) => ({ ...l, orderLineId: `f0f0f0f0-0000-4000-8000-00000000010${i}` })),
        payments: ownPaid.payments.map((p, i) => ({ ...p, paymentId: `f0f0f0f0-0000-4000-8000-00000000020${i}`, touchPoint: webShop })),
      },
    });
    counter.test.db.prepare('DELETE FROM outbox').run();
    const before = counter.test.db.prepare('SELECT doc, version FROM orders WHERE order_id = ?').get(foreignId);

    const shown = value((await dispatch('orders.get', { orderId: foreignId })) as IpcResult<CounterOrder>);
    expect(shown.readOnly).toBe(true);
    expect(value((await dispatch('orders.get', { orderId: own.orderId })) as IpcResult<CounterOrder>).readOnly).toBe(false);

    const [lineA, lineB] = shown.order.orderLines;
    const mark = clerk(counter);
    await mark.login('mark', '9999');
    const writes: [string, unknown][] = [
      ['orders.patch', { orderId: foreignId, patch: { languageId: 2 } }],
      ['orders.delete', { orderId: foreignId }],
      [
        'orders.setCustomer',
        { orderId: foreignId, customer: { birthname: 'X', surname: 'Y', emailAddress: 'x@example.org', dateOfBirth: '1990-01-01' } },
      ],
      ['orders.deliver', { orderId: foreignId }],
      ['orders.cancel', { orderId: foreignId }],
      ['lines.add', { orderId: foreignId, line: { productId: 600, quantity: 1 } }],
      ['lines.patch', { orderLineId: lineA!.orderLineId, patch: { quantity: 4 } }],
      ['lines.remove', { orderLineId: lineB!.orderLineId }],
      ['payments.setStatus', { paymentId: shown.order.payments[0]!.paymentId, status: { statusCode: 'SETTLED' } }],
      [
        'payments.add',
        { orderId: foreignId, payment: { paymentMethodId: 1, amountDebit: 1, operatorPaymentReference: 'till', statusCode: 'SETTLED' } },
      ],
      [
        'payments.refund',
        { orderId: foreignId, refund: { paymentMethodId: 1, amountDebit: 1, operatorPaymentReference: 'till', reason: 'x' } },
      ],
    ];
    for (const [channel, input] of writes) {
      expect(await dispatch(channel, input), channel).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    }
    expect(counter.test.db.prepare('SELECT doc, version FROM orders WHERE order_id = ?').get(foreignId)).toEqual(before);
    expect(outboxRows()).toBe(0);
  });
});
