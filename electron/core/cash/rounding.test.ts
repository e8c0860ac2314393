import { describe, expect, it } from 'vitest';
import { writeSetting } from '../db/settings';
import { clerk } from '../testing/counter';
import { managerCounter } from '../testing/managerCounter';
import { journalRows } from './journal';

/** docs/api.md §10.1 at the counter: a cash payment keeps its exact amount and records its rounding. */

const m = managerCounter('2026-11-27T09:00:00.000Z');
const roundings = () => m.counter.test.db.prepare('SELECT payment_id AS paymentId, difference FROM cash_roundings').all();

async function regionFare() {
  await m.asMark();
  const mark = clerk(m.counter);
  // Product 602, "Enkele reis regio", €4.63: a distance fare that is no multiple of 5 cents.
  const order = await mark.create([{ productId: 602, quantity: 1 }]);
  expect(order.totalAmount).toBe(463);
  return { mark, order };
}

describe('Dutch cash rounding at the counter', () => {
  it('a cash payment of €4.63 stays exact on the order and records +2 (paid as €4.65), in its journal row too', async () => {
    const { mark, order } = await regionFare();
    const paid = await mark.pay(order.orderId, 463);
    const payment = paid.payments[0]!;
    expect(payment.amountDebit).toBe(463);
    expect(roundings()).toEqual([{ paymentId: payment.paymentId, difference: 2 }]);
    expect(journalRows(m.counter.test.db).find((r) => r.subject === payment.paymentId)?.content).toMatchObject({
      amount: 463,
      rounding: 2,
    });
  });

  it('a cash refund rounds alike; a PIN payment is not rounded', async () => {
    const { mark, order } = await regionFare();
    const twice = await mark.addLine(order.orderId, { productId: 602, quantity: 1 });
    await mark.pay(twice.orderId, 463, 'pin');
    const settled = await mark.paymentStatus((await mark.get(order.orderId)).order.payments[0]!.paymentId, 'SETTLED');
    const withCash = await mark.pay(settled.orderId, 463);
    const refunded = await mark.refund(withCash.orderId, 463);
    const refund = refunded.payments.find((p) => p.isRefund)!;
    const cash = withCash.payments.find((p) => p.paymentMethod.provider === 'counter' && !p.isRefund)!;
    expect(roundings()).toEqual(
      expect.arrayContaining([
        { paymentId: cash.paymentId, difference: 2 },
        { paymentId: refund.paymentId, difference: 2 },
      ]),
    );
    expect(roundings()).toHaveLength(2);
  });

  it('records nothing when a manager turned rounding off', async () => {
    const { mark, order } = await regionFare();
    writeSetting(m.counter.test.db, 'cash.rounding', false);
    await mark.pay(order.orderId, 463);
    expect(roundings()).toEqual([]);
  });
});
