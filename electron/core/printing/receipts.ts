import { outstanding, paidIn, paymentState } from '../../../domain/order/money';
import { receiptRows, testPrintRows } from '../../../domain/receipts/layout';
import { opensDrawer, receiptOf, type ReceiptKind, type ReceiptOrder } from '../../../domain/receipts/receipt';
import { receiptLanguage } from '../../../domain/receipts/words';
import { localDateTime } from '../../../domain/reports/timeZone';
import type { PrintAnswer, ReceiptPrintState } from '../../../shared/ipc/printing';
import type { Order } from '../../../shared/schemas/order';
import type { CounterDb } from '../db/database';
import { markFailed, markPrinted, readReceiptPrint } from './receiptPrints';
import type { Drawer } from '../devices';
import { problemOfPrint, type PrinterPort } from '../devices';

/**
 * The counter's receipts (docs/api.md §9.3): each finished sale and each refund prints on a
 * network printer by itself, a clerk prints one again, and the first print that reaches the
 * paper is the original; only a reprint of a printed receipt says DUPLICAAT. Printing never
 * holds up a sale: the payment's answer does not wait for the printer, and what became of the
 * print is kept per receipt, so the screen says why nothing printed.
 */

export interface ReceiptDeskDeps {
  db: CounterDb;
  printer: PrinterPort;
  drawer: Drawer;
  timeZone: string;
  now: () => Date;
  /** The order with what the receipt prints beside it (the terminal's receipt text); null when there is none. */
  loadOrder(orderId: string): Promise<ReceiptOrder | null>;
  /** The counter's touchpoint, named as its catalogue names it; undefined: as the order names it. */
  touchpointName(): string | undefined;
  /** Tells the screens that a receipt's printing changed. */
  changed(orderId: string): void;
}

const answer = (fields: Partial<PrintAnswer> & Pick<PrintAnswer, 'via'>): PrintAnswer => ({
  printed: false,
  duplicate: false,
  problem: null,
  ...fields,
});

export class ReceiptDesk {
  /** Receipts are decided one after the other, so two prints of one receipt never both count as the original. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly deps: ReceiptDeskDeps) {}

  get printerKind() {
    return this.deps.printer.kind;
  }

  state(orderId: string, refundId?: string): ReceiptPrintState {
    const row = readReceiptPrint(this.deps.db, refundId ?? orderId);
    return { printer: this.deps.printer.kind, printed: row?.printedAt != null, problem: row?.printedAt ? null : (row?.problem ?? null) };
  }

  /** Prints a receipt now; null when the order or the refund is not there. */
  print(orderId: string, refundId?: string): Promise<PrintAnswer | null> {
    const run = this.queue.then(() => this.printNow(orderId, refundId));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async printNow(orderId: string, refundId?: string): Promise<PrintAnswer | null> {
    const { db, printer, timeZone, now } = this.deps;
    const order = await this.deps.loadOrder(orderId);
    if (!order) return null;
    const kind: ReceiptKind = refundId ? { type: 'refund', paymentId: refundId } : { type: 'sale' };
    const duplicate = readReceiptPrint(db, refundId ?? orderId)?.printedAt != null;
    const receipt = receiptOf({ order, kind, timeZone, duplicate, touchpointName: this.deps.touchpointName() });
    if (!receipt) return null;
    const outcome = await printer.print(receiptRows(receipt, receiptLanguage(order.language.iso639Code)));
    if (outcome.kind === 'ok' && outcome.value === 'none') return answer({ via: 'none' });
    // The page prints it now (the OS printer): from here on, printing it again is a duplicate.
    if (outcome.kind === 'ok') markPrinted(db, receipt.key, orderId, now().toISOString());
    else markFailed(db, receipt.key, orderId, problemOfPrint(outcome));
    this.deps.changed(orderId);
    if (outcome.kind !== 'ok') return answer({ via: 'printer', duplicate, problem: problemOfPrint(outcome) });
    return outcome.value === 'page' ? answer({ via: 'page', duplicate }) : answer({ via: 'printer', printed: true, duplicate });
  }

  /** The manager's test print: the touchpoint and the time, in the counter's language. */
  async testPrint(languageCode: string): Promise<PrintAnswer> {
    const local = localDateTime(this.deps.now(), this.deps.timeZone);
    const outcome = await this.deps.printer.print(testPrintRows(this.deps.touchpointName() ?? '', local, receiptLanguage(languageCode)));
    if (outcome.kind !== 'ok') return answer({ via: 'printer', problem: problemOfPrint(outcome) });
    return outcome.value === 'printer' ? answer({ via: 'printer', printed: true }) : answer({ via: outcome.value });
  }

  /**
   * What a payment's change sets off at the desk: cash taken or given back opens the drawer; a
   * sale paid in full, or a refund settled, prints its receipt on a network printer (a `system`
   * printer prints when the clerk says so, from the page). Nothing here is waited for.
   */
  afterPayment(order: Order, paymentId: string): void {
    const payment = order.payments.find((p) => p.paymentId === paymentId);
    if (!payment || paymentState(payment) !== 'SETTLED') return;
    if (opensDrawer(payment)) void this.deps.drawer.open();
    if (this.deps.printer.kind !== 'escpos') return;
    if (payment.isRefund) void this.print(order.orderId, payment.paymentId);
    else if (outstanding(order) <= 0 && paidIn(order) > 0 && !this.state(order.orderId).printed) void this.print(order.orderId);
  }
}
