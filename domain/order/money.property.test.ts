import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { otherFixtures } from '../../server/testing/fixtures';
import { Catalog } from '../catalog';
import type { Result } from '../result';
import { canMove, statusName } from '../rules/statuses';
import type { OpContext } from './context';
import { heldMoney, outstanding, paidIn, paidOut, paymentState, settledMoney } from './money';
import { cancel, checkDeletable, createOrder, deliver } from './operations';
import { addPayment, addRefund, changePaymentStatus } from './payments';
import type { OrderRecord } from './record';

/**
 * docs/api.md §7 as properties: random sequences of what clerks, payment providers and sync do to
 * one order, checked after every step. Replay a failing run with MONEY_SEED=<seed printed>.
 */

const fixtures = otherFixtures();
const catalog = new Catalog(fixtures);
const single = fixtures.products.find((p) => p.productName === 'Single ticket')!;
const method = fixtures.paymentMethods[0]!.paymentMethodId;
const seed = process.env.MONEY_SEED ? Number(process.env.MONEY_SEED) : Math.floor(Math.random() * 2 ** 31);
console.info(`money properties: MONEY_SEED=${seed}`);

type Op =
  | { kind: 'pay'; amount: number; settled: boolean }
  | { kind: 'refund'; amount: number; settled: boolean; reason: string }
  | { kind: 'status'; pick: number; code: 'SETTLED' | 'FAILED' | 'CANCELLED' }
  | { kind: 'cancel' }
  | { kind: 'deliver' }
  | { kind: 'delete' };

const amount = fc.oneof(fc.integer({ min: 0, max: 1200 }), fc.constantFrom(275, 550, 825, 1));
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('pay' as const), amount, settled: fc.boolean() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      amount,
      settled: fc.boolean(),
      reason: fc.constantFrom('', ' ', 'wrong ticket'),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('status' as const),
      pick: fc.nat(),
      code: fc.constantFrom('SETTLED' as const, 'FAILED' as const, 'CANCELLED' as const),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'cancel' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'deliver' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'delete' as const }) },
);

function context(): OpContext {
  let n = 0;
  return { catalog, now: new Date('2031-03-02T08:30:00.000Z'), newId: () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}` };
}

function newRecord(ctx: OpContext, quantity: number): OrderRecord {
  const touchPoint = catalog.touchpoints.get(fixtures.touchpoints[0]!.salesTouchpointId)!;
  const made = createOrder(
    {
      externalOrderId: null,
      languageId: fixtures.languages[0]!.languageId,
      orderLines: [{ productId: single.productId, quantity, vouchers: [] }],
    },
    { touchPoint, customerProfileId: null, orderNumber: '1' },
    ctx,
  );
  if (!made.ok) throw new Error(JSON.stringify(made.refusal));
  return made.value;
}

const value = <T>(result: Result<T>) => (result.ok ? result.value : null);

/** The money an independent ledger says the order holds: every accepted step that settled or refunded. */
function step(record: OrderRecord, o: Op, ctx: OpContext): { record: OrderRecord | null; moved: number } {
  const ref = ctx.newId();
  switch (o.kind) {
    case 'pay': {
      const next = value(
        addPayment(
          record,
          { paymentMethodId: method, amountDebit: o.amount, operatorPaymentReference: ref, statusCode: o.settled ? 'SETTLED' : 'PENDING' },
          ctx,
        ),
      );
      return { record: next?.record ?? record, moved: next && o.settled ? o.amount : 0 };
    }
    case 'refund': {
      const next = value(
        addRefund(
          record,
          {
            paymentMethodId: method,
            amountDebit: o.amount,
            operatorPaymentReference: ref,
            reason: o.reason,
            statusCode: o.settled ? 'SETTLED' : 'PENDING',
          },
          ctx,
        ),
      );
      return { record: next?.record ?? record, moved: next && o.settled ? -o.amount : 0 };
    }
    case 'status': {
      const payments = record.order.payments;
      if (payments.length === 0) return { record, moved: 0 };
      const payment = payments[o.pick % payments.length]!;
      const next = value(changePaymentStatus(record, payment.paymentId, { statusCode: o.code }, ctx));
      const moved = next && o.code === 'SETTLED' ? (payment.isRefund ? -1 : 1) * payment.amountDebit : 0;
      return { record: next ?? record, moved };
    }
    case 'cancel':
      return { record: value(cancel(record, ctx)) ?? record, moved: 0 };
    case 'deliver':
      return { record: value(deliver(record, ctx)) ?? record, moved: 0 };
    case 'delete':
      return { record: checkDeletable(record).ok ? null : record, moved: 0 };
  }
}

function checkInvariants(record: OrderRecord, ledger: number, everSettled: boolean) {
  const { order } = record;
  // Money is never lost: what the record shows is what the accepted steps moved.
  expect(settledMoney(order)).toBe(ledger);
  // Refunds, settled or on their way, never exceed the settled payments.
  expect(paidOut(order, ['SETTLED', 'PENDING'])).toBeLessThanOrEqual(paidIn(order));
  // Payments on their way and money held never exceed the total.
  expect(outstanding(order)).toBeGreaterThanOrEqual(0);
  // Statuses move only along the table, most recent first.
  const ids = order.order_OrderStatuses.map((s) => statusName(s.orderStatus.orderStatusId)).reverse();
  ids.slice(1).forEach((to, i) => expect(canMove(ids[i]!, to), `${ids[i]} -> ${to}`).toBe(true));
  // A payment's outcome is final: PENDING first, then at most one outcome.
  for (const p of order.payments) {
    expect(p.paymentStatuses.at(-1)!.statusCode).toBe('PENDING');
    expect(p.paymentStatuses.length).toBeLessThanOrEqual(2);
  }
  // Money once settled keeps the order from being deleted.
  if (everSettled) expect(heldMoney(order)).toBe(true);
  // A cancelled order holds no money and takes none.
  if (order.order_OrderStatuses[0]!.orderStatus.name === 'cancelled') {
    expect(settledMoney(order)).toBe(0);
    expect(order.payments.filter((p) => paymentState(p) === 'PENDING' && !p.isRefund)).toEqual([]);
  }
}

describe('money of one order under random operations (docs/api.md §7)', () => {
  it('is never lost, never over-refunded, and never deleted once settled', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3 }), fc.array(op, { maxLength: 30 }), (quantity, ops) => {
        const ctx = context();
        let record: OrderRecord = newRecord(ctx, quantity);
        let ledger = 0;
        let everSettled = false;
        for (const o of ops) {
          const before: OrderRecord = record;
          const next = step(before, o, ctx);
          if (next.record === null) {
            expect(everSettled, 'an order that held settled money was deleted').toBe(false);
            expect(before.order.payments.some((p) => paymentState(p) === 'PENDING')).toBe(false);
            break;
          }
          ledger += next.moved;
          everSettled ||= next.record.order.payments.some((p) => paymentState(p) === 'SETTLED');
          record = next.record;
          checkInvariants(record, ledger, everSettled);
        }
      }),
      { seed, numRuns: 400 },
    );
  });

  it('counts pending payments in what is still to be paid: two pending payments never exceed the total', () => {
    const ctx = context();
    const record = newRecord(ctx, 2);
    const total = record.order.totalAmount;
    const pay = (r: OrderRecord, amountDebit: number) =>
      addPayment(r, { paymentMethodId: method, amountDebit, operatorPaymentReference: ctx.newId(), statusCode: 'PENDING' }, ctx);
    const first = pay(record, total - 1);
    if (!first.ok) throw new Error('the first payment was refused');
    expect(pay(first.value.record, 2).ok).toBe(false);
    expect(pay(first.value.record, 1).ok).toBe(true);
  });
});
