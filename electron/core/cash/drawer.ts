import type { CounterDb } from '../db/database';
import type { IpcResult } from '../../../shared/ipc';
import type { BusinessDay, CashMovement, DrawerView, MovementKind, OpenSession, SessionFigures } from '../../../shared/manager/cash';
import { cashTotal, type CashCount } from '../../../shared/manager/schemas';
import type { Actor } from '../../../shared/manager/types';
import { ok, refusal } from '../../../shared/refusals';
import { daySessionFigures } from '../../../domain/reports/drawer';
import { dayBounds } from '../../../domain/reports/timeZone';
import { recordAct } from '../audit';
import type { Movement } from '../../../domain/reports/figures';

/**
 * What the drawer needs of the business day, offered by the manager's area (manager/days.ts
 * keeps drawer_days; docs/architecture.md §2): which day it is, whether it is closed, and the
 * money that moved within an interval (the review index's payments).
 */
export interface DrawerDay {
  today(): string;
  closedToday(): string | null;
  movementsIn(bounds: { from: string; to: string }): Movement[];
}
import { closeSessionRow, insertMovement, insertSession, movementsOfDay, openSessionNow, sessionById, sessionsOf } from './sessions';

/**
 * The drawer's sessions and cash movements (docs/api.md §10.2, docs/counter.md §17). Each act
 * commits with its journal row and its audit row; a closed day refuses them all. A session is
 * closed with a blind count: the expected amount is answered only once the count is stored.
 */
export class CashDrawer {
  constructor(
    private readonly db: CounterDb,
    private readonly days: DrawerDay,
    private readonly timeZone: string,
    private readonly now: () => Date,
    private readonly newId: () => string,
  ) {}

  view(): DrawerView {
    const businessDate = this.days.today();
    const open = openSessionNow(this.db);
    return {
      businessDate,
      session: open && {
        sessionId: open.sessionId,
        businessDate: open.businessDate,
        openedAt: open.openedAt,
        openedBy: open.openedBy,
        float: open.float,
      },
      closedSessions: sessionsOf(this.db, businessDate)
        .filter((x) => x.closedAt !== null)
        .map((x) => this.figuresOf(x.sessionId)!),
      movements: movementsOfDay(this.db, businessDate),
    };
  }

  /** The business day sales go into now, and whether it is closed (for the clerk's start screen). */
  today(): BusinessDay {
    const closed = this.days.closedToday();
    return { businessDate: closed ?? this.days.today(), closed: closed !== null };
  }

  /** Runs an act on an open business day, in one transaction with its audit row. */
  private act<T>(run: (businessDate: string, at: string) => IpcResult<T>): IpcResult<T> {
    return this.db.transaction((): IpcResult<T> => {
      const closed = this.days.closedToday();
      if (closed !== null) return refusal('conflict', 'day.closed', { businessDate: closed });
      const result = run(this.days.today(), this.now().toISOString());
      if (result.ok) recordAct(result.value);
      return result;
    })();
  }

  openSession(float: CashCount, who: Actor): IpcResult<OpenSession> {
    return this.act((businessDate, at) => {
      if (openSessionNow(this.db)) return refusal('conflict', 'cash.sessionOpen', {});
      return ok(insertSession(this.db, { sessionId: this.newId(), businessDate, at, by: who, float }));
    });
  }

  /** The figures of a session as they are now. */
  figuresOf(sessionId: string): SessionFigures | null {
    const s = sessionById(this.db, sessionId);
    if (!s) return null;
    const money = this.days.movementsIn(dayBounds(s.businessDate, this.timeZone));
    // Its day's sessions together: cash taken while none was open counts into the next (docs/counter.md §17).
    const all = daySessionFigures(sessionsOf(this.db, s.businessDate), money, movementsOfDay(this.db, s.businessDate));
    return all.find((x) => x.sessionId === sessionId) ?? null;
  }

  /** Closes the open session with its count (blind: the expected amount comes with the answer). */
  closeSession(counted: CashCount, note: string, who: Actor): IpcResult<SessionFigures> {
    return this.act((_businessDate, at) => {
      const open = openSessionNow(this.db);
      if (!open) return refusal('conflict', 'cash.noSession', {});
      const difference = cashTotal(counted) - this.figuresOf(open.sessionId)!.expected;
      if (difference !== 0 && note.trim() === '') return refusal('invalid', 'day.noteRequired', { difference });
      return ok(this.closeOpen(open.sessionId, counted, who, at));
    });
  }

  /** Closes a session inside the caller's transaction (a session or the day being closed). */
  closeOpen(sessionId: string, counted: CashCount, who: Actor, at: string): SessionFigures {
    const before = this.figuresOf(sessionId)!;
    closeSessionRow(this.db, { sessionId, at, by: who, counted, expected: before.expected });
    return this.figuresOf(sessionId)!;
  }

  move(kind: MovementKind, amount: number, reason: string, who: Actor): IpcResult<CashMovement> {
    return this.act((businessDate, at) => {
      const movement: CashMovement = {
        movementId: this.newId(),
        sessionId: openSessionNow(this.db)?.sessionId ?? null,
        kind,
        amount,
        reason,
        by: who,
        at,
      };
      insertMovement(this.db, businessDate, movement);
      return ok(movement);
    });
  }

  /**
   * "No sale": the opening is recorded (with its journal and audit rows) before the drawer is
   * opened, so a drawer never opens unrecorded; a drawer that then fails to open is said so.
   */
  async noSale(reason: string, who: Actor, openDrawer: (reason: string) => Promise<unknown>): Promise<IpcResult<CashMovement>> {
    const recorded = this.move('noSale', 0, reason, who);
    if (!recorded.ok) return recorded;
    try {
      await openDrawer(reason);
    } catch {
      return refusal('conflict', 'cash.drawerNotOpened', {});
    }
    return recorded;
  }
}
