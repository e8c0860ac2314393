import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PaymentStatusCode } from '../../shared/enums';
import { testSeed } from '../testing/seed';
import { cashTotal } from '../../shared/manager/schemas';
import {
  dayReport,
  methodFigures,
  notSold,
  refundedInFull,
  reportSummary,
  type Movement,
  type OrderFact,
} from './figures';
import { dayBounds, localDate, localHour, nextDay, startOfDay } from './timeZone';

/**
 * The report figures on generated days in Europe/Amsterdam: cash, PIN and direct debit, a
 * failed PIN payment, a partial and a full refund, a cancelled order, money that crosses
 * midnight and both DST changes; and as a property, the Z report's expected amount per method
 * is the day's settled payments less its settled refunds. Replay with REPORT_SEED=<seed>.
 */

const TZ = 'Europe/Amsterdam';
const CASH = { paymentMethodId: 1, methodName: 'Contant', provider: 'counter' };
const PIN = { paymentMethodId: 2, methodName: 'Pinbetaling', provider: 'terminal' };
const DEBIT = { paymentMethodId: 3, methodName: 'Automatische incasso', provider: 'sepa' };
type Method = typeof CASH;

let ids = 0;
function movement(method: Method, amount: number, state: PaymentStatusCode, at: string, extra: Partial<Movement> = {}): Movement {
  return {
    paymentId: `p${++ids}`,
    orderId: extra.orderId ?? `o${ids}`,
    ...method,
    isRefund: false,
    amount,
    state,
    createdOn: at,
    settledAt: state === 'SETTLED' ? at : null,
    lastAt: at,
    ...extra,
  };
}
const order = (createdOn: string, statusId: number, totalAmount: number, clerk = 'anna'): OrderFact => ({
  orderId: `o${++ids}`,
  orderNumber: `K-${ids}`,
  createdOn,
  statusId,
  totalAmount,
  clerk: { staffId: clerk, name: clerk },
  lines: [{ productId: 101, productName: 'Dagkaart volwassene', quantity: 1, amount: totalAmount }],
});

describe('days in a time zone', () => {
  it('are 23 hours when the clocks go forward, 25 when they go back, 24 otherwise', () => {
    const hours = (day: string) => {
      const b = dayBounds(day, TZ);
      return (Date.parse(b.to) - Date.parse(b.from)) / 3_600_000;
    };
    expect(hours('2026-03-29')).toBe(23);
    expect(hours('2026-10-25')).toBe(25);
    expect(hours('2026-07-01')).toBe(24);
    expect(dayBounds('2026-10-25', TZ)).toEqual({ from: '2026-10-24T22:00:00.000Z', to: '2026-10-25T23:00:00.000Z' });
    expect(startOfDay('2026-01-01', TZ).toISOString()).toBe('2025-12-31T23:00:00.000Z');
    expect(nextDay('2024-02-28')).toBe('2024-02-29');
  });

  it('puts an instant on its local day and hour; the hour repeated in autumn is two hours', () => {
    expect(localDate('2026-06-30T22:30:00Z', TZ)).toBe('2026-07-01');
    expect(localDate('2026-06-30T21:59:59Z', TZ)).toBe('2026-06-30');
    expect(localHour('2026-10-25T00:30:00Z', TZ)).toBe('2026-10-25 02:00 +02:00');
    expect(localHour('2026-10-25T01:30:00Z', TZ)).toBe('2026-10-25 02:00 +01:00');
  });
});

describe('the figures of one day', () => {
  const DAY = '2026-10-25';
  // Local times of that day (UTC+2 until 03:00 summer time, UTC+1 after).
  const at = (utc: string) => `${DAY.slice(0, 8)}${utc}`;
  const movements: Movement[] = [
    // The evening before: not this day's money.
    movement(CASH, 500, 'SETTLED', '2026-10-24T21:50:00.000Z'),
    // Taken before midnight, settled after it: this day's money.
    movement(PIN, 1900, 'SETTLED', '2026-10-24T21:55:00.000Z', { settledAt: '2026-10-24T22:10:00.000Z', lastAt: '2026-10-24T22:10:00.000Z' }),
    movement(CASH, 950, 'SETTLED', at('25T07:00:00.000Z')),
    movement(CASH, 3400, 'SETTLED', at('25T08:00:00.000Z')),
    movement(PIN, 9900, 'SETTLED', at('25T09:00:00.000Z')),
    movement(PIN, 640, 'FAILED', at('25T09:30:00.000Z')),
    movement(DEBIT, 14900, 'SETTLED', at('25T10:00:00.000Z')),
    movement(DEBIT, 14900, 'PENDING', at('25T11:00:00.000Z')),
    // A partial cash refund and a full PIN refund.
    movement(CASH, 475, 'SETTLED', at('25T12:00:00.000Z'), { isRefund: true }),
    movement(PIN, 9900, 'SETTLED', at('25T13:00:00.000Z'), { isRefund: true }),
    // The last hour of the 25-hour day (23:30 local, UTC+1) still counts; the next morning does not.
    movement(CASH, 340, 'SETTLED', at('25T22:30:00.000Z')),
    movement(CASH, 340, 'SETTLED', '2026-10-25T23:30:00.000Z'),
  ];
  const orders = [
    order('2026-10-24T21:55:00.000Z', 4, 1900),
    order(at('25T07:00:00.000Z'), 5, 950),
    order(at('25T08:00:00.000Z'), 4, 3400),
    order(at('25T09:00:00.000Z'), 6, 9900, 'mark'),
    order(at('25T00:30:00.000Z'), 1, 950),
    order(at('25T01:30:00.000Z'), 1, 950),
  ];

  it('X report: per method settled less refunded, cash with its float, failed payments, orders per status', () => {
    const x = dayReport({
      businessDate: DAY,
      timeZone: TZ,
      kind: 'X',
      state: 'open',
      openedAt: null,
      openedBy: null,
      float: 15000,
      closedAt: null,
      closedBy: null,
      note: null,
      counted: null,
      movements,
      orders,
      reachedCentralAt: null,
      generatedAt: at('25T14:00:00.000Z'),
    });
    expect(x.methods.map((m) => [m.name, m.payments, m.refunds, m.expected])).toEqual([
      ['Contant', 950 + 3400 + 340, 475, 950 + 3400 + 340 - 475],
      ['Pinbetaling', 1900 + 9900, 9900, 1900],
      ['Automatische incasso', 14900, 0, 14900],
    ]);
    expect(x.cash).toEqual({
      float: 15000,
      expected: 15000 + 4215,
      counted: null,
      countedByDenomination: null,
      difference: null,
      // No cash rounding recorded and no cash moved without a sale in these facts.
      rounding: 0,
      paidIn: 0,
      paidOut: 0,
      drops: 0,
      noSales: 0,
    });
    expect(x.failedPayments).toBe(1);
    expect(x.orders).toEqual({
      count: 5,
      byStatus: [
        { statusId: 1, count: 2 },
        { statusId: 4, count: 1 },
        { statusId: 5, count: 1 },
        { statusId: 6, count: 1 },
      ],
    });
  });

  it('Z report: counted by denomination, and the difference', () => {
    const counted = { '10000': 1, '5000': 1, '2000': 2, '200': 1, '10': 1, '5': 1 };
    expect(cashTotal(counted)).toBe(19215);
    const z = dayReport({
      businessDate: DAY,
      timeZone: TZ,
      kind: 'Z',
      state: 'closed',
      openedAt: null,
      openedBy: null,
      float: 15000,
      closedAt: at('25T22:45:00.000Z'),
      closedBy: { staffId: 'mark', name: 'Mark' },
      note: 'five cents short',
      counted,
      movements,
      orders,
      reachedCentralAt: null,
      generatedAt: at('25T22:45:00.000Z'),
    });
    expect(z.cash).toMatchObject({ expected: 19215, counted: 19215, difference: 0 });
    const short = dayReport({ ...z, kind: 'Z', float: 15005, counted, movements, orders });
    expect(short.cash.difference).toBe(-5);
  });

  it('X and Z: PIN payments confirmed on the stand-alone terminal totalled apart, and inside PIN as well', () => {
    const day = [
      movement(PIN, 9900, 'SETTLED', at('25T09:00:00.000Z')),
      movement(PIN, 1200, 'SETTLED', at('25T10:00:00.000Z'), { manual: true }),
      movement(PIN, 800, 'SETTLED', at('25T11:00:00.000Z'), { manual: true }),
      movement(PIN, 500, 'FAILED', at('25T11:30:00.000Z'), { manual: true }),
      movement(CASH, 340, 'SETTLED', at('25T12:00:00.000Z')),
    ];
    const input = {
      businessDate: DAY,
      timeZone: TZ,
      state: 'open' as const,
      openedAt: null,
      openedBy: null,
      float: 0,
      closedAt: null,
      closedBy: null,
      note: null,
      counted: null,
      movements: day,
      orders: [],
      reachedCentralAt: null,
      generatedAt: at('25T14:00:00.000Z'),
    };
    for (const kind of ['X', 'Z'] as const) {
      const report = dayReport({ ...input, kind });
      expect(report.manual, kind).toEqual([
        { paymentMethodId: 2, name: 'Pinbetaling', payments: 2000, paymentCount: 2, refunds: 0, refundCount: 0, expected: 2000 },
      ]);
      expect(report.methods.find((m) => m.paymentMethodId === 2), kind).toMatchObject({ payments: 11900, paymentCount: 3 });
    }
    // A day without such confirmations has no manual line.
    expect(dayReport({ ...input, kind: 'X', movements: day.filter((m) => !m.manual) }).manual).toEqual([]);
  });

  it('lists an order cancelled by its full refund as refunded, apart from the orders cancelled unpaid', () => {
    const refunded = { ...order(at('25T10:00:00.000Z'), 6, 640), refundedAmount: 640 };
    // Paid, then part refunded: still sold, in no "not sold" row.
    const partly = { ...order(at('25T11:00:00.000Z'), 4, 980), refundedAmount: 100 };
    expect(notSold([...orders, refunded, partly])).toEqual({
      open: { count: 2, amount: 1900 },
      cancelled: { count: 1, amount: 9900 },
      refunded: { count: 1, amount: 640 },
    });
    expect(refundedInFull(refunded)).toBe(true);
    expect(refundedInFull(partly)).toBe(false);
    expect(refundedInFull(order(at('25T12:00:00.000Z'), 6, 640))).toBe(false);
  });

  it('the summary: per product of orders sold (paid or delivered), per clerk, per hour with both 02:00 hours, the rest apart', () => {
    const s = reportSummary({ first: DAY, last: DAY, timeZone: TZ, orders, movements, refused: [] });
    // Sold: the delivered €9.50 and the paid €34.00; the two open concepts and the cancelled order are apart.
    expect(s.byProduct).toEqual([{ id: '101', name: 'Dagkaart volwassene', count: 2, amount: 950 + 3400 }]);
    expect(s.byClerk.map((c) => [c.name, c.count, c.amount])).toEqual([
      ['anna', 4, 950 + 3400],
      ['mark', 1, 0],
    ]);
    expect(s.notSold).toEqual({
      open: { count: 2, amount: 1900 },
      cancelled: { count: 1, amount: 9900 },
      refunded: { count: 0, amount: 0 },
    });
    expect(s.byHour.map((h) => [h.name, h.count, h.amount])).toEqual([
      ['2026-10-25 02:00 +02:00', 1, 0],
      ['2026-10-25 02:00 +01:00', 1, 0],
      ['2026-10-25 08:00 +01:00', 1, 950],
      ['2026-10-25 09:00 +01:00', 1, 3400],
      ['2026-10-25 10:00 +01:00', 1, 0],
    ]);
    expect(s.byStatus).toEqual([
      { statusId: 1, count: 2 },
      { statusId: 4, count: 1 },
      { statusId: 5, count: 1 },
      { statusId: 6, count: 1 },
    ]);
    expect(s.byMethod.map((m) => m.expected)).toEqual([4215, 1900, 14900]);
  });

  it('a day the clocks go forward: 23 hours, the night hour skipped', () => {
    const spring = '2026-03-29';
    const ms = [
      movement(CASH, 100, 'SETTLED', '2026-03-28T22:59:59.000Z'), // 23:59:59 the day before
      movement(CASH, 200, 'SETTLED', '2026-03-28T23:00:00.000Z'), // 00:00 local
      movement(CASH, 400, 'SETTLED', '2026-03-29T21:59:59.000Z'), // 23:59:59 local, summer time
      movement(CASH, 800, 'SETTLED', '2026-03-29T22:00:00.000Z'), // the next day
    ];
    expect(methodFigures(ms, dayBounds(spring, TZ))).toMatchObject([{ payments: 600, paymentCount: 2, expected: 600 }]);
    expect(localHour('2026-03-29T01:30:00.000Z', TZ)).toBe('2026-03-29 03:00 +02:00');
  });
  it('counts a movement by its state and its settlement time: SETTLED and settled within the day; refunds by number too', () => {
    const t = '2026-07-01T10:00:00.000Z';
    const ms = [
      movement(CASH, 100, 'SETTLED', t),
      movement(CASH, 30, 'SETTLED', t, { isRefund: true }),
      movement(CASH, 20, 'SETTLED', t, { isRefund: true }),
      // Neither occurs (a settled payment never changes again), but each half of the rule is checked alone.
      movement(CASH, 1000, 'CANCELLED', t, { settledAt: t }),
      movement(CASH, 2000, 'SETTLED', t, { settledAt: null }),
    ];
    expect(methodFigures(ms, dayBounds('2026-07-01', TZ))).toEqual([
      { paymentMethodId: 1, name: 'Contant', payments: 100, paymentCount: 1, refunds: 50, refundCount: 2, expected: 50 },
    ]);
  });

  it('the summary lists products and clerks by name; orders without a clerk come under an empty name', () => {
    const t = '2026-07-01T10:00:00.000Z';
    const week = { productId: 202, productName: 'Weekkaart', quantity: 2, amount: 500 };
    const orders = [
      { ...order(t, 4, 500, 'zoe'), lines: [week] },
      order(t, 4, 950, 'anna'),
      { ...order(t, 1, 300), clerk: null, lines: [{ productId: 101, productName: 'Dagkaart volwassene', quantity: 1, amount: 300 }] },
    ];
    const s = reportSummary({ first: '2026-07-01', last: '2026-07-01', timeZone: TZ, orders, movements: [], refused: [] });
    // The open order without a clerk sold nothing: it is counted, its amount is not.
    expect(s.byProduct).toEqual([
      { id: '101', name: 'Dagkaart volwassene', count: 1, amount: 950 },
      { id: '202', name: 'Weekkaart', count: 2, amount: 500 },
    ]);
    expect(s.byClerk).toEqual([
      { id: '', name: '', count: 1, amount: 0 },
      { id: 'anna', name: 'anna', count: 1, amount: 950 },
      { id: 'zoe', name: 'zoe', count: 1, amount: 500 },
    ]);
  });
});

describe('the Z report as a property', () => {
  const seed = testSeed('REPORT_SEED');
  const methods = [CASH, PIN, DEBIT];
  const days = ['2026-03-28', '2026-03-29', '2026-03-30', '2026-10-24', '2026-10-25', '2026-10-26'];
  const start = Date.parse('2026-03-27T20:00:00Z');
  const end = Date.parse('2026-10-27T04:00:00Z');
  const nearChange = fc.oneof(
    fc.integer({ min: Date.parse('2026-03-27T20:00:00Z'), max: Date.parse('2026-03-31T04:00:00Z') }),
    fc.integer({ min: Date.parse('2026-10-23T20:00:00Z'), max: end }),
    fc.integer({ min: start, max: end }),
  );
  const generated = fc.record({
    method: fc.integer({ min: 0, max: 2 }),
    amount: fc.integer({ min: 1, max: 20000 }),
    refund: fc.boolean(),
    state: fc.constantFrom<PaymentStatusCode>('SETTLED', 'SETTLED', 'PENDING', 'FAILED', 'CANCELLED'),
    made: nearChange,
    settleAfter: fc.integer({ min: 0, max: 6 * 3_600_000 }),
  });

  it('expected per method = the sum of the day’s settled payments less its settled refunds, whatever the day', () => {
    fc.assert(
      fc.property(fc.array(generated, { maxLength: 60 }), fc.constantFrom(...days), fc.integer({ min: 0, max: 50000 }), (gen, day, float) => {
        const ms = gen.map((g, i) => {
          const settledAt = g.state === 'SETTLED' ? new Date(g.made + g.settleAfter).toISOString() : null;
          return movement(methods[g.method]!, g.amount, g.state, new Date(g.made).toISOString(), {
            paymentId: `g${i}`,
            isRefund: g.refund,
            settledAt,
            lastAt: settledAt ?? new Date(g.made).toISOString(),
          });
        });
        const z = dayReport({
          businessDate: day,
          timeZone: TZ,
          kind: 'Z',
          state: 'closed',
          openedAt: null,
          openedBy: null,
          float,
          closedAt: null,
          closedBy: null,
          note: null,
          counted: {},
          movements: ms,
          orders: [],
          reachedCentralAt: null,
          generatedAt: '2026-10-27T00:00:00Z',
        });
        // Counted the naive way: each movement's own local day, through a different path than the day's bounds.
        const inDay = ms.filter((m) => m.state === 'SETTLED' && localDate(m.settledAt!, TZ) === day);
        for (const method of methods) {
          const mine = inDay.filter((m) => m.paymentMethodId === method.paymentMethodId);
          const expected = mine.reduce((t, m) => t + (m.isRefund ? -m.amount : m.amount), 0);
          const figure = z.methods.find((f) => f.paymentMethodId === method.paymentMethodId);
          expect(figure?.expected ?? 0).toBe(expected);
          if (mine.length === 0) expect(figure).toBeUndefined();
          if (method === CASH) expect(z.cash.expected).toBe(float + expected);
        }
        expect(z.cash.difference! + z.cash.expected).toBe(0);
      }),
      { seed, numRuns: 300 },
    );
  });
});
