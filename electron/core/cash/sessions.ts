import type { CounterDb } from '../db/database';
import type { CashMovement, OpenSession } from '../../../shared/manager/cash';
import { cashTotal, type CashCount } from '../../../shared/manager/schemas';
import type { Actor } from '../../../shared/manager/types';
import type { SessionFacts } from '../../../domain/reports/drawer';
import { stmt } from '../../../domain/store/sqlite/statements';
import { appendJournal } from './journal';

/**
 * The drawer's sessions and cash movements as stored (docs/api.md §10.2). Each write appends
 * its journal row; the caller holds the transaction (and records the act's audit row in it).
 */

interface SessionRow {
  session_id: string;
  business_date: string;
  opened_at: string;
  opened_by_id: string;
  opened_by_name: string;
  float_count: string;
  float_amount: number;
  closed_at: string | null;
  closed_by_id: string | null;
  closed_by_name: string | null;
  counted_count: string | null;
}

const factsOf = (r: SessionRow): SessionFacts => ({
  sessionId: r.session_id,
  businessDate: r.business_date,
  openedAt: r.opened_at,
  openedBy: { staffId: r.opened_by_id, name: r.opened_by_name },
  float: r.float_amount,
  closedAt: r.closed_at,
  closedBy: r.closed_by_id === null ? null : { staffId: r.closed_by_id, name: r.closed_by_name ?? '' },
  counted: r.counted_count === null ? null : (JSON.parse(r.counted_count) as CashCount),
});

export const openSessionNow = (db: CounterDb): SessionFacts | null => {
  const row = stmt(db, 'SELECT * FROM drawer_sessions WHERE closed_at IS NULL').get() as SessionRow | undefined;
  return row ? factsOf(row) : null;
};

export const sessionById = (db: CounterDb, sessionId: string): SessionFacts | null => {
  const row = stmt(db, 'SELECT * FROM drawer_sessions WHERE session_id = ?').get(sessionId) as SessionRow | undefined;
  return row ? factsOf(row) : null;
};

export const sessionsOf = (db: CounterDb, businessDate: string): SessionFacts[] =>
  (stmt(db, 'SELECT * FROM drawer_sessions WHERE business_date = ? ORDER BY opened_at, session_id').all(businessDate) as SessionRow[]).map(
    factsOf,
  );

export function insertSession(
  db: CounterDb,
  s: { sessionId: string; businessDate: string; at: string; by: Actor; float: CashCount },
): OpenSession {
  stmt(
    db,
    `INSERT INTO drawer_sessions (session_id, business_date, opened_at, opened_by_id, opened_by_name, float_count, float_amount)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(s.sessionId, s.businessDate, s.at, s.by.staffId, s.by.name, JSON.stringify(s.float), cashTotal(s.float));
  appendJournal(db, {
    at: s.at,
    kind: 'sessionOpened',
    subject: s.sessionId,
    state: 'open',
    content: { businessDate: s.businessDate, float: cashTotal(s.float), by: s.by.staffId },
  });
  return { sessionId: s.sessionId, businessDate: s.businessDate, openedAt: s.at, openedBy: s.by, float: cashTotal(s.float) };
}

export function closeSessionRow(
  db: CounterDb,
  s: { sessionId: string; at: string; by: Actor; counted: CashCount; expected: number },
): void {
  stmt(
    db,
    `UPDATE drawer_sessions SET closed_at = ?, closed_by_id = ?, closed_by_name = ?, counted_count = ?, counted_amount = ?, expected_amount = ?
     WHERE session_id = ?`,
  ).run(s.at, s.by.staffId, s.by.name, JSON.stringify(s.counted), cashTotal(s.counted), s.expected, s.sessionId);
  appendJournal(db, {
    at: s.at,
    kind: 'sessionClosed',
    subject: s.sessionId,
    state: 'closed',
    content: { counted: cashTotal(s.counted), expected: s.expected, by: s.by.staffId },
  });
}

interface MovementRow {
  movement_id: string;
  session_id: string | null;
  kind: CashMovement['kind'];
  amount: number;
  reason: string;
  staff_id: string;
  staff_name: string;
  at: string;
}

export const movementsOfDay = (db: CounterDb, businessDate: string): CashMovement[] =>
  (stmt(db, 'SELECT * FROM cash_movements WHERE business_date = ? ORDER BY at, movement_id').all(businessDate) as MovementRow[]).map(
    (r) => ({
      movementId: r.movement_id,
      sessionId: r.session_id,
      kind: r.kind,
      amount: r.amount,
      reason: r.reason,
      by: { staffId: r.staff_id, name: r.staff_name },
      at: r.at,
    }),
  );

export function insertMovement(db: CounterDb, businessDate: string, m: CashMovement): void {
  stmt(db, 'INSERT INTO cash_movements VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)').run(
    m.movementId,
    businessDate,
    m.sessionId,
    m.kind,
    m.amount,
    m.reason,
    m.by.staffId,
    m.by.name,
    m.at,
  );
  appendJournal(db, {
    at: m.at,
    kind: m.kind,
    subject: m.movementId,
    content: { businessDate, sessionId: m.sessionId, amount: m.amount, reason: m.reason, by: m.by.staffId },
  });
}
