import { describe, expect, it } from 'vitest';
import type { CounterOrder, IpcResult } from '../../../shared/ipc';
import { clerk, STATUS, statusOf } from '../testing/counter';
import { managerCounter } from '../testing/managerCounter';

/**
 * docs/api.md §10.2: a closed day refuses every channel that moves money or changes an order,
 * including a pending PIN payment settled after the Z report; the business day is the
 * counter's own, so a clock set back after a close does not reopen the day.
 */

const m = managerCounter('2026-11-27T09:00:00.000Z');

/** Every channel that changes an order or moves money, and a valid input for it: written here, not taken from the declarations. */
function changes(o: { orderId: string; lineId: string; pendingId: string }): [string, unknown][] {
  return [
    ['orders.create', { languageId: 1, orderLines: [{ productId: 600, quantity: 1 }] }],
    ['orders.patch', { orderId: o.orderId, patch: { languageId: 1 } }],
    [
      'orders.setCustomer',
      {
        orderId: o.orderId,
        customer: { birthname: 'Eva', surname: 'Smit', emailAddress: 'eva@example.org', dateOfBirth: '1990-01-01' },
      },
    ],
    ['orders.deliver', { orderId: o.orderId }],
    ['orders.cancel', { orderId: o.orderId }],
    ['orders.delete', { orderId: o.orderId }],
    ['lines.add', { orderId: o.orderId, line: { productId: 600, quantity: 1 } }],
    ['lines.patch', { orderLineId: o.lineId, patch: { quantity: 2 } }],
    ['lines.remove', { orderLineId: o.lineId }],
    [
      'payments.add',
      { orderId: o.orderId, payment: { paymentMethodId: 1, amountDebit: 100, operatorPaymentReference: 'late', statusCode: 'SETTLED' } },
    ],
    ['payments.setStatus', { paymentId: o.pendingId, status: { statusCode: 'SETTLED' } }],
    [
      'payments.refund',
      { orderId: o.orderId, refund: { paymentMethodId: 1, amountDebit: 100, operatorPaymentReference: 'back', reason: 'late' } },
    ],
  ];
}

async function closeWithAnOpenPinPayment() {
  await m.asMark();
  await m.call('day.open', { float: { '1000': 1 } });
  const mark = clerk(m.counter);
  const order = await mark.create([{ productId: 600, quantity: 2 }]);
  const paid = await mark.pay(order.orderId, 100, 'cash');
  const pending = await mark.pay(order.orderId, 100, 'pin');
  const pendingId = pending.payments.find((p) => p.paymentId !== paid.payments[0]!.paymentId)!.paymentId;
  const journalBefore = journalCount();
  await m.call('day.close', { counted: { '1000': 1, '100': 1 }, note: '' });
  return { orderId: order.orderId, lineId: order.orderLines[0]!.orderLineId, pendingId, journalBefore };
}

const journalCount = () => (m.counter.test.db.prepare('SELECT COUNT(*) AS n FROM money_journal').get() as { n: number }).n;

describe('a closed day', () => {
  it('refuses every change of an order and of money, a pending PIN payment settled after the Z included, and changes nothing', async () => {
    const o = await closeWithAnOpenPinPayment();
    const orderBefore = (await m.call('orders.get', { orderId: o.orderId })).order;
    for (const [channel, input] of changes(o)) {
      expect(await m.refused(channel, input), channel).toMatchObject({ kind: 'conflict', code: 'day.closed' });
    }
    expect((await m.call('orders.get', { orderId: o.orderId })).order).toEqual(orderBefore);
    // Only the close's own journal rows were added: its session closed, the day closed.
    expect(journalCount()).toBe(o.journalBefore + 2);
  });

  it('stays closed when the clock is set back a day, and a sale is taken again once the clock reaches the next day', async () => {
    await closeWithAnOpenPinPayment();
    m.clock.set('2026-11-26T09:00:00.000Z');
    expect(await m.call('day.status', {})).toMatchObject({ businessDate: '2026-11-27', state: 'closed' });
    expect(await m.refused('orders.create', { languageId: 1, orderLines: [{ productId: 600, quantity: 1 }] })).toMatchObject({
      code: 'day.closed',
      params: { businessDate: '2026-11-27' },
    });
    m.clock.set('2026-11-28T08:00:00.000Z');
    expect(await m.call('day.status', {})).toMatchObject({ businessDate: '2026-11-28', state: 'notOpened' });
    const order = await clerk(m.counter).create([{ productId: 600, quantity: 1 }]);
    expect(statusOf(order)).toBe(STATUS.concept);
  });

  it('a close committed while a payment waits for its write wins: the payment is refused and leaves nothing', async () => {
    await m.asMark();
    await m.call('day.open', { float: {} });
    const mark = clerk(m.counter);
    const order = await mark.create([{ productId: 600, quantity: 1 }]);
    const before = journalCount();
    const payment = m.counter.dispatch('payments.add', {
      orderId: order.orderId,
      payment: { paymentMethodId: 1, amountDebit: order.totalAmount, operatorPaymentReference: 'racing', statusCode: 'SETTLED' },
    }) as Promise<IpcResult<CounterOrder>>;
    // The close's transaction commits before the payment's write is flushed (group commit: a later turn).
    const closed = m.counter.dispatch('day.close', { counted: {}, note: '' });
    expect(await payment).toMatchObject({ ok: false, error: { code: 'day.closed' } });
    expect(await closed).toMatchObject({ ok: true });
    expect((await m.call('orders.get', { orderId: order.orderId })).order.payments).toEqual([]);
    expect(journalCount()).toBe(before + 2);
  });
});
