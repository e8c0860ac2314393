import type { CounterDb as Database } from '../db/database';
import type { AuditEntry, AuditFacts } from '../../../shared/manager/types';
import type { StaffMember } from '../../../shared/ipc';
import { stmt } from '../../../domain/store/sqlite/statements';

/** An interval of instants, `from` included, `to` not (ISO strings). */
interface Bounds {
  from: string;
  to: string;
}

/** The audit trail: who did what, when, to which order; and every manager call refused to someone else. */

export interface AuditRecord {
  at: string;
  who: StaffMember | null;
  action: string;
  orderId: string | null;
  outcome: 'done' | 'refused';
  detail: AuditFacts | null;
}

/** The facts as stored: JSON; a row of an older version holds plain text, kept as its note. */
function factsOf(stored: string | null): AuditFacts | null {
  if (stored === null) return null;
  try {
    const parsed: unknown = JSON.parse(stored);
    if (parsed !== null && typeof parsed === 'object') return parsed as AuditFacts;
  } catch {
    // plain text below
  }
  return { note: stored };
}

export function recordAudit(db: Database, r: AuditRecord): void {
  stmt(db, 'INSERT INTO audit_log (at, staff_id, staff_name, action, order_id, outcome, detail) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
    r.at,
    r.who?.staffId ?? null,
    r.who?.name ?? null,
    r.action,
    r.orderId,
    r.outcome,
    r.detail && JSON.stringify(r.detail),
  );
}

export const AUDIT_PAGE_SQL = `SELECT seq, at, staff_id AS staffId, staff_name AS staffName, action, order_id AS orderId, outcome, detail
  FROM audit_log WHERE at >= ? AND at < ? AND seq < ? AND (? IS NULL OR staff_id = ?) AND (? IS NULL OR order_id = ?)
  ORDER BY seq DESC LIMIT ?`;

/** A page of the trail, newest first; `after` is the last seq of the page before. */
export function auditPage(
  db: Database,
  bounds: Bounds,
  filter: { staffId?: string; orderId?: string },
  after: number | null,
  limit: number,
): { rows: AuditEntry[]; next: number | null } {
  const staffId = filter.staffId ?? null;
  const orderId = filter.orderId ?? null;
  const rows = stmt(db, AUDIT_PAGE_SQL).all(
    bounds.from,
    bounds.to,
    after ?? Number.MAX_SAFE_INTEGER,
    staffId,
    staffId,
    orderId,
    orderId,
    limit + 1,
  ) as (Omit<AuditEntry, 'actor' | 'detail'> & { staffId: string | null; staffName: string | null; detail: string | null })[];
  const page = rows.slice(0, limit).map(({ staffId: id, staffName, detail, ...r }) => ({
    ...r,
    actor: id === null ? null : { staffId: id, name: staffName ?? '' },
    detail: factsOf(detail),
  }));
  return { rows: page, next: rows.length > limit ? page[page.length - 1]!.seq : null };
}
