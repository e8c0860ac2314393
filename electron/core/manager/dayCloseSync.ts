import type { CounterDb as Database } from '../db/database';
import { dayClosure, type DayClosureInput } from '../../../shared/manager/closure';
import type { DayReport } from '../../../shared/manager/types';
import { stmt } from '../../../domain/store/sqlite/statements';
import type { CentralRequests } from '../central';

/**
 * Day closes reach the central like orders: each close is queued in the transaction that
 * closes the day (days.ts) and sent until the central has it. The central keeps one close per
 * closeId, so a send whose answer was lost is simply sent again: it arrives exactly once.
 */

export function closureBody(closeId: string, deviceId: string, report: DayReport, journalHead: string | null = null): DayClosureInput {
  return {
    closeId,
    deviceId,
    businessDate: report.businessDate,
    timeZone: report.timeZone,
    openedAt: report.openedAt,
    closedAt: report.closedAt!,
    closedBy: report.closedBy!,
    note: report.note,
    methods: report.methods,
    cash: {
      float: report.cash.float,
      expected: report.cash.expected,
      counted: report.cash.counted ?? 0,
      difference: report.cash.difference ?? 0,
      countedByDenomination: report.cash.countedByDenomination ?? {},
    },
    orderCount: report.orders.count,
    failedPayments: report.failedPayments,
    ...(journalHead !== null && { journalHeadHash: journalHead }),
    // docs/api.md §10.2: the store's cash outlives the counter.
    ...(report.cashMovements && { cashMovements: report.cashMovements }),
    ...(report.sessions && {
      sessions: report.sessions.map((s) => ({
        sessionId: s.sessionId,
        openedAt: s.openedAt,
        openedBy: s.openedBy,
        closedAt: s.closedAt,
        closedBy: s.closedBy,
        float: s.float,
        expected: s.expected,
        counted: s.counted,
        difference: s.difference,
      })),
    }),
  };
}

/** Sends the queued closes, oldest first. Answers how many arrived; stops at the first without an answer. */
export async function pushDayClosures(db: Database, client: CentralRequests, deviceId: string, now: () => string): Promise<number> {
  const queued = stmt(
    db,
    `SELECT q.close_id AS closeId, d.report, d.journal_head AS journalHead FROM day_close_outbox q JOIN drawer_days d ON d.close_id = q.close_id ORDER BY q.created_at`,
  ).all() as { closeId: string; report: string; journalHead: string | null }[];
  let sent = 0;
  for (const { closeId, report, journalHead } of queued) {
    const answer = await client.request(
      'POST',
      `${client.orderBase}/dayclosures`,
      dayClosure,
      closureBody(closeId, deviceId, JSON.parse(report) as DayReport, journalHead),
    );
    if (answer.kind === 'unknown') break;
    db.transaction(() => {
      if (answer.kind === 'ok') {
        stmt(db, 'DELETE FROM day_close_outbox WHERE close_id = ?').run(closeId);
        stmt(db, 'UPDATE drawer_days SET reached_central_at = ? WHERE close_id = ?').run(now(), closeId);
        sent++;
      } else {
        // Refused (a token the central does not take, say): kept, with why, to be sent again.
        stmt(db, 'UPDATE day_close_outbox SET attempts = attempts + 1, last_error = ? WHERE close_id = ?').run(
          answer.problem.title ?? String(answer.status),
          closeId,
        );
      }
    })();
    if (answer.kind === 'refused') break;
  }
  return sent;
}
