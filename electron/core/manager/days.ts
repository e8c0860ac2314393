import type { CounterDb as Database } from '../db/database';
import type { IpcResult } from '../../../shared/ipc';
import { ok, refusal } from '../../../shared/refusals';
import type { CashCount } from '../../../shared/manager/schemas';
import type { Actor, ClosedDay, DayReport, DayState, DayStatus } from '../../../shared/manager/types';
import { dayReport } from '../../../domain/reports/figures';
import { cashTotal } from '../../../shared/manager/schemas';
import { dayBounds, localDate } from '../../../domain/reports/timeZone';
import { stmt } from '../../../domain/store/sqlite/statements';
import { movementsIn, ordersMadeIn, staleCount } from './queries';

/**
 * The drawer's days: a day opens with a counted float, is closed with the cash counted by
 * denomination (a Z report, frozen and queued for the central in the same transaction), and
 * is read-only once closed. A day that was never opened has a float of nothing.
 */

interface DayRow {
  business_date: string;
  time_zone: string;
  opened_at: string | null;
  opened_by_id: string | null;
  opened_by_name: string | null;
  float_amount: number;
  closed_at: string | null;
  closed_by_id: string | null;
  closed_by_name: string | null;
  close_id: string | null;
  report: string | null;
  reached_central_at: string | null;
}

const actor = (id: string | null, name: string | null): Actor | null => (id === null ? null : { staffId: id, name: name ?? '' });
const stateOf = (row: DayRow | undefined): DayState =>
  !row ? 'notOpened' : row.closed_at ? 'closed' : row.opened_at ? 'open' : 'notOpened';

export class DrawerDays {
  constructor(
    private readonly db: Database,
    private readonly timeZone: string,
    private readonly now: () => Date,
    private readonly newId: () => string,
  ) {}

  today(): string {
    return localDate(this.now(), this.timeZone);
  }

  private row(date: string): DayRow | undefined {
    return stmt(this.db, 'SELECT * FROM drawer_days WHERE business_date = ?').get(date) as DayRow | undefined;
  }

  /** The day sales go into now, when it is closed: nothing may be sold into it. */
  closedToday(): string | null {
    const today = this.today();
    return this.row(today)?.closed_at ? today : null;
  }

  status(): DayStatus {
    const businessDate = this.today();
    const row = this.row(businessDate);
    return {
      businessDate,
      timeZone: this.timeZone,
      state: stateOf(row),
      openedAt: row?.opened_at ?? null,
      openedBy: actor(row?.opened_by_id ?? null, row?.opened_by_name ?? null),
      float: row?.opened_at ? row.float_amount : null,
      closedAt: row?.closed_at ?? null,
      closedBy: actor(row?.closed_by_id ?? null, row?.closed_by_name ?? null),
      staleConcepts: staleCount(this.db, dayBounds(businessDate, this.timeZone).from),
    };
  }

  open(float: CashCount, who: Actor): IpcResult<DayStatus> {
    const businessDate = this.today();
    const row = this.row(businessDate);
    if (row?.closed_at) return refusal('conflict', 'day.closed', { businessDate });
    if (row?.opened_at) return refusal('conflict', 'day.alreadyOpen', { businessDate });
    stmt(
      this.db,
      `INSERT INTO drawer_days (business_date, time_zone, opened_at, opened_by_id, opened_by_name, float_count, float_amount)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(businessDate, this.timeZone, this.now().toISOString(), who.staffId, who.name, JSON.stringify(float), cashTotal(float));
    return ok(this.status());
  }

  /** The figures of a day as they are now (X), or with a count and a closer (Z, not stored here). */
  private figures(businessDate: string, closing: { counted: CashCount; note: string; by: Actor; at: string } | null): DayReport {
    const row = this.row(businessDate);
    const bounds = dayBounds(businessDate, this.timeZone);
    return dayReport({
      businessDate,
      timeZone: this.timeZone,
      kind: closing ? 'Z' : 'X',
      state: closing ? 'closed' : stateOf(row),
      openedAt: row?.opened_at ?? null,
      openedBy: actor(row?.opened_by_id ?? null, row?.opened_by_name ?? null),
      float: row?.float_amount ?? 0,
      closedAt: closing?.at ?? null,
      closedBy: closing?.by ?? null,
      note: closing ? closing.note || null : null,
      counted: closing?.counted ?? null,
      movements: movementsIn(this.db, bounds),
      orders: ordersMadeIn(this.db, bounds, false),
      reachedCentralAt: null,
      generatedAt: this.now().toISOString(),
    });
  }

  xReport(): DayReport {
    return this.figures(this.today(), null);
  }

  /**
   * Closes today: the Z report is frozen as it is now, and queued for the central in the same
   * transaction. A difference between counted and expected cash needs a note.
   */
  close(counted: CashCount, note: string, who: Actor): IpcResult<DayReport> {
    const businessDate = this.today();
    return this.db.transaction((): IpcResult<DayReport> => {
      if (this.row(businessDate)?.closed_at) return refusal('conflict', 'day.alreadyClosed', { businessDate });
      const at = this.now().toISOString();
      const report = this.figures(businessDate, { counted, note, by: who, at });
      const difference = report.cash.difference ?? 0;
      if (difference !== 0 && note.trim() === '') return refusal('invalid', 'day.noteRequired', { difference });
      const closeId = this.newId();
      stmt(
        this.db,
        `INSERT INTO drawer_days (business_date, time_zone, closed_at, closed_by_id, closed_by_name, close_id, report)
         VALUES (@date, @tz, @at, @id, @name, @closeId, @report)
         ON CONFLICT (business_date) DO UPDATE SET closed_at = excluded.closed_at, closed_by_id = excluded.closed_by_id,
           closed_by_name = excluded.closed_by_name, close_id = excluded.close_id, report = excluded.report`,
      ).run({ date: businessDate, tz: this.timeZone, at, id: who.staffId, name: who.name, closeId, report: JSON.stringify(report) });
      stmt(this.db, 'INSERT INTO day_close_outbox (close_id, created_at) VALUES (?, ?)').run(closeId, at);
      return ok(report);
    })();
  }

  /** The Z report of a closed day, as it was closed (a reprint), with when it reached the central. */
  zReport(businessDate: string): IpcResult<DayReport> {
    const row = this.row(businessDate);
    if (!row?.report) return refusal('not-found', 'day.unknown', { businessDate });
    return ok({ ...(JSON.parse(row.report) as DayReport), reachedCentralAt: row.reached_central_at });
  }

  list(before: string | undefined, limit: number): ClosedDay[] {
    const rows = stmt(
      this.db,
      `SELECT * FROM drawer_days WHERE closed_at IS NOT NULL AND business_date < ? ORDER BY business_date DESC LIMIT ?`,
    ).all(before ?? '9999-12-31', limit) as DayRow[];
    return rows.map((row) => {
      const report = JSON.parse(row.report!) as DayReport;
      return {
        businessDate: row.business_date,
        closedAt: row.closed_at!,
        closedBy: actor(row.closed_by_id, row.closed_by_name)!,
        expectedCash: report.cash.expected,
        countedCash: report.cash.counted ?? 0,
        difference: report.cash.difference ?? 0,
        net: report.methods.reduce((total, m) => total + m.expected, 0),
        reachedCentralAt: row.reached_central_at,
      };
    });
  }
}
