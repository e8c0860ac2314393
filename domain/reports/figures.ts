import type { PaymentStatusCode } from '../../shared/enums';
import { cashTotal, type CashCount } from '../../shared/manager/schemas';
import type { Actor, CashFigures, OrderHeadline, DayReport, DayState, MethodFigures, NamedFigure, ReportSummary } from '../../shared/manager/types';
import type { Order } from '../../shared/schemas/order';
import type { CashMovement, SessionFigures } from '../../shared/manager/cash';
import type { ProblemError } from '../../shared/schemas/problem';
import { paidOut, paymentState } from '../order/money';
import { dayBounds, localHour } from './timeZone';
import { centralRefunds, clerkCash } from './clerkCash';

/**
 * The figures of a manager's day as pure functions over plain facts: the counter computes
 * them from its index tables, a test from generated orders, the renderer may import them.
 * Money belongs to the day it was settled in (a payment taken before midnight and settled
 * after counts the next day); an order to the day it was made.
 */

/** The payment method of the drawer: paid at the counter itself. */
export const CASH_PROVIDER = 'counter';

/** One payment or refund as the figures need it. */
export interface Movement {
  paymentId: string;
  orderId: string;
  paymentMethodId: number;
  methodName: string;
  provider: string;
  isRefund: boolean;
  amount: number;
  state: PaymentStatusCode;
  createdOn: string;
  /** When it became SETTLED (a settled payment never changes again, docs/api.md §7.2); null if never. */
  settledAt: string | null;
  /** When its last status was set. */
  lastAt: string;
  /** Cash only: rounded − exact, as recorded when it was taken (docs/api.md §10.1). */
  rounding?: number;
  /** Cash only: who took it or gave it back at this counter, if recorded. */
  takenBy?: Actor | null;
  /** A refund made on the central: who made it there (docs/api.md §7.1); no cash of the drawer moved. */
  fromCentral?: string | null;
  /** A PIN payment the clerk confirmed on a stand-alone terminal (no terminal configured, docs/api.md §9.2). */
  manual?: boolean;
}

export interface FactLine {
  productId: number;
  productName: string;
  quantity: number;
  amount: number;
  /** How many of the line were returned (docs/api.md §7.1); absent: none. */
  returned?: number;
}

/** One order as the figures need it. */
export interface OrderFact extends OrderHeadline {
  lines: FactLine[];
  /** Settled refunds (docs/api.md §7.1); absent: none. */
  refundedAmount?: number;
}

export function movementsOf(order: Order): Movement[] {
  return order.payments.map((p) => ({
    paymentId: p.paymentId,
    orderId: order.orderId,
    paymentMethodId: p.paymentMethod.paymentMethodId,
    methodName: p.paymentMethod.name,
    provider: p.paymentMethod.provider,
    isRefund: p.isRefund,
    amount: p.amountDebit,
    state: paymentState(p),
    createdOn: p.createdOn,
    settledAt: p.paymentStatuses.find((s) => s.statusCode === 'SETTLED')?.createdOn ?? null,
    lastAt: p.paymentStatuses[0]!.createdOn,
  }));
}

export function orderFactOf(order: Order, clerk: Actor | null): OrderFact {
  return {
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    createdOn: order.createdOn,
    statusId: order.order_OrderStatuses[0]!.orderStatus.orderStatusId,
    totalAmount: order.totalAmount,
    clerk,
    ...(paidOut(order) > 0 && { refundedAmount: paidOut(order) }),
    lines: order.orderLines.map((l) => ({
      productId: l.productId,
      productName: l.productName,
      quantity: l.quantity,
      // A line's amountInclTax is already unit price × quantity (docs/api.md §3.1).
      amount: l.amountInclTax,
      ...(l.returnedQuantity > 0 && { returned: l.returnedQuantity }),
    })),
  };
}

export const linesText = (lines: FactLine[]) => lines.map((l) => `${l.quantity}× ${l.productName}`).join(', ');

/** A test for instants within [from, to), the bounds read once. */
function within(bounds: { from: string; to: string }): (at: string | null) => at is string {
  const from = Date.parse(bounds.from);
  const to = Date.parse(bounds.to);
  return (at): at is string => {
    if (at === null) return false;
    const t = Date.parse(at);
    return t >= from && t < to;
  };
}

/** Per method: the settled payments less the settled refunds settled within the bounds. */
export function methodFigures(movements: Movement[], bounds: { from: string; to: string }): MethodFigures[] {
  const byMethod = new Map<number, MethodFigures>();
  const inBounds = within(bounds);
  for (const m of movements) {
    if (m.state !== 'SETTLED' || !inBounds(m.settledAt)) continue;
    const f = byMethod.get(m.paymentMethodId) ?? {
      paymentMethodId: m.paymentMethodId,
      name: m.methodName,
      payments: 0,
      paymentCount: 0,
      refunds: 0,
      refundCount: 0,
      expected: 0,
    };
    if (m.isRefund) {
      f.refunds += m.amount;
      f.refundCount += 1;
    } else {
      f.payments += m.amount;
      f.paymentCount += 1;
    }
    f.expected = f.payments - f.refunds;
    byMethod.set(m.paymentMethodId, f);
  }
  return [...byMethod.values()].sort((a, b) => a.paymentMethodId - b.paymentMethodId);
}

/**
 * Of `methodFigures`, the PIN payments confirmed by hand on a stand-alone terminal: totalled
 * apart in X and Z (docs/api.md §9.2), inside their method's figures as well, since the money
 * came in by that method.
 */
export const manualFigures = (movements: Movement[], bounds: { from: string; to: string }): MethodFigures[] =>
  methodFigures(
    movements.filter((m) => m.manual === true),
    bounds,
  );

/** Cash moved without a sale, in a day (docs/api.md §10.2). */
export interface DrawerMoves {
  paidIn: number;
  paidOut: number;
  drops: number;
  noSales: number;
}
const NO_MOVES: DrawerMoves = { paidIn: 0, paidOut: 0, drops: 0, noSales: 0 };

export function movementTotals(moves: Pick<CashMovement, 'kind' | 'amount'>[]): DrawerMoves {
  const sum = (kind: CashMovement['kind']) => moves.filter((m) => m.kind === kind).reduce((t, m) => t + m.amount, 0);
  return { paidIn: sum('paidIn'), paidOut: sum('paidOut'), drops: sum('drop'), noSales: moves.filter((m) => m.kind === 'noSale').length };
}

/** A settled cash payment or refund that went through this counter's drawer (not a refund made on the central). */
export const isDrawerCash = (m: Movement) => m.provider === CASH_PROVIDER && m.state === 'SETTLED' && !m.fromCentral;

/** Settled cash payments and refunds within `inside`: exact, their rounding, and as handed over. */
export function cashTaken(money: Movement[], inside: (at: string) => boolean) {
  let exact = 0;
  let rounding = 0;
  for (const m of money) {
    if (!isDrawerCash(m) || m.settledAt === null || !inside(m.settledAt)) continue;
    const sign = m.isRefund ? -1 : 1;
    exact += sign * m.amount;
    rounding += sign * (m.rounding ?? 0);
  }
  return { exact, rounding, handed: exact + rounding };
}

const cashRounding = (money: Movement[], inside: (at: string | null) => boolean) => cashTaken(money, inside).rounding;

/**
 * The drawer: the floats, the cash methods' figures (`methods`, from methodFigures) as handed
 * over (with their `rounding`: drawer.ts cashTaken), and the cash moved without a sale. `countedTotal` overrides the
 * count's worth when the day was counted session by session.
 */
export function cashFigures(
  movements: Movement[],
  methods: MethodFigures[],
  float: number,
  counted: CashCount | null,
  moves: DrawerMoves = NO_MOVES,
  countedTotal: number | null = null,
  rounding = 0,
  centralCash = 0,
): CashFigures {
  const cashIds = new Set(movements.filter((m) => m.provider === CASH_PROVIDER).map((m) => m.paymentMethodId));
  const net = methods
    .filter((f) => cashIds.has(f.paymentMethodId))
    .reduce((total, f) => total + f.expected, 0);
  // A cash refund made on the central is in its method's figures but left no drawer (docs/counter.md §17).
  const expected = float + net + centralCash + rounding + moves.paidIn - moves.paidOut - moves.drops;
  const countedAmount = countedTotal ?? (counted === null ? null : cashTotal(counted));
  return {
    float,
    expected,
    counted: countedAmount,
    countedByDenomination: counted,
    difference: countedAmount === null ? null : countedAmount - expected,
    rounding,
    ...moves,
  };
}

const countBy = <T>(items: T[], key: (item: T) => number) => {
  const counts = new Map<number, number>();
  items.forEach((i) => counts.set(key(i), (counts.get(key(i)) ?? 0) + 1));
  return [...counts.entries()].sort(([a], [b]) => a - b).map(([statusId, count]) => ({ statusId, count }));
};

export interface DayInput {
  businessDate: string;
  timeZone: string;
  kind: 'X' | 'Z';
  state: DayState;
  openedAt: string | null;
  openedBy: Actor | null;
  float: number;
  closedAt: string | null;
  closedBy: Actor | null;
  note: string | null;
  counted: CashCount | null;
  /** At least the movements settled or failed in the day; others are left out here. */
  movements: Movement[];
  /** At least the orders made in the day; others are left out here. */
  orders: Pick<OrderFact, 'statusId' | 'createdOn' | 'totalAmount'>[];
  reachedCentralAt: string | null;
  generatedAt: string;
  /** The day's drawer (docs/api.md §10.2): its sessions' figures, its cash movements, the counts' total. */
  drawer?: { sessions: SessionFigures[]; moves: CashMovement[]; countedTotal: number | null };
}

/** The X report (the day so far) or the Z report (the closed day): one set of figures. */
export function dayReport(input: DayInput): DayReport {
  const bounds = dayBounds(input.businessDate, input.timeZone);
  const inDay = within(bounds);
  const orders = input.orders.filter((o) => inDay(o.createdOn));
  const methods = methodFigures(input.movements, bounds);
  const central = centralRefunds(input.movements, inDay);
  return {
    businessDate: input.businessDate,
    timeZone: input.timeZone,
    ...bounds,
    kind: input.kind,
    state: input.state,
    openedAt: input.openedAt,
    openedBy: input.openedBy,
    closedAt: input.closedAt,
    closedBy: input.closedBy,
    note: input.note,
    methods,
    manual: manualFigures(input.movements, bounds),
    cash: cashFigures(
      input.movements,
      methods,
      input.float,
      input.counted,
      movementTotals(input.drawer?.moves ?? []),
      input.drawer?.countedTotal ?? null,
      cashRounding(input.movements, inDay),
      central.cash,
    ),
    ...(input.drawer && {
      sessions: input.drawer.sessions,
      cashMovements: input.drawer.moves,
      clerks: clerkCash(input.movements, input.drawer.moves, inDay),
    }),
    centralRefunds: { count: central.count, amount: central.amount },
    orders: { count: orders.length, byStatus: countBy(orders, (o) => o.statusId) },
    notSold: notSold(orders),
    failedPayments: input.movements.filter((m) => !m.isRefund && m.state === 'FAILED' && inDay(m.lastAt)).length,
    reachedCentralAt: input.reachedCentralAt,
    generatedAt: input.generatedAt,
  };
}

const CANCELLED = 6;
/** docs/api.md §10.2: sold is what was paid: a paid or delivered order; open and cancelled orders are shown apart. */
const SOLD: ReadonlySet<number> = new Set([4, 5]);
const OPEN: ReadonlySet<number> = new Set([1, 2, 3]);
const isSold = (o: { statusId: number }) => SOLD.has(o.statusId);

/**
 * A cancelled order that had been paid: cancelled by its full refund (docs/api.md §7.1), not
 * sold and not merely cancelled either, so listed apart as refunded.
 */
export const refundedInFull = (o: { statusId: number; refundedAmount?: number }) =>
  o.statusId === CANCELLED && (o.refundedAmount ?? 0) > 0;

/** The orders not sold, apart: still open (concept, awaiting or pending payment), cancelled, and refunded in full. */
export function notSold(orders: Pick<OrderFact, 'statusId' | 'totalAmount' | 'refundedAmount'>[]) {
  const total = (keep: (o: Pick<OrderFact, 'statusId' | 'refundedAmount'>) => boolean) => {
    const kept = orders.filter(keep);
    return { count: kept.length, amount: kept.reduce((t, o) => t + o.totalAmount, 0) };
  };
  return {
    open: total((o) => OPEN.has(o.statusId)),
    cancelled: total((o) => o.statusId === CANCELLED && !refundedInFull(o)),
    refunded: total(refundedInFull),
  };
}

function named<T>(items: T[], id: (i: T) => string, name: (i: T) => string, count: (i: T) => number, amount: (i: T) => number) {
  const figures = new Map<string, NamedFigure>();
  for (const item of items) {
    const key = id(item);
    const f = figures.get(key) ?? { id: key, name: name(item), count: 0, amount: 0 };
    f.count += count(item);
    f.amount += amount(item);
    figures.set(key, f);
  }
  return [...figures.values()];
}

/** Each product's figure with how many of it were returned (docs/counter.md §19), where any were. */
function withReturned(figures: NamedFigure[], lines: FactLine[]): NamedFigure[] {
  const returned = new Map<string, number>();
  for (const l of lines) if (l.returned) returned.set(String(l.productId), (returned.get(String(l.productId)) ?? 0) + l.returned);
  return figures.map((f) => (returned.has(f.id) ? { ...f, returned: returned.get(f.id)! } : f));
}

/** Orders per local hour, in time order: the hour repeated when the clocks go back comes twice. */
function byHour(orders: OrderFact[], timeZone: string): NamedFigure[] {
  const sorted = [...orders].sort((a, b) => Date.parse(a.createdOn) - Date.parse(b.createdOn));
  const hour = (o: OrderFact) => localHour(o.createdOn, timeZone);
  return named(sorted, hour, hour, () => 1, (o) => (isSold(o) ? o.totalAmount : 0));
}

/**
 * The reports of a range of days: per product (quantity and amount of the orders sold: paid or
 * delivered), per payment method (money settled in the range), per clerk and per local hour
 * (orders made, the amount of those sold), orders per status, the orders not sold apart (open,
 * cancelled), and the orders the central refused.
 */
export function reportSummary(input: {
  first: string;
  last: string;
  timeZone: string;
  orders: OrderFact[];
  movements: Movement[];
  refused: { orderId: string; orderNumber: string; reasons: ProblemError[] }[];
}): ReportSummary {
  const bounds = dayBounds(input.first, input.timeZone, input.last);
  const inRange = within(bounds);
  const orders = input.orders.filter((o) => inRange(o.createdOn));
  const sold = orders.filter(isSold);
  const byName = (a: NamedFigure, b: NamedFigure) => a.name.localeCompare(b.name);
  return {
    ...bounds,
    timeZone: input.timeZone,
    byProduct: withReturned(
      named(
        sold.flatMap((o) => o.lines),
        (l) => String(l.productId),
        (l) => l.productName,
        (l) => l.quantity,
        (l) => l.amount,
      ),
      sold.flatMap((o) => o.lines),
    ).sort(byName),
    byMethod: methodFigures(input.movements, bounds),
    byClerk: named(
      orders,
      (o) => o.clerk?.staffId ?? '',
      (o) => o.clerk?.name ?? '',
      () => 1,
      (o) => (isSold(o) ? o.totalAmount : 0),
    ).sort(byName),
    notSold: notSold(orders),
    byHour: byHour(orders, input.timeZone),
    byStatus: countBy(orders, (o) => o.statusId),
    refused: input.refused,
  };
}
