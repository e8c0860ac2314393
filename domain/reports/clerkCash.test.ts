import { describe, expect, it } from 'vitest';
import type { CashMovement } from '../../shared/manager/cash';
import { dayReport, type Movement } from './figures';

/** docs/counter.md §17: X and Z per clerk, and refunds made on the central apart from the drawer. */

const anna = { staffId: 'anna', name: 'Anna de Vries' };
const mark = { staffId: 'mark', name: 'Mark Jansen' };
let seq = 0;
const money = (m: Partial<Movement>): Movement => ({
  paymentId: `p${++seq}`,
  orderId: `o${seq}`,
  paymentMethodId: 1,
  methodName: 'Contant',
  provider: 'counter',
  isRefund: false,
  amount: 0,
  state: 'SETTLED',
  createdOn: '2026-11-27T10:00:00.000Z',
  settledAt: '2026-11-27T10:00:00.000Z',
  lastAt: '2026-11-27T10:00:00.000Z',
  ...m,
});
const move = (m: Partial<CashMovement>): CashMovement => ({
  movementId: `m${++seq}`,
  sessionId: 's1',
  kind: 'paidIn',
  amount: 0,
  reason: 'r',
  by: mark,
  at: '2026-11-27T11:00:00.000Z',
  ...m,
});

const day = (movements: Movement[], moves: CashMovement[]) =>
  dayReport({
    businessDate: '2026-11-27',
    timeZone: 'Europe/Amsterdam',
    kind: 'X',
    state: 'open',
    openedAt: '2026-11-27T07:00:00.000Z',
    openedBy: mark,
    float: 10000,
    closedAt: null,
    closedBy: null,
    note: null,
    counted: null,
    movements,
    orders: [],
    reachedCentralAt: null,
    generatedAt: '2026-11-27T12:00:00.000Z',
    drawer: { sessions: [], moves, countedTotal: null },
  });

describe('cash per clerk in X and Z', () => {
  it('gives each clerk the cash taken and given back as handed over, and the cash moved; the central’s refunds to no one', () => {
    const x = day(
      [
        money({ amount: 463, rounding: 2, takenBy: anna }),
        money({ amount: 343, rounding: 2, takenBy: anna }),
        money({ amount: 120, isRefund: true, takenBy: mark }),
        // PIN and a failed cash payment are no drawer cash; yesterday's neither.
        money({ amount: 999, provider: 'terminal', paymentMethodId: 2, takenBy: anna }),
        money({ amount: 500, state: 'FAILED', settledAt: null, takenBy: anna }),
        money({ amount: 700, settledAt: '2026-11-26T10:00:00.000Z', takenBy: anna }),
        // Made on the central: its method's figures hold it, the drawer does not.
        money({ amount: 200, isRefund: true, fromCentral: 'operator-desk-7' }),
        money({ amount: 100 }),
      ],
      [move({ kind: 'paidIn', amount: 2000 }), move({ kind: 'drop', amount: 5000 }), move({ kind: 'paidOut', amount: 250, by: anna }), move({ kind: 'noSale', by: anna })],
    );
    expect(x.clerks).toEqual([
      { clerk: anna, taken: 810, payments: 2, givenBack: 0, refunds: 0, paidIn: 0, paidOut: 250, drops: 0, noSales: 1, net: 560 },
      { clerk: mark, taken: 0, payments: 0, givenBack: 120, refunds: 1, paidIn: 2000, paidOut: 0, drops: 5000, noSales: 0, net: -3120 },
      { clerk: null, taken: 100, payments: 1, givenBack: 0, refunds: 0, paidIn: 0, paidOut: 0, drops: 0, noSales: 0, net: 100 },
    ]);
    expect(x.centralRefunds).toEqual({ count: 1, amount: 200 });
    // The cash method: 463 + 343 + 100 − 120 − 200 settled today.
    expect(x.methods.find((m) => m.paymentMethodId === 1)?.expected).toBe(586);
    // The drawer: float 10000 + the clerks' nets (560 − 3120 + 100) = 7540; the central's 200 not taken out.
    expect(x.cash.expected).toBe(7540);
    expect(x.cash.rounding).toBe(4);
  });
});
