import { beforeEach, describe, expect, it } from 'vitest';
import type { SyncState } from '../../../shared/ipc';
import { factTables } from '../testing/managerFacts';
import { syncProblems } from './syncProblems';

/** The orders the central does not have, on index rows written directly. */

let facts: ReturnType<typeof factTables>;
beforeEach(() => {
  facts = factTables();
});

const order = (orderId: string, state: SyncState, extra: Parameters<typeof facts.sync>[2] = {}) => {
  facts.fact({ orderId, createdOn: '2026-10-24T08:00:00.000Z', statusId: 4, totalAmount: 980 });
  facts.sync(orderId, state, extra);
};

describe('sync problems', () => {
  it('lists refused (with reasons), set aside and unsent orders, oldest first; not those the central has', () => {
    order('refused', 'rejected', { reasons: [{ detail: 'touchpoint closed', pointer: '/x' }], updatedAt: '2026-10-24T09:00:00.000Z' });
    order('waiting', 'pending', { reasons: [{ detail: 'stale', pointer: '' }], updatedAt: '2026-10-24T10:00:00.000Z' });
    order('aside', 'pending', { updatedAt: '2026-10-24T07:00:00.000Z' });
    order('asideSynced', 'synced', { updatedAt: '2026-10-24T06:00:00.000Z' });
    order('fine', 'synced');
    order('fromCentral', 'central');
    facts.db
      .prepare("UPDATE sync_orders SET set_aside = 1, last_error = 'timeout', failures = 3, attempts = 2 WHERE order_id LIKE 'aside%'")
      .run();
    const problems = syncProblems(facts.db);
    expect(problems.map((p) => [p.orderId, p.kind, p.reasons])).toEqual([
      ['asideSynced', 'setAside', []],
      ['aside', 'setAside', []],
      ['refused', 'rejected', [{ detail: 'touchpoint closed', pointer: '/x' }]],
      ['waiting', 'unsent', []],
    ]);
    expect(problems[1]).toMatchObject({
      orderNumber: 'N-aside',
      statusId: 4,
      totalAmount: 980,
      lastError: 'timeout',
      attempts: 5,
      since: '2026-10-24T07:00:00.000Z',
    });
  });

  it('dates an unsent order from its oldest change still to send', () => {
    order('waiting', 'pending', { updatedAt: '2026-10-24T10:00:00.000Z' });
    const put = facts.db.prepare("INSERT INTO outbox (order_id, change, created_at) VALUES ('waiting', 'update', ?)");
    put.run('2026-10-24T08:30:00.000Z');
    put.run('2026-10-24T08:20:00.000Z');
    expect(syncProblems(facts.db)[0]!.since).toBe('2026-10-24T08:20:00.000Z');
  });

  it('what can be refunded: settled payments less settled and pending refunds', () => {
    order('o', 'pending');
    facts.money({ paymentId: 'paid', orderId: 'o', amount: 980 });
    facts.money({ paymentId: 'pendingPayment', orderId: 'o', amount: 500, state: 'PENDING' });
    facts.money({ paymentId: 'refunded', orderId: 'o', amount: 100, isRefund: true });
    facts.money({ paymentId: 'refunding', orderId: 'o', amount: 40, isRefund: true, state: 'PENDING' });
    facts.money({ paymentId: 'refundFailed', orderId: 'o', amount: 7, isRefund: true, state: 'FAILED' });
    order('nothing', 'pending');
    const refundable = Object.fromEntries(syncProblems(facts.db).map((p) => [p.orderId, p.refundable]));
    expect(refundable).toEqual({ o: 840, nothing: 0 });
  });
});
