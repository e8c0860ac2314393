import type { PaymentStatusCode } from '../../shared/enums';
import type { Order, Payment, PaymentMethod } from '../../shared/schemas/order';
import { cashHandover, roundedAsRecorded, type CashHandover } from '../order/cashRounding';
import { paymentState } from '../order/money';
import { localDateTime } from '../reports/timeZone';

/**
 * What a receipt holds (docs/api.md §9.3), from an order alone: no I/O, so the receipt printer's
 * driver and the renderer's receipt read the same rules. A sale's receipt lists the lines, the
 * total and the payments (cash: tendered and change; PIN: the terminal's receipt text); a
 * refund's receipt says what was given back. A reprint of a printed receipt is a duplicate.
 */

/** A payment as the receipt reads it: the terminal's receipt text and the cash rounding travel with it when known. */
export type ReceiptPayment = Payment & {
  /** The terminal's receipt, decoded to "name: value" lines (docs/api.md §9.2). */
  terminalReceipt?: string[];
  /** Cash rounded to 5 cents: rounded − exact, in cents (docs/api.md §10.1). */
  cashRounding?: number;
};
export type ReceiptOrder = Omit<Order, 'payments'> & { payments: ReceiptPayment[] };

/** Which receipt of an order: the sale's, or one refund's. */
export type ReceiptKind = { type: 'sale' } | { type: 'refund'; paymentId: string };

export interface ReceiptLine {
  name: string;
  quantity: number;
  /** The line's amount including tax, in cents. */
  amount: number;
}

export interface ReceiptPaymentRow {
  paymentId: string;
  method: PaymentMethod;
  cash: boolean;
  isRefund: boolean;
  state: PaymentStatusCode;
  /** In cents; a refund's is what was given back (positive). */
  amount: number;
  /** Cash: what was handed over and the change it gave, in cents. */
  tendered: number | null;
  change: number | null;
  /** Cash rounding in cents (rounded − exact), when not zero. */
  rounding: number | null;
  /** Cash that changed hands once rounded (taken, or given back), when rounding changed it. */
  handed: number | null;
  terminalReceipt: string[];
}

export interface Receipt {
  kind: ReceiptKind['type'];
  /** The key its printed state is kept under: the order's id for a sale, the refund's id for a refund. */
  key: string;
  duplicate: boolean;
  touchpointName: string;
  orderNumber: string;
  /** Local date and time in the counter's time zone: "2026-11-27 20:03". */
  issuedAt: string;
  lines: ReceiptLine[];
  total: number;
  payments: ReceiptPaymentRow[];
  /** A refund's receipt: the amount given back (cash: as handed back, rounded), in cents; null on a sale's. */
  givenBack: number | null;
  /** A return's receipt: what was returned (docs/counter.md §19); empty on a sale's and a refund of money only. */
  returned: { name: string; quantity: number }[];
}

export interface ReceiptInput {
  order: ReceiptOrder;
  kind: ReceiptKind;
  /** The counter's time zone (IANA). */
  timeZone: string;
  /** True for a reprint of a receipt that was printed before. */
  duplicate: boolean;
  /** The touchpoint's name as the counter knows it; default the order's. */
  touchpointName?: string;
}

/** The payments a receipt shows: those that hold money or are on their way (failed and cancelled ones are left out). */
const SHOWN: readonly PaymentStatusCode[] = ['SETTLED', 'PENDING'];

/** Cash has no payment provider: the counter itself is its provider (the catalogue's `counter`). */
export const isCashMethod = (method: PaymentMethod): boolean =>
  method.provider.toLowerCase() === 'counter' || /cash|contant/i.test(method.name);

/**
 * Cash's PSP reference carries what the till saw, the amount handed over in cents
 * ("TENDERED 2000"): kept and synced with the payment, so a reprint still shows the change.
 */
export const cashReference = (tenderedCents: number): string => `TENDERED ${tenderedCents}`;

export function tenderedOf(payment: { pspPaymentReference: string }): number | null {
  const m = /^TENDERED (\d{1,9})$/.exec(payment.pspPaymentReference);
  return m ? Number(m[1]) : null;
}

/** The time a receipt is of: its refund's, or the sale's last settled payment (stable across reprints). */
function issuedAt(order: ReceiptOrder, kind: ReceiptKind): string {
  if (kind.type === 'refund') {
    const refund = order.payments.find((p) => p.paymentId === kind.paymentId);
    return refund?.paymentStatuses[0]?.createdOn ?? order.lastUpdatedOn;
  }
  const settled = order.payments
    .filter((p) => !p.isRefund && paymentState(p) === 'SETTLED')
    .map((p) => p.paymentStatuses[0]!.createdOn)
    .sort();
  return settled.at(-1) ?? order.lastUpdatedOn;
}

/** The cash a cash payment or refund moved, as recorded with it (docs/counter.md §17); null for another method. */
export function cashOf(payment: ReceiptPayment): CashHandover | null {
  if (!isCashMethod(payment.paymentMethod)) return null;
  return cashHandover(payment.amountDebit, roundedAsRecorded(payment.cashRounding), payment.isRefund ? null : tenderedOf(payment));
}

/** An order's payments with the cash rounding recorded for each (by payment id): what receipts and the display read. */
export const withCashRounding = (order: Order, rounding: Readonly<Record<string, number>>): ReceiptOrder => ({
  ...order,
  payments: order.payments.map((p) => (rounding[p.paymentId] ? { ...p, cashRounding: rounding[p.paymentId] } : p)),
});

export function paymentRow(payment: ReceiptPayment): ReceiptPaymentRow {
  const cash = cashOf(payment);
  return {
    paymentId: payment.paymentId,
    method: payment.paymentMethod,
    cash: cash !== null,
    isRefund: payment.isRefund,
    state: paymentState(payment),
    amount: payment.amountDebit,
    tendered: cash?.tendered ?? null,
    change: cash?.change ?? null,
    rounding: cash && cash.rounding !== 0 ? cash.rounding : null,
    handed: cash && cash.rounding !== 0 ? cash.handed : null,
    terminalReceipt: payment.terminalReceipt ?? [],
  };
}

/** The receipt of an order's sale, or of one of its refunds; null when that refund is not on the order. */
export function receiptOf({ order, kind, timeZone, duplicate, touchpointName }: ReceiptInput): Receipt | null {
  const refund = kind.type === 'refund' ? order.payments.find((p) => p.paymentId === kind.paymentId && p.isRefund) : undefined;
  if (kind.type === 'refund' && !refund) return null;
  const shown = refund ? [refund] : order.payments.filter((p) => SHOWN.includes(paymentState(p)));
  return {
    kind: kind.type,
    key: refund ? refund.paymentId : order.orderId,
    duplicate,
    touchpointName: touchpointName ?? order.touchPoint.name,
    orderNumber: order.orderNumber,
    issuedAt: localDateTime(issuedAt(order, kind), timeZone),
    lines: order.orderLines.map((l) => ({ name: l.productName, quantity: l.quantity, amount: l.amountInclTax })),
    total: order.totalAmount,
    payments: shown.map(paymentRow),
    givenBack: refund ? (cashOf(refund)?.handed ?? refund.amountDebit) : null,
    returned: (refund?.lines ?? []).map((r) => ({
      name: order.orderLines.find((l) => l.orderLineId === r.orderLineId)?.productName ?? '',
      quantity: r.quantity,
    })),
  };
}

/** The payments whose settling opens the drawer: cash taken or given back (docs/api.md §9.3). */
export const opensDrawer = (payment: Payment): boolean => isCashMethod(payment.paymentMethod) && paymentState(payment) === 'SETTLED';
