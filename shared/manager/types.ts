import type { CashMovement, SessionFigures } from './cash';
import type { ProblemError } from '../schemas/problem';
import type { AuditValues } from '../ipc/declare';
import type { DayTerminalTotals } from '../ipc/terminal';
import type { RefusalCode, RefusalParams } from '../refusals';
import type { CashCount, ReportName } from './schemas';

/** What the manager's channels answer. Amounts are euro cents; times ISO 8601 UTC; days YYYY-MM-DD local. */

export type SyncStateName = 'pending' | 'synced' | 'rejected' | 'central';

/** A staff member as recorded with what they did (the name as it was then). */
export interface Actor {
  staffId: string;
  name: string;
}

export interface ManagerOrderRow {
  orderId: string;
  orderNumber: string;
  centralOrderNumber: string | null;
  createdOn: string;
  statusId: number;
  /** Who made the order; null for an order made elsewhere (taken in from the central). */
  clerk: Actor | null;
  /** "2× Dagkaart volwassene, 1× Retour stad". */
  lines: string;
  lineCount: number;
  totalAmount: number;
  /** Settled payments less settled refunds. */
  paidAmount: number;
  /** Settled refunds. */
  refundedAmount: number;
  syncState: SyncStateName;
}

/** The whole range under the filters, however many pages it has. */
export interface RangeSummary {
  count: number;
  totalAmount: number;
  paidAmount: number;
  refundedAmount: number;
}

export interface ManagerOrdersPage {
  rows: ManagerOrderRow[];
  /** Give it back as `cursor` for the next page; null: this was the last. */
  next: string | null;
  summary: RangeSummary;
}

export const ORDER_EVENT_KINDS = [
  'created',
  'changed',
  'payment',
  'paymentSettled',
  'paymentFailed',
  'paymentCancelled',
  'refund',
  'refundSettled',
  'delivered',
  'cancelled',
  'deleted',
  'reachedCentral',
  'refusedByCentral',
] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

/** One thing that happened to an order at this counter: who (null: the central or sync), what, when. */
export interface OrderEvent {
  at: string;
  kind: OrderEventKind;
  actor: Actor | null;
  paymentId: string | null;
  /** Cents, for payments and refunds. */
  amount: number | null;
  paymentMethodId: number | null;
  /** Refund reason, the new status, or the central's reasons (as text). */
  detail: string | null;
}

export interface ManagerOrderDetail {
  events: OrderEvent[];
  /** When the central first had the order's latest state; null while not. */
  reachedCentralAt: string | null;
  /** The central's reasons, when it refused the order. */
  refusedReasons: ProblemError[];
}

/** An order as figures and short lists show it. */
export type OrderHeadline = Pick<ManagerOrderRow, 'orderId' | 'orderNumber' | 'createdOn' | 'statusId' | 'totalAmount' | 'clerk'>;

/** An open concept (or awaiting payment) order of an earlier day. */
export type StaleConcept = OrderHeadline;

export interface StaleCancelOutcome {
  cancelled: string[];
  refused: { orderId: string; code: string }[];
}

/** Per payment method: settled payments less settled refunds in the day. */
export interface MethodFigures {
  paymentMethodId: number;
  name: string;
  payments: number;
  paymentCount: number;
  refunds: number;
  refundCount: number;
  /** payments - refunds (for cash the float is in `DayReport.cash`). */
  expected: number;
}

export interface CashFigures {
  float: number;
  /** float + settled cash payments - settled cash refunds. */
  expected: number;
  counted: number | null;
  countedByDenomination: CashCount | null;
  /** counted - expected; null before counting. */
  difference: number | null;
  /** docs/api.md §10.1: the cash rounding within expected (rounded − exact). */
  rounding?: number;
  /** docs/api.md §10.2: cash moved without a sale, within expected; "no sale" openings counted. */
  paidIn?: number;
  paidOut?: number;
  drops?: number;
  noSales?: number;
}

export type DayState = 'notOpened' | 'open' | 'closed';

/** X report (the day so far) or Z report (the closed day): the same figures. */
export interface DayReport {
  businessDate: string;
  timeZone: string;
  /** The day's bounds in UTC (23, 24 or 25 hours). */
  from: string;
  to: string;
  kind: 'X' | 'Z';
  state: DayState;
  openedAt: string | null;
  openedBy: Actor | null;
  closedAt: string | null;
  closedBy: Actor | null;
  note: string | null;
  methods: MethodFigures[];
  /** Of `methods`, the PIN payments confirmed on a stand-alone terminal, totalled apart (docs/api.md §9.2; absent in reports of older versions). */
  manual?: MethodFigures[];
  cash: CashFigures;
  orders: { count: number; byStatus: { statusId: number; count: number }[] };
  failedPayments: number;
  /** When the close reached the central (Z only); null while on its way. */
  reachedCentralAt: string | null;
  generatedAt: string;
  /** docs/api.md §10.2: the day's drawer sessions and its cash movements (absent in reports of older versions). */
  sessions?: SessionFigures[];
  cashMovements?: CashMovement[];
  /** The day's orders not sold: open ones (warned about before a close) and cancelled ones. */
  notSold?: NotSold;
  /** Z: the terminal's totals of the Reconciliation the close made, beside the counter's PIN totals (docs/api.md §9.2). */
  terminal?: DayTerminalTotals;
  /** docs/counter.md §17: each clerk's cash (taken, given back, moved without a sale). */
  clerks?: ClerkCash[];
  /** Refunds made on the central (docs/api.md §7.1), settled in the day: in `methods`, never in the drawer's cash. */
  centralRefunds?: { count: number; amount: number };
}

/** One clerk's cash in a day (X and Z): as handed over (rounded). */
export interface ClerkCash {
  /** Null: cash no clerk of this counter handled (taken before the counter recorded who). */
  clerk: Actor | null;
  /** Cash payments taken, and their count. */
  taken: number;
  payments: number;
  /** Cash refunds given back, and their count. */
  givenBack: number;
  refunds: number;
  paidIn: number;
  paidOut: number;
  drops: number;
  noSales: number;
  /** taken − givenBack + paidIn − paidOut − drops: what this clerk changed in the drawer. */
  net: number;
}

export interface DayStatus {
  businessDate: string;
  timeZone: string;
  state: DayState;
  openedAt: string | null;
  openedBy: Actor | null;
  float: number | null;
  closedAt: string | null;
  closedBy: Actor | null;
  /** Open concept orders of earlier days, offered for cancelling. */
  staleConcepts: number;
}

export interface ClosedDay {
  businessDate: string;
  closedAt: string;
  closedBy: Actor;
  expectedCash: number;
  countedCash: number;
  difference: number;
  net: number;
  reachedCentralAt: string | null;
}

export interface NamedFigure {
  id: string;
  name: string;
  count: number;
  amount: number;
  /** Per product: how many of those sold were returned since (docs/counter.md §19); absent: none. */
  returned?: number;
}

export interface ReportSummary {
  from: string;
  to: string;
  timeZone: string;
  /** Per product: quantity sold (count) and amount, of paid and delivered orders only (docs/api.md §10.2). */
  byProduct: NamedFigure[];
  /** Per payment method: settled payments less settled refunds (count: payments). */
  byMethod: MethodFigures[];
  /** Per clerk who made the orders: count and total. */
  byClerk: NamedFigure[];
  /** Per local hour ("2026-10-25 02:00 +02:00"): orders made and their total. */
  byHour: NamedFigure[];
  byStatus: { statusId: number; count: number }[];
  /** Orders made but not sold, never in the sold figures: still open, and cancelled. */
  notSold?: NotSold;
  refused: { orderId: string; orderNumber: string; reasons: ProblemError[] }[];
}

export interface NotSold {
  open: { count: number; amount: number };
  /** Cancelled without having been paid. */
  cancelled: { count: number; amount: number };
  /** Cancelled by a full refund (absent in reports of older versions, which counted these as cancelled). */
  refunded?: { count: number; amount: number };
}

/**
 * An export as saved (docs/counter.md §10, "Exports"): the file is written where the manager
 * chose, a page of rows at a time; it never crosses IPC itself.
 */
export interface ExportFile {
  fileName: string;
  /** One table: a CSV; several tables: a zip of CSVs, one a table (docs/counter.md §10, "Exports"); or a PDF. */
  mimeType: 'text/csv' | 'application/zip' | 'application/pdf';
  report: ReportName;
  bytes: number;
  /** Where it was saved, for the screen to say; null where the browser downloads it. */
  path: string | null;
  /** The browser shell's one-time address of the file, for the page to download; null elsewhere. */
  download: string | null;
}

/** An export saved, or the save dialog cancelled (nothing written, nothing recorded). */
export type ExportAnswer = ExportFile | { cancelled: true };

export type SyncProblemKind = 'rejected' | 'setAside' | 'unsent';

/** An order the central does not have in its latest state, with why. */
export interface SyncProblem {
  orderId: string;
  orderNumber: string;
  kind: SyncProblemKind;
  statusId: number;
  totalAmount: number;
  /** What may still be refunded (docs/api.md §7.1). */
  refundable: number;
  since: string;
  attempts: number;
  /** The central's reasons (rejected), or the last error (set aside / unsent). */
  reasons: ProblemError[];
  lastError: string | null;
}

/**
 * What the trail keeps of one act: the values its channel's declaration takes of it and the
 * note a person typed (done), or the code of the refusal (refused). Words come from the
 * declaration when the trail is shown (shared/manager/auditText.ts).
 */
export interface AuditFacts {
  values?: AuditValues;
  note?: string;
  refused?: RefusalCode;
  /** The refusal's parameters, to fill its sentence ("The day {businessDate} is closed"). */
  params?: RefusalParams;
}

export interface AuditEntry {
  seq: number;
  at: string;
  actor: Actor | null;
  /** The channel asked for ("payments.refund"). */
  action: string;
  orderId: string | null;
  outcome: 'done' | 'refused';
  detail: AuditFacts | null;
}

export interface AuditPage {
  rows: AuditEntry[];
  next: string | null;
}
