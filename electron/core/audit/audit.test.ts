import { beforeEach, describe, expect, it } from 'vitest';
import { factTables } from '../testing/managerFacts';
import { auditPage, recordAudit, type AuditRecord } from './audit';

/** The audit trail on an in-memory counter database: what is recorded, and its pages newest first. */

const DAY = { from: '2026-10-23T22:00:00.000Z', to: '2026-10-24T22:00:00.000Z' };
const mark = { staffId: 'mark', name: 'Mark Jansen', role: 'manager' as const };
const anna = { staffId: 'anna', name: 'Anna de Vries', role: 'clerk' as const };
let db: ReturnType<typeof factTables>['db'];
beforeEach(() => {
  db = factTables().db;
});
const record = (r: Partial<AuditRecord>) =>
  recordAudit(db, { at: '2026-10-24T08:00:00.000Z', who: mark, action: 'day.close', orderId: null, outcome: 'done', detail: null, ...r });

describe('the audit trail', () => {
  it('records who (or nobody), what, to which order, the outcome and the detail', () => {
    record({ who: anna, action: 'payments.refund', orderId: 'o1', outcome: 'refused', detail: { refused: 'session.managerOnly' } });
    record({ who: null, action: 'sync.retry', at: '2026-10-24T09:00:00.000Z' });
    expect(auditPage(db, DAY, {}, null, 10)).toEqual({
      rows: [
        { seq: 2, at: '2026-10-24T09:00:00.000Z', actor: null, action: 'sync.retry', orderId: null, outcome: 'done', detail: null },
        {
          seq: 1,
          at: '2026-10-24T08:00:00.000Z',
          actor: { staffId: 'anna', name: 'Anna de Vries' },
          action: 'payments.refund',
          orderId: 'o1',
          outcome: 'refused',
          detail: { refused: 'session.managerOnly' },
        },
      ],
      next: null,
    });
  });

  it('keeps the values and note of an act as recorded, and reads a row of an older version (plain text) as its note', () => {
    record({ action: 'payments.refund', detail: { values: { amount: { money: 340 }, method: { method: 1 } }, note: 'late train' } });
    db.prepare(
      "INSERT INTO audit_log (at, action, outcome, detail) VALUES ('2026-10-24T09:00:00.000Z', 'day.close', 'done', 'counted twice')",
    ).run();
    expect(auditPage(db, DAY, {}, null, 10).rows.map((r) => r.detail)).toEqual([
      { note: 'counted twice' },
      { values: { amount: { money: 340 }, method: { method: 1 } }, note: 'late train' },
    ]);
  });

  it('an entry with a staff id but no name recorded shows an empty name', () => {
    db.prepare("INSERT INTO audit_log (at, staff_id, action, outcome) VALUES ('2026-10-24T08:00:00.000Z', 'anna', 'x', 'done')").run();
    expect(auditPage(db, DAY, {}, null, 10).rows[0]!.actor).toEqual({ staffId: 'anna', name: '' });
  });

  it('a page holds the entries of the range, from its first instant up to, not at, its end', () => {
    record({ at: '2026-10-23T21:59:59.999Z', detail: { note: 'before' } });
    record({ at: DAY.from, detail: { note: 'first' } });
    record({ at: '2026-10-24T21:59:59.999Z', detail: { note: 'last' } });
    record({ at: DAY.to, detail: { note: 'after' } });
    expect(auditPage(db, DAY, {}, null, 10).rows.map((r) => r.detail?.note)).toEqual(['last', 'first']);
  });

  it('pages newest first; next is the last seq of a page when more follow, and the next page starts below it', () => {
    for (let i = 1; i <= 5; i++) record({ detail: { note: `${i}` } });
    const first = auditPage(db, DAY, {}, null, 2);
    expect(first.rows.map((r) => r.detail?.note)).toEqual(['5', '4']);
    expect(first.next).toBe(4);
    const second = auditPage(db, DAY, {}, first.next, 2);
    expect(second.rows.map((r) => r.detail?.note)).toEqual(['3', '2']);
    const last = auditPage(db, DAY, {}, second.next, 2);
    expect(last).toMatchObject({ rows: [{ detail: { note: '1' } }], next: null });
    expect(auditPage(db, DAY, {}, null, 5).next).toBeNull();
  });

  it('filters by staff member and by order, each on its own and together', () => {
    record({ who: anna, orderId: 'o1', detail: { note: 'anna o1' } });
    record({ who: mark, orderId: 'o1', detail: { note: 'mark o1' } });
    record({ who: mark, orderId: 'o2', detail: { note: 'mark o2' } });
    const details = (filter: { staffId?: string; orderId?: string }) =>
      auditPage(db, DAY, filter, null, 10).rows.map((r) => r.detail?.note);
    expect(details({ staffId: 'anna' })).toEqual(['anna o1']);
    expect(details({ orderId: 'o1' })).toEqual(['mark o1', 'anna o1']);
    expect(details({ staffId: 'mark', orderId: 'o1' })).toEqual(['mark o1']);
  });
});
