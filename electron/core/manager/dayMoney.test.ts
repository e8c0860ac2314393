import { beforeEach, describe, expect, it } from 'vitest';
import { factTables } from '../testing/managerFacts';
import { movementsIn } from './dayMoney';

/**
 * The day's money put together from each area's own read: the order index's payments of the day,
 * the cash area's rounding and hands, the terminal's confirmed-by-hand, each by payment id.
 */

const DAY = { from: '2026-10-23T22:00:00.000Z', to: '2026-10-24T22:00:00.000Z' };
const AT = '2026-10-24T08:00:00.000Z';
let facts: ReturnType<typeof factTables>;
beforeEach(() => {
  facts = factTables();
});

const base = { orderId: 'o', paymentMethodId: 1, methodName: 'Contant', provider: 'counter', state: 'SETTLED', createdOn: AT, lastAt: AT };

describe('the money of a day', () => {
  it('takes each payment with its rounding, whose hands, the central’s refund and the terminal’s manual flag', () => {
    facts.money({ paymentId: 'cash', orderId: 'o', amount: 340, settledAt: AT });
    facts.money({ paymentId: 'refund', orderId: 'o', amount: 100, settledAt: AT, isRefund: true });
    facts.money({ paymentId: 'pin', orderId: 'o', amount: 500, settledAt: AT, paymentMethodId: 2, methodName: 'PIN', provider: 'pin' });
    facts.money({
      paymentId: 'pin-terminal',
      orderId: 'o',
      amount: 600,
      settledAt: AT,
      paymentMethodId: 2,
      methodName: 'PIN',
      provider: 'pin',
    });
    facts.money({ paymentId: 'other-day', orderId: 'o', amount: 7, settledAt: DAY.to });
    facts.db.prepare('INSERT INTO cash_roundings (payment_id, order_id, difference) VALUES (?, ?, ?)').run('cash', 'o', -2);
    facts.db.prepare('INSERT INTO cash_roundings (payment_id, order_id, difference) VALUES (?, ?, ?)').run('other-day', 'o', 1);
    const hands = facts.db.prepare('INSERT INTO cash_hands (payment_id, staff_id, staff_name, central_by) VALUES (?, ?, ?, ?)');
    hands.run('cash', 'anna', 'Anna de Vries', null);
    hands.run('refund', null, null, 'backoffice-1');
    const terminal = facts.db.prepare(
      `INSERT INTO terminal_payments (service_id, payment_id, order_id, transaction_id, amount, stage, manual, created_at, updated_at)
       VALUES (?, ?, 'o', ?, ?, 'approved', ?, ?, ?)`,
    );
    terminal.run('s1', 'pin', 't1', 500, 1, AT, AT);
    terminal.run('s2', 'pin-terminal', 't2', 600, 0, AT, AT);
    const found = movementsIn(facts.db, DAY).sort((a, b) => a.paymentId.localeCompare(b.paymentId));
    const pin = {
      ...base,
      paymentMethodId: 2,
      methodName: 'PIN',
      provider: 'pin',
      isRefund: false,
      settledAt: AT,
      rounding: 0,
      takenBy: null,
      fromCentral: null,
    };
    expect(found).toEqual([
      {
        ...base,
        paymentId: 'cash',
        isRefund: false,
        amount: 340,
        settledAt: AT,
        rounding: -2,
        takenBy: { staffId: 'anna', name: 'Anna de Vries' },
        fromCentral: null,
      },
      { ...pin, paymentId: 'pin', amount: 500, manual: true },
      { ...pin, paymentId: 'pin-terminal', amount: 600 },
      { ...base, paymentId: 'refund', isRefund: true, amount: 100, settledAt: AT, rounding: 0, takenBy: null, fromCentral: 'backoffice-1' },
    ]);
  });

  it('is empty on a day without money', () => {
    expect(movementsIn(facts.db, DAY)).toEqual([]);
  });
});
