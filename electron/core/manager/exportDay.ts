import type { PinTotals } from '../../../shared/ipc/terminal';
import type { DayReport } from '../../../shared/manager/types';
import { pinNet } from '../../../domain/reports/pin';
import { localDateTime } from '../../../domain/reports/timeZone';
import type { Cell, Report, Table } from './export';
import { reportFrame, wordsOf, type ExportContext } from './exportContext';
import { count, inEuros, methodsTable, money, text } from './reportFiles';

/**
 * The X or Z report of a day as a file (docs/counter.md §10, "Exports"; docs/api.md §10.2): who
 * opened and closed it, money per method, the drawer (floats, cash taken as handed over with its
 * rounding, paid in and out, safe drops, expected, counted), the PIN totals of the terminal and
 * the counter, each drawer session, each clerk's cash, each cash movement, the count by note and
 * coin, and the orders not sold, apart (open, cancelled, refunded in full).
 */
export function dayReportFile(ctx: ExportContext, d: DayReport): Report {
  const w = wordsOf(ctx);
  const at = (iso: string | null) => (iso ? localDateTime(iso, d.timeZone) : null);
  const byAt = (iso: string | null, name: string | undefined) => [at(iso), name].filter(Boolean).join(', ') || null;
  const cash = d.cash;
  const moved = cash.paidIn !== undefined;
  const denominations = Object.entries(cash.countedByDenomination ?? {})
    .filter(([, n]) => (n ?? 0) > 0)
    .sort(([a], [b]) => Number(b) - Number(a));
  const notSold: Table = {
    title: w.notSold,
    columns: [text(w.what, 3), count(w.count), money(inEuros(w, w.amount))],
    rows: d.notSold
      ? [
          [w.open, d.notSold.open.count, d.notSold.open.amount],
          [w.cancelled, d.notSold.cancelled.count, d.notSold.cancelled.amount],
          ...(d.notSold.refunded ? [[w.refundedInFull, d.notSold.refunded.count, d.notSold.refunded.amount]] : []),
        ]
      : [],
  };
  const sessions: Table = {
    title: w.sessions,
    columns: [
      text(w.opened, 2),
      text(w.closed, 2),
      money(inEuros(w, w.float)),
      money(inEuros(w, w.cash)),
      money(inEuros(w, w.rounding)),
      money(inEuros(w, w.paidIn)),
      money(inEuros(w, w.paidOut)),
      money(inEuros(w, w.drops)),
      money(inEuros(w, w.expected)),
      money(inEuros(w, w.counted)),
      money(inEuros(w, w.difference)),
    ],
    rows: (d.sessions ?? []).map((s) => [
      byAt(s.openedAt, s.openedBy.name),
      byAt(s.closedAt, s.closedBy?.name) ?? w.stillOpen,
      s.float,
      s.cashSales,
      s.rounding,
      s.paidIn,
      s.paidOut,
      s.drops,
      s.expected,
      s.counted,
      s.difference,
    ]),
  };
  const movements: Table = {
    title: w.movements,
    columns: [text(w.time, 1.2), text(w.kind, 1.4), money(inEuros(w, w.amount)), text(w.who, 1.4), text(w.reason, 3)],
    rows: (d.cashMovements ?? []).map((m) => [
      at(m.at),
      w.movementKind[m.kind],
      m.kind === 'noSale' ? null : m.amount,
      m.by.name,
      m.reason,
    ]),
  };
  const tables = { notSold, sessions, movements, pin: pinTable(ctx, d.terminal), clerks: clerksTable(ctx, d.clerks) };
  return {
    ...reportFrame(ctx, 'zReport', d.kind === 'Z' ? w.zReport : w.xReport, d.businessDate),
    tables: [
      {
        title: w.day,
        columns: [text(w.what), text(w.value, 2)],
        rows: [
          [w.opened, byAt(d.openedAt, d.openedBy?.name)],
          [w.closed, byAt(d.closedAt, d.closedBy?.name)],
          [w.orders, d.orders.count],
          [w.failedPayments, d.failedPayments],
          ...(moved ? [[w.noSales, cash.noSales ?? 0]] : []),
          [w.note, d.note],
        ],
      },
      methodsTable(ctx, d.methods),
      // docs/api.md §9.2: the stand-alone terminal's confirmations, totalled apart.
      ...(d.manual && d.manual.length > 0 ? [methodsTable(ctx, d.manual, w.manualPin)] : []),
      ...(tables.pin ? [tables.pin] : []),
      {
        title: w.cash,
        columns: [text(w.what, 2), money(inEuros(w, w.amount))],
        rows: [
          [w.float, cash.float],
          ...(cash.rounding !== undefined ? [[w.rounding, cash.rounding]] : []),
          ...(moved
            ? [
                [w.paidIn, cash.paidIn ?? 0],
                [w.paidOut, cash.paidOut ?? 0],
                [w.drops, cash.drops ?? 0],
              ]
            : []),
          [w.expected, cash.expected],
          [w.counted, cash.counted ?? w.notCounted],
          [w.difference, cash.difference],
        ],
      },
      ...(d.sessions ? [tables.sessions] : []),
      ...(tables.clerks ? [tables.clerks] : []),
      ...(d.cashMovements ? [tables.movements] : []),
      {
        title: w.byDenomination,
        columns: [money(inEuros(w, w.denomination)), count(w.count), money(inEuros(w, w.amount))],
        rows: denominations.map(([value, n]) => [Number(value), n ?? 0, Number(value) * (n ?? 0)]),
      },
      tables.notSold,
    ],
  };
}

/**
 * The screen's "PIN: the terminal and the counter" (docs/api.md §9.2): the totals kept with the
 * Z, the terminal's beside the counter's and the ones confirmed by hand, each net by pinNet.
 */
function pinTable(ctx: ExportContext, kept: DayReport['terminal']): Table | null {
  if (!kept) return null;
  const w = wordsOf(ctx);
  const row = (what: string, t: PinTotals): Cell[] => [what, t.debitCount, t.debitAmount, t.refundCount, t.refundAmount, pinNet(t)];
  return {
    title: w.pinTotals,
    columns: [
      text(w.what, 3),
      count(w.payments),
      money(inEuros(w, w.taken)),
      count(w.refunds),
      money(inEuros(w, w.givenBack)),
      money(inEuros(w, w.net)),
    ],
    rows: [
      ...(kept.terminal ? [row(w.terminal, kept.terminal)] : []),
      row(w.counterPin, kept.counter),
      row(w.manualPinRow, kept.manual),
      ...(kept.difference !== null ? [[w.pinDifference, null, null, null, null, kept.difference]] : []),
      ...(kept.error !== null ? [[w.noTerminalTotals, null, null, null, null, null]] : []),
    ],
  };
}

/** The screen's "Cash per clerk" (docs/counter.md §17): each clerk's figures as clerkCash made them. */
function clerksTable(ctx: ExportContext, clerks: DayReport['clerks']): Table | null {
  if (!clerks) return null;
  const w = wordsOf(ctx);
  return {
    title: w.perClerkCash,
    columns: [
      text(w.clerk, 2),
      count(w.payments),
      money(inEuros(w, w.taken)),
      count(w.refunds),
      money(inEuros(w, w.givenBack)),
      money(inEuros(w, w.paidIn)),
      money(inEuros(w, w.paidOut)),
      money(inEuros(w, w.drops)),
      count(w.noSales),
      money(inEuros(w, w.net)),
    ],
    rows: clerks.map((c) => [
      c.clerk?.name ?? w.noClerk,
      c.payments,
      c.taken,
      c.refunds,
      c.givenBack,
      c.paidIn,
      c.paidOut,
      c.drops,
      c.noSales,
      c.net,
    ]),
  };
}
