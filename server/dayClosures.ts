import type { Database } from 'better-sqlite3';
import type { DayClosure, DayClosureInput } from '../shared/manager/closure';
import { stmt } from '../domain/store/statements';
import type { PageAfter } from '../domain/store/types';

export type Stored = { created: true; closure: DayClosure } | { created: false; closure: DayClosure } | { otherTouchpoint: true };

/**
 * The central's day closes (schema: domain/store/schema/dayClosures.ts), one per close id:
 * the first one sent is kept, a repeat answers it unchanged.
 */
export class DayClosures {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  private get(closeId: string): { touchpointId: number; doc: string } | undefined {
    return stmt(this.db, 'SELECT touchpoint_id AS touchpointId, doc FROM day_closures WHERE close_id = ?').get(closeId) as
      { touchpointId: number; doc: string } | undefined;
  }

  put(input: DayClosureInput, touchpointId: number): Stored {
    const closure: DayClosure = { ...input, touchpointId, receivedOn: this.now().toISOString() };
    const { changes } = stmt(
      this.db,
      `INSERT INTO day_closures (close_id, touchpoint_id, device_id, business_date, closed_at, received_on, doc)
       VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (close_id) DO NOTHING`,
    ).run(input.closeId, touchpointId, input.deviceId, input.businessDate, input.closedAt, closure.receivedOn, JSON.stringify(closure));
    if (changes === 1) return { created: true, closure };
    const existing = this.get(input.closeId)!;
    if (existing.touchpointId !== touchpointId) return { otherTouchpoint: true };
    return { created: false, closure: JSON.parse(existing.doc) as DayClosure };
  }

  /** A touchpoint's closes in (businessDate, closeId) order, from `businessDateFrom` on. */
  list(
    touchpointId: number,
    from: string | undefined,
    limit: number,
    after: PageAfter | null,
  ): { rows: DayClosure[]; next: PageAfter | null } {
    const rows = stmt(
      this.db,
      `SELECT close_id AS closeId, business_date AS businessDate, doc FROM day_closures
       WHERE touchpoint_id = ? AND business_date >= ? AND (business_date, close_id) > (?, ?)
       ORDER BY business_date, close_id LIMIT ?`,
    ).all(touchpointId, from ?? '', after?.key ?? '', after?.orderId ?? '', limit + 1) as {
      closeId: string;
      businessDate: string;
      doc: string;
    }[];
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    return {
      rows: page.map((r) => JSON.parse(r.doc) as DayClosure),
      next: rows.length > limit && last ? { key: last.businessDate, orderId: last.closeId } : null,
    };
  }
}
