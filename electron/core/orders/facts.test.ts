import { describe, expect, it } from 'vitest';
import { clerk } from '../testing/counter';
import { managerCounter } from '../testing/managerCounter';
import { indexExisting, indexOrder } from './facts';

/**
 * The counter's index of its orders, read back from its tables after each write through the
 * channels: the history of each order with who did it, the facts, lines, money and search keys.
 */

const m = managerCounter();
const single = { productId: 600, quantity: 1 };
const db = () => m.counter.test.db;
const events = (orderId: string) =>
  db().prepare('SELECT kind, staff_id AS who, amount, detail FROM order_events WHERE order_id = ? ORDER BY seq').all(orderId) as {
    kind: string;
    who: string | null;
    amount: number | null;
    detail: string | null;
  }[];
const fact = (orderId: string) =>
  db()
    .prepare(
      `SELECT status_id AS statusId, clerk_id AS clerkId, clerk_name AS clerkName, total_amount AS total, paid_amount AS paid,
         refunded_amount AS refunded, line_count AS lineCount, lines FROM order_facts WHERE order_id = ?`,
    )
    .get(orderId);
const login = (staffId: string, pin: string) => m.counter.dispatch('session.login', { staffId, pin });

describe('an order’s history', () => {
  it('records payments settling and failing, refunds settling, and a change that is none of those', async () => {
    await login('mark', '9999');
    const mark = clerk(m.counter);
    const order = await mark.create([single, single]);
    const failing = await mark.pay(order.orderId, 100, 'pin');
    await mark.paymentStatus(failing.payments[0]!.paymentId, 'FAILED');
    const settling = await mark.pay(order.orderId, 680, 'pin');
    const pinId = settling.payments.find((p) => p.amountDebit === 680)!.paymentId;
    m.clock.advance(60_000);
    await mark.paymentStatus(pinId, 'SETTLED');
    m.clock.advance(60_000);
    const refunding = await mark.refund(order.orderId, 340, 'one not used', 'PENDING');
    await mark.paymentStatus(refunding.payments.find((p) => p.isRefund)!.paymentId, 'SETTLED');
    expect(events(order.orderId)).toEqual([
      { kind: 'created', who: 'mark', amount: null, detail: null },
      { kind: 'payment', who: 'mark', amount: 100, detail: 'PENDING' },
      { kind: 'paymentFailed', who: 'mark', amount: 100, detail: 'FAILED' },
      { kind: 'payment', who: 'mark', amount: 680, detail: 'PENDING' },
      { kind: 'paymentSettled', who: 'mark', amount: 680, detail: 'SETTLED' },
      { kind: 'refund', who: 'mark', amount: 340, detail: 'one not used' },
      { kind: 'refundSettled', who: 'mark', amount: 340, detail: 'SETTLED' },
    ]);
    const settled = db()
      .prepare(
        `SELECT e.at, e.staff_name AS name, e.payment_id AS paymentId, e.payment_method_id AS method FROM order_events e
         WHERE e.order_id = ? AND e.kind = 'paymentSettled'`,
      )
      .get(order.orderId);
    expect(settled).toEqual({ at: '2026-10-24T08:01:00.000Z', name: 'Mark Jansen', paymentId: pinId, method: 2 });
    const pin = db()
      .prepare('SELECT created_on AS createdOn, settled_at AS settledAt, last_at AS lastAt FROM money_facts WHERE payment_id = ?')
      .get(pinId);
    expect(pin).toEqual({
      createdOn: '2026-10-24T08:00:00.000Z',
      settledAt: '2026-10-24T08:01:00.000Z',
      lastAt: '2026-10-24T08:01:00.000Z',
    });
  });

  it('records a cancelled payment, a delivery, and a line added as a change', async () => {
    await login('anna', '1234');
    const anna = clerk(m.counter);
    const order = await anna.create([single]);
    await anna.addLine(order.orderId, single);
    const paying = await anna.pay(order.orderId, 680, 'pin');
    await anna.paymentStatus(paying.payments[0]!.paymentId, 'CANCELLED');
    await anna.pay(order.orderId, 680, 'cash');
    await anna.deliver(order.orderId);
    expect(events(order.orderId).map((e) => e.kind)).toEqual(['created', 'changed', 'payment', 'paymentCancelled', 'payment', 'delivered']);
  });
});

describe('an order’s history, further', () => {
  it('a refund failing is recorded as failed, and a refund on a delivered order records no second delivery', async () => {
    await login('mark', '9999');
    const mark = clerk(m.counter);
    const order = await mark.create([single]);
    await mark.pay(order.orderId, 340, 'cash');
    await mark.deliver(order.orderId);
    const refunding = await mark.refund(order.orderId, 100, 'late', 'PENDING');
    await mark.paymentStatus(refunding.payments.find((p) => p.isRefund)!.paymentId, 'FAILED');
    expect(events(order.orderId).map((e) => [e.kind, e.amount])).toEqual([
      ['created', null],
      ['payment', 340],
      ['delivered', null],
      ['refund', 100],
      ['paymentFailed', 100],
    ]);
  });

  it('an order first seen with payments (taken in from the central) records its creation and each payment', async () => {
    await login('mark', '9999');
    const mark = clerk(m.counter);
    const made = await mark.create([single]);
    const paid = await mark.pay(made.orderId, 340, 'cash');
    db().prepare('DELETE FROM order_facts WHERE order_id = ?').run(made.orderId);
    db().prepare('DELETE FROM money_facts WHERE order_id = ?').run(made.orderId);
    db().prepare('DELETE FROM order_events WHERE order_id = ?').run(made.orderId);
    indexOrder(db(), paid, null);
    expect(events(made.orderId)).toEqual([
      { kind: 'created', who: null, amount: null, detail: null },
      { kind: 'payment', who: null, amount: 340, detail: 'SETTLED' },
    ]);
  });

  it('a payment state the history has no event for is recorded as a change', async () => {
    await login('mark', '9999');
    const mark = clerk(m.counter);
    const made = await mark.create([single]);
    const paying = await mark.pay(made.orderId, 340, 'pin');
    // The index last saw it failed; the order now has it pending again (as no write here makes it).
    db().prepare("UPDATE money_facts SET state = 'FAILED' WHERE order_id = ?").run(made.orderId);
    indexOrder(db(), paying, null);
    expect(events(made.orderId).at(-1)).toEqual({ kind: 'changed', who: null, amount: null, detail: null });
  });
});

describe('the facts of an order', () => {
  it('keep the clerk who made it, count settled payments less settled refunds as paid, and list the lines', async () => {
    await login('anna', '1234');
    const anna = clerk(m.counter);
    const order = await anna.create([single, { productId: 601, quantity: 2, validFrom: '2026-10-24T10:00:00.000Z' }]);
    expect(fact(order.orderId)).toEqual({
      statusId: 1,
      clerkId: 'anna',
      clerkName: 'Anna de Vries',
      total: 1620,
      paid: 0,
      refunded: 0,
      lineCount: 2,
      lines: '1× Enkele reis stad, 2× Retour stad',
    });
    await anna.pay(order.orderId, 1000, 'cash');
    await anna.pay(order.orderId, 620, 'pin');
    await login('mark', '9999');
    await anna.refund(order.orderId, 300, 'late');
    await anna.refund(order.orderId, 40, 'later', 'PENDING');
    expect(fact(order.orderId)).toMatchObject({ clerkId: 'anna', clerkName: 'Anna de Vries', paid: 700, refunded: 300 });
    const lines = db()
      .prepare(
        'SELECT line_no AS n, product_id AS productId, quantity, amount, created_on AS createdOn FROM order_fact_lines WHERE order_id = ? ORDER BY line_no',
      )
      .all(order.orderId);
    expect(lines).toEqual([
      { n: 0, productId: 600, quantity: 1, amount: 340, createdOn: '2026-10-24T08:00:00.000Z' },
      { n: 1, productId: 601, quantity: 2, amount: 1280, createdOn: '2026-10-24T08:00:00.000Z' },
    ]);
    const money = db()
      .prepare(
        `SELECT order_created_on AS orderCreatedOn, payment_method_id AS method, method_name AS name, provider, is_refund AS isRefund, amount, state
         FROM money_facts WHERE order_id = ? ORDER BY amount`,
      )
      .all(order.orderId);
    expect(money).toEqual([
      {
        orderCreatedOn: '2026-10-24T08:00:00.000Z',
        method: 1,
        name: 'Contant',
        provider: 'counter',
        isRefund: 1,
        amount: 40,
        state: 'PENDING',
      },
      expect.objectContaining({ isRefund: 1, amount: 300, state: 'SETTLED' }),
      expect.objectContaining({ method: 2, isRefund: 0, amount: 620, state: 'PENDING' }),
      expect.objectContaining({ method: 1, isRefund: 0, amount: 1000, state: 'SETTLED' }),
    ]);
  });

  it('are searchable by order number and by a pass number typed on a line, and forget a line removed', async () => {
    await login('anna', '1234');
    const anna = clerk(m.counter);
    const order = await anna.create([
      {
        productId: 102,
        quantity: 1,
        validFrom: '2026-10-24T10:00:00.000Z',
        customerTokens: [{ tokenTypeId: 2, passNumber: '3528 9999 0000 1111' }],
      } as never,
      single,
    ]);
    const keys = () =>
      (db().prepare('SELECT key FROM order_search_keys WHERE order_id = ? ORDER BY key').all(order.orderId) as { key: string }[]).map(
        (k) => k.key,
      );
    expect(keys()).toEqual([`no:${order.orderNumber.replace(/\s+/g, '').toLowerCase()}`, 'pass:3528999900001111']);
    await anna.removeLine(order.orderLines[0]!.orderLineId);
    expect(keys()).toEqual([`no:${order.orderNumber.replace(/\s+/g, '').toLowerCase()}`]);
    expect(fact(order.orderId)).toMatchObject({ lineCount: 1, lines: '1× Enkele reis stad' });
  });
});

describe('search keys of registered tokens', () => {
  it('an xTat a line’s token carries is a search key, spaces and case aside', async () => {
    await login('anna', '1234');
    const order = await clerk(m.counter).create([single]);
    const token = { tokenTypeId: 2, transitToken: { xTat: 'AB CD-12' } };
    const withToken = { ...order, orderLines: order.orderLines.map((l) => ({ ...l, customerTokens: [token] })) } as never;
    indexOrder(db(), withToken, null);
    const keys = db().prepare('SELECT key FROM order_search_keys WHERE order_id = ? ORDER BY key').all(order.orderId);
    expect(keys).toEqual([{ key: `no:${order.orderNumber.toLowerCase()}` }, { key: 'xtat:abcd-12' }]);
  });
});

describe('indexing orders held before the index', () => {
  it('indexes each order not yet indexed, once, without making up a history', async () => {
    await login('anna', '1234');
    const order = await clerk(m.counter).create([single]);
    db().prepare('DELETE FROM order_facts WHERE order_id = ?').run(order.orderId);
    db().prepare("DELETE FROM settings WHERE key = 'manager.indexedAll'").run();
    const before = events(order.orderId);
    expect(indexExisting(db())).toBe(1);
    expect(fact(order.orderId)).toMatchObject({ clerkId: null, total: 340 });
    expect(events(order.orderId)).toEqual(before);
    db().prepare('DELETE FROM order_facts WHERE order_id = ?').run(order.orderId);
    expect(indexExisting(db())).toBe(0);
    expect(fact(order.orderId)).toBeUndefined();
  });
});
