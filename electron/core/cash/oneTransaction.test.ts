import { describe, expect, it, vi } from 'vitest';
import { clerk } from '../testing/counter';
import { managerCounter } from '../testing/managerCounter';
import { verifyJournal } from './journal';

/**
 * docs/api.md §10.3: an act, its audit row and its journal row commit in one transaction. A
 * journal write made to fail (a trigger) undoes the act and its audit row with it.
 */

const m = managerCounter('2026-11-27T09:00:00.000Z');
const db = () => m.counter.test.db;
const audit = (action: string) =>
  db().prepare('SELECT outcome, order_id AS orderId FROM audit_log WHERE action = ? ORDER BY seq').all(action) as {
    outcome: string;
    orderId: string | null;
  }[];
const journal = (kind: string) => db().prepare('SELECT subject, state FROM money_journal WHERE kind = ? ORDER BY seq').all(kind);
const failJournal = (kind: string) =>
  db().exec(`CREATE TRIGGER fail_${kind} BEFORE INSERT ON money_journal WHEN NEW.kind = '${kind}' BEGIN SELECT RAISE(ABORT, 'disk'); END;`);

async function paidOrder() {
  await m.asMark();
  await m.call('day.open', { float: { '1000': 1 } });
  const mark = clerk(m.counter);
  const order = await mark.create([{ productId: 600, quantity: 1 }]);
  await mark.pay(order.orderId, order.totalAmount);
  return { mark, order };
}

describe('one transaction for an act, its audit row and its journal row', () => {
  it('a refund commits with its audit row and its journal row', async () => {
    const { mark, order } = await paidOrder();
    const refunded = await mark.refund(order.orderId, 100);
    const refund = refunded.payments.find((p) => p.isRefund)!;
    expect(audit('payments.refund')).toEqual([{ outcome: 'done', orderId: order.orderId }]);
    expect(journal('refund')).toEqual([{ subject: refund.paymentId, state: 'SETTLED' }]);
    expect(verifyJournal(db())).toMatchObject({ ok: true });
  });

  it('a refund whose journal row cannot be written leaves no refund and no audit row of it done', async () => {
    const { order } = await paidOrder();
    failJournal('refund');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const refund = { paymentMethodId: 1, amountDebit: 100, operatorPaymentReference: 'r-1', reason: 'wrong zone' };
    expect(await m.refused('payments.refund', { orderId: order.orderId, refund })).toMatchObject({ kind: 'internal' });
    expect((await m.call('orders.get', { orderId: order.orderId })).order.payments.filter((p) => p.isRefund)).toEqual([]);
    expect(audit('payments.refund')).toEqual([{ outcome: 'refused', orderId: order.orderId }]);
    expect(journal('refund')).toEqual([]);
    vi.restoreAllMocks();
  });

  it('a day close whose journal row cannot be written leaves the day open, nothing queued and no audit row of it done', async () => {
    await paidOrder();
    failJournal('dayClosed');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await m.refused('day.close', { counted: {}, note: 'short' })).toMatchObject({ kind: 'internal' });
    expect(await m.call('day.status', {})).toMatchObject({ state: 'open' });
    expect(db().prepare('SELECT COUNT(*) AS n FROM day_close_outbox').get()).toEqual({ n: 0 });
    expect(audit('day.close')).toEqual([{ outcome: 'refused', orderId: null }]);
    vi.restoreAllMocks();
  });

  it('a day opened commits with its audit row and journal row; refused, it leaves only the refusal', async () => {
    await paidOrder();
    expect(audit('day.open')).toEqual([{ outcome: 'done', orderId: null }]);
    expect(journal('dayOpened')).toEqual([{ subject: '2026-11-27', state: 'open' }]);
    await m.refused('day.open', { float: {} });
    expect(audit('day.open')).toEqual([
      { outcome: 'done', orderId: null },
      { outcome: 'refused', orderId: null },
    ]);
    expect(journal('dayOpened')).toHaveLength(1);
  });
});
