import type { CounterDb as Database } from '../db/database';
import type { IpcResult } from '../../../shared/ipc';
import { ok, refusal } from '../../../shared/refusals';
import type { CashCount } from '../../../shared/manager/schemas';
import type { Actor, ClosedDay, DayReport, DayState, DayStatus } from '../../../shared/manager/types';
import { dayReport, type Movement } from '../../../domain/reports/figures';
import { cashTotal } from '../../../shared/manager/schemas';
import { dayBounds, localDate } from '../../../domain/reports/timeZone';
import { stmt } from '../../../domain/store/sqlite/statements';
import { ordersMadeIn, staleCount, type Bounds } from '../orders';
import { movementsIn } from './dayMoney';
import { recordAct } from '../audit';
import { appendJournal, headHash } from '../cash';
import { closeSessionRow, insertSession, movementsOfDay, openSessionNow, sessionsOf } from '../cash';
import { daySessionFigures } from '../../../domain/reports/drawer';

/**
 * The drawer's days: a day opens with a counted float, is closed with the cash counted by
 * denomination (a Z report, frozen and queued for the central in the same transaction), and
 * is read-only once closed. A day that was never opened has a float of nothing.
 *
 * The business day is the counter's own (docs/api.md §10.2, "Decided here"): the clock's local
 * date, but never before the last day closed. A clock set back after a close lands in the
 * closed day, which refuses every change, instead of reopening yesterday.
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

/** A refusal found after some writes of a transaction: thrown to undo them, answered after. */
class Undo extends Error {
  constructor(readonly answer: IpcResult<never>) {
    super('undone');
  }
}

export class DrawerDays {
  constructor(
    private readonly db: Database,
    private readonly timeZone: string,
    private readonly now: () => Date,
    private readonly newId: () => string,
  ) {}

  /** The clock's day and its [from, to) in ms: asked twice on every sale, so worked out once a day (Intl is not cheap). */
  private clockDay: { day: string; from: number; to: number } | null = null;

  private dayOfClock(): string {
    const now = this.now().getTime();
    const known = this.clockDay;
    if (known && now >= known.from && now < known.to) return known.day;
    const day = localDate(new Date(now), this.timeZone);
    const { from, to } = dayBounds(day, this.timeZone);
    this.clockDay = { day, from: Date.parse(from), to: Date.parse(to) };
    return day;
  }

  today(): string {
    const clockDay = this.dayOfClock();
    const lastClosed = (
      stmt(this.db, 'SELECT MAX(business_date) AS d FROM drawer_days WHERE closed_at IS NOT NULL').get() as { d: string | null }
    ).d;
    return lastClosed !== null && lastClosed > clockDay ? lastClosed : clockDay;
  }

  private row(date: string): DayRow | undefined {
    return stmt(this.db, 'SELECT * FROM drawer_days WHERE business_date = ?').get(date) as DayRow | undefined;
  }

  /** The day sales go into now, when it is closed: nothing may be sold into it. */
  closedToday(): string | null {
    const today = this.today();
    return this.row(today)?.closed_at ? today : null;
  }

  /** Whether the day was closed (the terminal keeps a Reconciliation made after it: terminal/dayClose.ts). */
  isClosed(businessDate: string): boolean {
    return Boolean(this.row(businessDate)?.closed_at);
  }

  /** The money that moved within the bounds, from the review index (the drawer's sessions: cash/drawer.ts). */
  movementsIn(bounds: Bounds): Movement[] {
    return movementsIn(this.db, bounds);
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

  /** Opens today with a counted float: the day, its journal row and the act's audit row commit together. */
  open(float: CashCount, who: Actor): IpcResult<DayStatus> {
    return this.db.transaction((): IpcResult<DayStatus> => {
      const businessDate = this.today();
      const row = this.row(businessDate);
      if (row?.closed_at) return refusal('conflict', 'day.closed', { businessDate });
      if (row?.opened_at) return refusal('conflict', 'day.alreadyOpen', { businessDate });
      const at = this.now().toISOString();
      stmt(
        this.db,
        `INSERT INTO drawer_days (business_date, time_zone, opened_at, opened_by_id, opened_by_name, float_count, float_amount)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ).run(businessDate, this.timeZone, at, who.staffId, who.name, JSON.stringify(float), cashTotal(float));
      // The day's first drawer session opens with the day's float (docs/counter.md §17).
      if (!openSessionNow(this.db)) insertSession(this.db, { sessionId: this.newId(), businessDate, at, by: who, float });
      appendJournal(this.db, {
        at,
        kind: 'dayOpened',
        subject: businessDate,
        state: 'open',
        content: { businessDate, float: cashTotal(float), by: who.staffId },
      });
      const status = this.status();
      recordAct(status);
      return ok(status);
    })();
  }

  /** The figures of a day as they are now (X), or with a count and a closer (Z, not stored here). */
  private figures(businessDate: string, closing: { counted: CashCount; note: string; by: Actor; at: string } | null): DayReport {
    const row = this.row(businessDate);
    const bounds = dayBounds(businessDate, this.timeZone);
    const money = movementsIn(this.db, bounds);
    const moves = movementsOfDay(this.db, businessDate);
    const sessions = sessionsOf(this.db, businessDate);
    const counts = sessions.filter((x) => x.counted !== null).map((x) => cashTotal(x.counted!));
    return dayReport({
      businessDate,
      timeZone: this.timeZone,
      kind: closing ? 'Z' : 'X',
      state: closing ? 'closed' : stateOf(row),
      openedAt: row?.opened_at ?? null,
      openedBy: actor(row?.opened_by_id ?? null, row?.opened_by_name ?? null),
      float: sessions.length > 0 ? sessions.reduce((t, x) => t + x.float, 0) : (row?.float_amount ?? 0),
      closedAt: closing?.at ?? null,
      closedBy: closing?.by ?? null,
      note: closing ? closing.note || null : null,
      counted: closing?.counted ?? null,
      movements: money,
      orders: ordersMadeIn(this.db, bounds, false),
      reachedCentralAt: null,
      generatedAt: this.now().toISOString(),
      drawer: {
        sessions: daySessionFigures(sessions, money, moves),
        moves,
        // Counted session by session: the day's count is the sum of its sessions' counts.
        countedTotal: closing && counts.length > 0 ? counts.reduce((t, c) => t + c, 0) : null,
      },
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
    try {
      return this.closeNow(businessDate, counted, note, who);
    } catch (error) {
      if (error instanceof Undo) return error.answer;
      throw error;
    }
  }

  private closeNow(businessDate: string, counted: CashCount, note: string, who: Actor): IpcResult<DayReport> {
    return this.db.transaction((): IpcResult<DayReport> => {
      if (this.row(businessDate)?.closed_at) return refusal('conflict', 'day.alreadyClosed', { businessDate });
      const at = this.now().toISOString();
      const open = openSessionNow(this.db);
      if (open) {
        // The day's count is the open session's count; written now, undone with the rest if refused below.
        const figures = daySessionFigures(
          sessionsOf(this.db, open.businessDate),
          movementsIn(this.db, dayBounds(open.businessDate, this.timeZone)),
          movementsOfDay(this.db, open.businessDate),
        ).find((x) => x.sessionId === open.sessionId)!;
        closeSessionRow(this.db, { sessionId: open.sessionId, at, by: who, counted, expected: figures.expected });
      }
      const report = this.figures(businessDate, { counted, note, by: who, at });
      const difference = report.cash.difference ?? 0;
      // Thrown, not returned: the session closed above is undone with the transaction.
      if (difference !== 0 && note.trim() === '') throw new Undo(refusal('invalid', 'day.noteRequired', { difference }));
      const closeId = this.newId();
      stmt(
        this.db,
        `INSERT INTO drawer_days (business_date, time_zone, closed_at, closed_by_id, closed_by_name, close_id, report)
         VALUES (@date, @tz, @at, @id, @name, @closeId, @report)
         ON CONFLICT (business_date) DO UPDATE SET closed_at = excluded.closed_at, closed_by_id = excluded.closed_by_id,
           closed_by_name = excluded.closed_by_name, close_id = excluded.close_id, report = excluded.report`,
      ).run({ date: businessDate, tz: this.timeZone, at, id: who.staffId, name: who.name, closeId, report: JSON.stringify(report) });
      stmt(this.db, 'INSERT INTO day_close_outbox (close_id, created_at) VALUES (?, ?)').run(closeId, at);
      appendJournal(this.db, {
        at,
        kind: 'dayClosed',
        subject: businessDate,
        state: 'closed',
        content: { businessDate, closeId, expected: report.cash.expected, counted: report.cash.counted, by: who.staffId },
      });
      // The head after the close's own row: what the central keeps of this counter's journal.
      stmt(this.db, 'UPDATE drawer_days SET journal_head = ? WHERE business_date = ?').run(headHash(this.db), businessDate);
      recordAct(report);
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
