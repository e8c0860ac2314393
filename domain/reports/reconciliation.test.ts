import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../shared/schemas/order';
import { testSeed } from '../testing/seed';
import { reconcile } from './reconciliation';

/** docs/api.md §10.4: the central's figures of a day beside a close's, per payment method. */

const DAY = { businessDate: '2026-10-25', timeZone: 'Europe/Amsterdam' };

interface Money {
  method: number;
  amount: number;
  isRefund: boolean;
  at: string;
  status: 'SETTLED' | 'PENDING' | 'FAILED';
}

/** An order holding these payments and refunds, each with its one status at `at`. */
function orderWith(money: Money[]): Order {
  return {
    orderId: 'o',
    payments: money.map((m, i) => ({
      paymentId: `p${i}`,
      createdOn: m.at,
      amountDebit: m.amount,
      paymentMethod: { paymentMethodId: m.method, name: `m${m.method}`, provider: 'counter' },
      isRefund: m.isRefund,
      paymentStatuses: [{ statusCode: m.status, createdOn: m.at }],
    })),
  } as unknown as Order;
}

const methods = (net: Map<number, number>) =>
  [...net].map(([paymentMethodId, n]) => ({ paymentMethodId, name: 'x', payments: n, paymentCount: 1, refunds: 0, refundCount: 0, expected: n }));

describe('reconcile', () => {
  it('counts settled money of the close’s local day only: 25 October 2026 in Amsterdam lasts 25 hours', () => {
    const order = orderWith([
      { method: 1, amount: 1000, isRefund: false, at: '2026-10-24T22:00:00.000Z', status: 'SETTLED' }, // 00:00 local, in
      { method: 1, amount: 300, isRefund: true, at: '2026-10-25T22:59:59.000Z', status: 'SETTLED' }, // 23:59 local (+01:00), in
      { method: 1, amount: 50, isRefund: false, at: '2026-10-25T23:00:00.000Z', status: 'SETTLED' }, // the 26th, out
      { method: 2, amount: 700, isRefund: false, at: '2026-10-25T10:00:00.000Z', status: 'PENDING' }, // not settled, out
      { method: 2, amount: 900, isRefund: false, at: '2026-10-24T21:59:59.000Z', status: 'SETTLED' }, // the 24th, out
    ]);
    expect(reconcile({ ...DAY, methods: methods(new Map([[1, 700]])) }, [order])).toEqual({
      matches: true,
      central: [{ paymentMethodId: 1, net: 700 }],
      differences: [],
    });
  });

  it('matches exactly when the counter’s net per method is the central’s, and names every method that differs', () => {
    const inDay = fc.integer({ min: Date.parse('2026-10-24T22:00:00Z'), max: Date.parse('2026-10-25T22:59:59Z') });
    const money = fc.record({
      method: fc.integer({ min: 1, max: 4 }),
      amount: fc.integer({ min: 1, max: 100_000 }),
      isRefund: fc.boolean(),
      at: inDay.map((t) => new Date(t).toISOString()),
      status: fc.constant('SETTLED' as const),
    });
    fc.assert(
      fc.property(fc.array(money, { maxLength: 30 }), fc.integer({ min: 1, max: 4 }), fc.integer({ min: -500, max: 500 }), (items, off, delta) => {
        const net = new Map<number, number>();
        for (const m of items) net.set(m.method, (net.get(m.method) ?? 0) + (m.isRefund ? -m.amount : m.amount));
        const orders = [orderWith(items)];
        expect(reconcile({ ...DAY, methods: methods(net) }, orders).matches).toBe(true);
        const told = new Map(net).set(off, (net.get(off) ?? 0) + delta);
        const result = reconcile({ ...DAY, methods: methods(told) }, orders);
        expect(result.matches).toBe(delta === 0);
        expect(result.differences).toEqual(delta === 0 ? [] : [{ paymentMethodId: off, counter: told.get(off), central: net.get(off) ?? 0 }]);
      }),
      { seed: testSeed('RECONCILE_SEED'), numRuns: 200 },
    );
  });
});
